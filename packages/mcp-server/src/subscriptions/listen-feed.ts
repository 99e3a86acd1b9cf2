// subscriptions/listen (2026-07-28) over HTTP: the SDK's createMcpHandler owns the stream (the
// ack, the filter, the subscription id, keep-alives, teardown) and delivers what is published on
// its event bus; it does not say which resources an open stream asked for. This module reads that
// from the listen request itself, before the handler sees it, and polls those trackers (run-watch.ts)
// for as long as the stream is open: the baseline poll is taken before the ack is sent, and the
// stream closing (the client's close, a disconnect) stops the watch. A URI that names no tracker
// of the service is acknowledged by the SDK and never updated.
import type { ServerEventBus } from '@modelcontextprotocol/server';
import { RUN_UPDATE_META_KEY, runUpdate, targetOf } from './resource-subscriptions.ts';
import type { RunWatch } from './run-watch.ts';

/** The resource URIs a subscriptions/listen request (its parsed body) asks for; none for any other. */
export function listenedUris(message: unknown): string[] {
  const request = message as {
    method?: unknown;
    params?: { notifications?: { resourceSubscriptions?: unknown } };
  };
  if (request?.method !== 'subscriptions/listen') return [];
  const uris = request.params?.notifications?.resourceSubscriptions;
  return Array.isArray(uris)
    ? [...new Set(uris.filter((uri): uri is string => typeof uri === 'string'))]
    : [];
}

/**
 * Watches the URIs of one listen stream until `closed` aborts; resolves once every baseline poll
 * answered (or failed: a failure is reported, and that URI is not watched).
 */
export async function feedListenStream(
  uris: readonly string[],
  dependencies: {
    watch: RunWatch;
    bus: ServerEventBus;
    closed: AbortSignal;
    onError: (uri: string, error: unknown) => void;
  },
): Promise<void> {
  const { watch, bus, closed, onError } = dependencies;
  await Promise.all(
    uris.map(async (uri) => {
      let target: ReturnType<typeof targetOf>;
      try {
        target = targetOf(uri);
      } catch {
        return; // not a URI this server serves: nothing to watch
      }
      try {
        const stop = await watch.watch(target.trackerId, (run) => {
          if (target.runId !== undefined && run.run_id !== target.runId) return;
          bus.publish({
            kind: 'resource_updated',
            uri,
            params: { uri, _meta: { [RUN_UPDATE_META_KEY]: runUpdate(run) } },
          });
        });
        if (closed.aborted) stop();
        else closed.addEventListener('abort', stop, { once: true });
      } catch (error) {
        onError(uri, error);
      }
    }),
  );
}
