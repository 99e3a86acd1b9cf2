// Public API of @trackerkit/emulator. Explicit named exports only.

// The emulator signs with core's Standard Webhooks signer; re-exported under its former name.
export { signStandardWebhooks as signStandardWebhook } from '@trackerkit/core';
export type { AnalystInput } from './domain/analyst.ts';
export { analyze } from './domain/analyst.ts';
export type { WebhookChange } from './domain/seed.ts';
export { signalFor } from './domain/signal.ts';
export { type EmulatorClock, type RunningEmulator, startEmulator } from './emulator.ts';
export type { EmulatorOptions } from './options.ts';
export { extractPdfText } from './vault/pdf-text.ts';
