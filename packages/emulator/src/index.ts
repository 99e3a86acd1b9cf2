// Public API of @trackerkit/emulator. Explicit named exports only.

export { signStandardWebhook } from './alerts/signing.ts';
export type { AnalystInput } from './domain/analyst.ts';
export { analyze } from './domain/analyst.ts';
export { signalFor } from './domain/signal.ts';
export { type EmulatorClock, type RunningEmulator, startEmulator } from './emulator.ts';
export type { EmulatorOptions } from './options.ts';
export { extractPdfText } from './vault/pdf-text.ts';
