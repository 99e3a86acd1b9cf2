import {
  type DeleteEnvelope,
  type ListRunsQuery,
  paginate,
  type ReasoningMode,
  type Run,
  type RunAsyncResponse,
  type RunList,
  type RunSyncResponse,
  type RunTrigger,
  RunWaitTimeout,
  WAIT_DEFAULTS,
  type WaitOptions,
  waitForRun,
} from '@trackerkit/core';
import { TrackerTimeoutError, validationError } from '../errors.ts';
import { type CallOptions, call } from '../http/typed.ts';
import { checkZenSync, validateQuery, validateRunTrigger } from '../validate/requests.ts';
import type { ClientContext } from './context.ts';
import type { TrackersApi } from './trackers.ts';

export interface TriggerOptions extends CallOptions {
  /**
   * The tracker's reasoning mode, when the caller knows it. Without it a `sync: true` trigger first
   * fetches the tracker, because zen trackers run asynchronously only.
   */
  reasoningMode?: ReasoningMode | undefined;
}

export interface RunsApi {
  trigger(
    trackerId: string,
    body: RunTrigger & { sync: true },
    options?: TriggerOptions,
  ): Promise<RunSyncResponse>;
  trigger(
    trackerId: string,
    body?: RunTrigger & { sync?: false },
    options?: TriggerOptions,
  ): Promise<RunAsyncResponse>;
  trigger(
    trackerId: string,
    body?: RunTrigger,
    options?: TriggerOptions,
  ): Promise<RunSyncResponse | RunAsyncResponse>;
  list(trackerId: string, query?: ListRunsQuery, options?: CallOptions): Promise<RunList>;
  listAll(
    trackerId: string,
    query?: ListRunsQuery,
    options?: CallOptions,
  ): AsyncGenerator<Run, void, undefined>;
  get(trackerId: string, runId: string, options?: CallOptions): Promise<Run>;
  delete(trackerId: string, runId: string, options?: CallOptions): Promise<DeleteEnvelope>;
  /** Polls until the run is `completed` or `failed`; a timeout throws TrackerTimeoutError with the runId. */
  wait(trackerId: string, runId: string, options?: WaitOptions): Promise<Run>;
  /** Triggers asynchronously, then waits. */
  triggerAndWait(trackerId: string, body?: RunTrigger, options?: WaitOptions): Promise<Run>;
}

export function createRunsApi(ctx: ClientContext, trackers: TrackersApi): RunsApi {
  const { transport, clock } = ctx;

  async function trigger(trackerId: string, body?: RunTrigger, options?: TriggerOptions) {
    validateRunTrigger(body);
    if (body?.sync === true) {
      const mode =
        options?.reasoningMode ?? (await trackers.get(trackerId, options)).agent_config.reasoning_mode;
      checkZenSync(true, mode);
    }
    return call(
      transport,
      'POST',
      '/api/trackers/{tracker_id}/runs',
      {
        params: { tracker_id: trackerId },
        body,
      },
      options,
    );
  }

  const list: RunsApi['list'] = async (trackerId, query, options) => {
    validateQuery('listRuns', query);
    return call(
      transport,
      'GET',
      '/api/trackers/{tracker_id}/runs',
      {
        params: { tracker_id: trackerId },
        query,
      },
      options,
    );
  };

  const get: RunsApi['get'] = (trackerId, runId, options) =>
    call(
      transport,
      'GET',
      '/api/trackers/{tracker_id}/runs/{run_id}',
      {
        params: { tracker_id: trackerId, run_id: runId },
      },
      options,
    );

  /** `startedAt`: when the timeout started counting (triggerAndWait counts the trigger too). */
  const wait = (trackerId: string, runId: string, options?: WaitOptions, startedAt?: number) =>
    waitForRun((signal) => get(trackerId, runId, { signal }), runId, clock, options, startedAt).catch(
      (error: unknown) => {
        if (error instanceof RunWaitTimeout)
          throw new TrackerTimeoutError(error.message, error.timeoutMs, error.runId);
        throw error;
      },
    );

  return {
    trigger: trigger as RunsApi['trigger'],
    list,
    listAll: (trackerId, query = {}, options) => paginate(query, (q) => list(trackerId, q, options)),
    get,
    delete: (trackerId, runId, options) =>
      call(
        transport,
        'DELETE',
        '/api/trackers/{tracker_id}/runs/{run_id}',
        {
          params: { tracker_id: trackerId, run_id: runId },
        },
        options,
      ),
    wait: (trackerId, runId, options) => wait(trackerId, runId, options),
    async triggerAndWait(trackerId, body, options) {
      if (body?.sync === true) {
        throw validationError(
          'sync',
          'triggerAndWait triggers asynchronously',
          'leave sync out or set it to false',
        );
      }
      // `timeoutMs` bounds the whole wait, trigger included; the POST keeps the client's per-request
      // timeout unless the wait allows less.
      const started = clock.now();
      const total = options?.timeoutMs ?? WAIT_DEFAULTS.timeoutMs;
      const accepted = (await trigger(trackerId, body, {
        signal: options?.signal,
        timeoutMs: Math.min(transport.config.timeoutMs, total),
      })) as RunAsyncResponse;
      return wait(trackerId, accepted.run_id, options, started);
    },
  };
}
