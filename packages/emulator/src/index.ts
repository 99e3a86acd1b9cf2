// Public API of @trackerkit/emulator. Explicit named exports only.

export type { ConsoleLink } from './console/console-page.ts';
export type { AnalystInput } from './domain/analyst.ts';
export { analyze } from './domain/analyst.ts';
export type { WebhookChange } from './domain/seed.ts';
export { signalFor } from './domain/signal.ts';
export {
  type EmulatorClock,
  type EmulatorFaults,
  type EmulatorRequests,
  OPERATION_IDS,
  type RunningEmulator,
  startEmulator,
} from './emulator.ts';
export type { FaultKind, FaultRule, FaultSpec } from './faults/fault-rules.ts';
export type { InboxAttempt, InboxFilter, InboxMessage } from './inbox/inbox.ts';
export type { JournalExpectation, JournalFilter } from './journal/journal.ts';
export type { JournalBody, JournalEntry } from './journal/journal-entry.ts';
export type { EmulatorOptions } from './options.ts';
export type {
  RecordedBody,
  RecordedExchange,
  RecordedPart,
  RecordingHeader,
} from './record/recording.ts';
export type {
  FixtureRun,
  FixtureSource,
  FixtureSpace,
  Fixtures,
  FixtureTracker,
} from './state/fixture-types.ts';
export type { Loaded } from './state/load-fixtures.ts';
export { extractPdfText } from './vault/pdf-text.ts';
