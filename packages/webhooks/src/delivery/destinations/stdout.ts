import type { DeliveryOutcome, Destination } from '../types.ts';
import { defineDestination } from './define.ts';
import { line } from './file-sink.ts';

/** One JSON line per alert on stdout (logs go to stderr by default, so the two stay apart). */
function createStdoutDestination(config: { name: string }): Destination {
  return {
    name: config.name,
    type: 'stdout',
    async deliver(job): Promise<DeliveryOutcome> {
      process.stdout.write(line(config.name, job));
      return { ok: true, status: null };
    },
  };
}

/** One JSON line per alert on stdout. */
export const stdoutDefinition = defineDestination({
  type: 'stdout',
  integration: null,
  fields: {},
  normalize: (): Record<never, never> => ({}),
  secrets: {},
  create: (config) => createStdoutDestination(config),
});
