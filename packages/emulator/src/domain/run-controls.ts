import { schemaAt } from '@trackerkit/core';
import { refuse } from '../errors/errors.ts';
import { problemsAgainst } from '../validation/schemas.ts';

export interface EmulatorControls {
  score?: number;
  fail?: string;
  delay_ms?: number;
}

const controlsSchema = schemaAt('#/components/schemas/RunTrigger/properties/context/x-emulator-controls');

/** Checks `context.emulator` against the document's `x-emulator-controls` (422 under body.context.emulator). */
export function checkControls(context: Record<string, unknown> | undefined): void {
  if (context && context.emulator !== undefined) {
    refuse('body', problemsAgainst(controlsSchema, context.emulator, ['context', 'emulator']));
  }
}

export function emulatorControls(context: Record<string, unknown> | null): EmulatorControls {
  const value = context?.emulator;
  return value && typeof value === 'object' ? (value as EmulatorControls) : {};
}
