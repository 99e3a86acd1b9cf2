import { UsageError } from '@trackerkit/core/cli';
import type { App } from '../app.ts';
import type { ServerParts } from '../http/server.ts';
import { createProxyDispatcher } from './proxy.ts';
import { RecordingWriter, readRecording } from './recording.ts';
import { createReplayDispatcher } from './replay.ts';

/**
 * What answers `/v1` when it is not this emulator's own state: the upstream of `proxyTo` (recording
 * to `record`), or the recording of `replay`; null for the emulator itself. A combination that
 * cannot work is bad usage (exit 2 from the bin), said before the emulator listens.
 */
export function apiSource(app: App): ServerParts['api'] | null {
  const { proxyTo, record, replay } = app.options;
  const usage = (why: string) => new UsageError(`@trackerkit/emulator: ${why}`);
  if (record !== undefined && proxyTo === undefined)
    throw usage('--record (record) needs --proxy-to (proxyTo): it records what the upstream answers');
  if (replay !== undefined && proxyTo !== undefined)
    throw usage('--replay (replay) and --proxy-to (proxyTo) exclude each other');
  if (replay !== undefined) return createReplayDispatcher(app, readRecording(replay));
  if (proxyTo === undefined) return null;
  let url: URL;
  try {
    url = new URL(proxyTo);
  } catch {
    throw usage(`--proxy-to (proxyTo) must be a base URL such as https://host/v1, got "${proxyTo}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usage(`--proxy-to (proxyTo) must be an http or https URL, got "${proxyTo}"`);
  if (url.search || url.hash)
    throw usage(`--proxy-to (proxyTo) takes a base URL without ?query or #fragment`);
  const writer = record === undefined ? null : new RecordingWriter(record, proxyTo);
  return createProxyDispatcher(app, proxyTo, writer);
}
