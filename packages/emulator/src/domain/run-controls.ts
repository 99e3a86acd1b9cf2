import { resolvePointer } from '../validation/document.ts';
import { validateAgainst } from '../validation/request-validator.ts';

export interface EmulatorControls {
  score?: number;
  fail?: string;
  delay_ms?: number;
}

const controlsSchema = (() => {
  const context = resolvePointer('#/components/schemas/RunTrigger/properties/context') as Record<
    string,
    unknown
  >;
  const spec = context['x-emulator-controls'] as { properties: Record<string, unknown> };
  return { type: 'object', properties: spec.properties };
})();

/** Checks `context.emulator` against the document's `x-emulator-controls` (422 under body.context.emulator). */
export function checkControls(context: Record<string, unknown> | undefined): void {
  if (context && context.emulator !== undefined) {
    validateAgainst(controlsSchema, context.emulator, ['body', 'context', 'emulator']);
  }
}

export function emulatorControls(context: Record<string, unknown> | null): EmulatorControls {
  const value = context?.emulator;
  return value && typeof value === 'object' ? (value as EmulatorControls) : {};
}
