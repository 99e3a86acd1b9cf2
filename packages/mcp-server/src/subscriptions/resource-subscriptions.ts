// resources/subscribe and resources/unsubscribe (2025-era sessions): a client subscribes to the
// URIs resources.ts serves and gets notifications/resources/updated when they change:
//
// - tracker://{tracker_id}: each time one of the tracker's runs finishes (completed or failed), so
//   its newest signal, and any alert the run fired, is there to read;
// - tracker://{tracker_id}/runs/{run_id}: once, when that run finishes.
//
// Each notification's _meta names the run (RUN_UPDATE_META_KEY), so a client knows what to read
// without listing. Subscriptions live as long as the session: a session's are all dropped when it
// closes, and run-watch.ts polls a tracker only while someone in the process is subscribed to it.
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  UriTemplate,
} from '@modelcontextprotocol/server';
import type { Run } from '@trackerkit/core';
import { RUN_URI_TEMPLATE, TRACKER_URI_TEMPLATE } from '../resources/resources.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { describeToolError } from '../tool-api/tool-errors.ts';
import type { RunWatch } from './run-watch.ts';

/** Where a notification says which run finished: its id, status, result and whether it alerted. */
export const RUN_UPDATE_META_KEY = 'io.github.trackerkit/run';

const trackerUri = new UriTemplate(TRACKER_URI_TEMPLATE);
const runUri = new UriTemplate(RUN_URI_TEMPLATE);
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

type Target = { trackerId: string; runId?: string };

export function targetOf(uri: string): Target {
  const run = runUri.match(uri);
  if (run) return { trackerId: one(run.tracker_id), runId: one(run.run_id) };
  const tracker = trackerUri.match(uri);
  if (tracker && !one(tracker.tracker_id).includes('/')) return { trackerId: one(tracker.tracker_id) };
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Cannot subscribe to ${uri}: subscribe to tracker://{tracker_id} or tracker://{tracker_id}/runs/{run_id}.`,
  );
}

/** What a notification carries about the run: enough to decide whether to read the resource. */
export function runUpdate(run: Run) {
  const alerted = run.notification_delivery?.email != null || run.notification_delivery?.webhook != null;
  return {
    run_id: run.run_id,
    status: run.status,
    completed_at: run.completed_at,
    ...(run.result ? { score: run.result.score, signal: run.result.signal } : {}),
    alerted,
  };
}

function notFoundOr(uri: string, error: unknown): never {
  const text = describeToolError(`subscribe to ${uri}`, error);
  if ((error as { status?: unknown }).status === 404) throw new ResourceNotFoundError(uri, text);
  throw new ProtocolError(ProtocolErrorCode.InternalError, text);
}

/** The params of the notifications/resources/updated telling of `run` (every path sends these). */
export const updatedParams = (uri: string, run: Run) => ({
  uri,
  _meta: { [RUN_UPDATE_META_KEY]: runUpdate(run) },
});

/**
 * Starts reporting the finished runs `uri` names, read with `client` (whose token decides what is
 * visible): the one rule of resources/subscribe and subscriptions/listen. Resolves after the
 * baseline poll with the way to stop; rejects with the resource miss (a tracker or run `client`
 * cannot read: -32602, data { uri }), invalid params (not a tracker URI) or an internal error.
 */
export async function watchUri(
  uri: string,
  dependencies: { client: TrackerClientLike; watch: RunWatch; onRun: (run: Run) => void },
): Promise<() => void> {
  const { client, watch, onRun } = dependencies;
  const target = targetOf(uri);
  try {
    // A run's URI must name a run of the service (the tracker's is checked by the first poll).
    if (target.runId) await client.runs.get(target.trackerId, target.runId);
    return await watch.watch(target.trackerId, (run) => {
      if (target.runId === undefined || run.run_id === target.runId) onRun(run);
    });
  } catch (error) {
    notFoundOr(uri, error);
  }
}

/**
 * Serves resources/subscribe and resources/unsubscribe on this server (one session) from the
 * process's RunWatch; returns what drops every subscription of the session.
 */
export function registerResourceSubscriptions(
  server: McpServer,
  dependencies: { client: TrackerClientLike; watch: RunWatch },
): () => void {
  const { client, watch } = dependencies;
  const active = new Map<string, Promise<() => void>>();

  server.server.setRequestHandler('resources/subscribe', async (request) => {
    const uri = request.params.uri;
    if (active.has(uri)) {
      await active.get(uri);
      return {};
    }
    const subscribed = watchUri(uri, {
      client,
      watch,
      onRun: (run) => void server.server.sendResourceUpdated(updatedParams(uri, run)).catch(() => {}),
    });
    active.set(uri, subscribed);
    try {
      await subscribed;
    } catch (error) {
      active.delete(uri);
      throw error;
    }
    return {};
  });

  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    const stop = active.get(request.params.uri);
    active.delete(request.params.uri);
    // Unsubscribing from a URI not subscribed to is a no-op, as in the SDKs' reference servers.
    (await stop?.catch(() => undefined))?.();
    return {};
  });

  return () => {
    for (const stop of active.values()) void stop.then((unwatch) => unwatch()).catch(() => {});
    active.clear();
  };
}
