import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DeliveryJob, DeliveryOutcome, Destination } from '../types.ts';

function line(destination: string, job: DeliveryJob): string {
  return `${JSON.stringify({
    destination,
    idempotency_key: job.idempotencyKey,
    summary: `${job.summary.title}: ${job.summary.headline}`,
    event: job.event,
  })}\n`;
}

/** One JSON line per alert, appended to a file. */
export function createFileDestination(config: { name: string; path: string }): Destination {
  return {
    name: config.name,
    type: 'file',
    async deliver(job): Promise<DeliveryOutcome> {
      try {
        await mkdir(dirname(config.path), { recursive: true });
        await appendFile(config.path, line(config.name, job));
        return { ok: true, status: null };
      } catch (error) {
        return { ok: false, retryable: true, status: null, error: `file: ${(error as Error).message}` };
      }
    },
  };
}

/** One JSON line per alert on stdout (logs go to stderr by default, so the two stay apart). */
export function createStdoutDestination(config: { name: string }): Destination {
  return {
    name: config.name,
    type: 'stdout',
    async deliver(job): Promise<DeliveryOutcome> {
      process.stdout.write(line(config.name, job));
      return { ok: true, status: null };
    },
  };
}
