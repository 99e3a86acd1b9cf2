import { type FileHandle, open as fsOpen, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { inertText } from '../../alerts/inert-text.ts';
import type { DeliveryJob, DeliveryOutcome, Destination } from '../types.ts';
import { defineDestination } from './define.ts';

/** The JSON line a file or stdout destination writes for one alert. */
export function line(destination: string, job: DeliveryJob): string {
  return `${JSON.stringify({
    destination,
    idempotency_key: job.idempotencyKey,
    // The line a person reads in a terminal or a log viewer, which link plain text too; the
    // event stays as the service sent it.
    summary: inertText(`${job.summary.title}: ${job.summary.headline}`),
    event: job.event,
  })}\n`;
}

/**
 * One JSON line per alert, appended to a file. The file stays open and lines handed over in the
 * same turn go out in one write; each delivery resolves once its line was written. A reload
 * (SIGHUP) reopens it, so a rotated file is picked up as log files are.
 */
function createFileDestination(config: { name: string; path: string }): Destination {
  let handle: Promise<FileHandle> | undefined;
  let batch: { text: string; done: Promise<void> } | undefined;
  const open = () => {
    handle ??= mkdir(dirname(config.path), { recursive: true }).then(() => fsOpen(config.path, 'a'));
    // A failed open is tried again by the next delivery (a missing mount, a permission fixed).
    handle.catch(() => {
      handle = undefined;
    });
    return handle;
  };
  // While a write is out, lines gather for the next one: one write per batch, in order.
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  const append = (text: string): Promise<void> => {
    if (batch) {
      batch.text += text;
      return batch.done;
    }
    if (!busy) {
      busy = true;
      writing = open()
        .then((h) => h.write(text))
        .then(() => {})
        .finally(() => {
          busy = false;
        });
      return writing;
    }
    const current = { text, done: Promise.resolve() };
    current.done = writing
      .catch(() => {})
      .then(async () => {
        batch = undefined;
        busy = true;
        try {
          await (await open()).write(current.text);
        } finally {
          busy = false;
        }
      });
    batch = current;
    writing = current.done;
    return current.done;
  };
  return {
    name: config.name,
    type: 'file',
    async deliver(job): Promise<DeliveryOutcome> {
      try {
        await append(line(config.name, job));
        return { ok: true, status: null };
      } catch (error) {
        return { ok: false, retryable: true, status: null, error: `file: ${(error as Error).message}` };
      }
    },
    async close() {
      const current = handle;
      handle = undefined;
      await batch?.done.catch(() => {});
      await (await current?.catch(() => undefined))?.close();
    },
  };
}

/** Appends one JSON line per alert to a file. */
export const fileDefinition = defineDestination({
  type: 'file',
  integration: null,
  fields: { path: z.string().min(1) },
  normalize: (d): { path: string } => ({ path: d.path }),
  secrets: { path: false },
  create: (config) => createFileDestination(config),
});
