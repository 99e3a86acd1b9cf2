// run_tracker's task backing: the service's run (task-protocol.ts serves the extension). A task is
// the run plus a sealed handle naming the tracker and the run, so any replica answers for it from
// the service and a client may disconnect and come back anywhere.
//
// The run's states: pending or running → `working`; completed → `completed` with run_tracker's
// result; failed → `completed` with that result marked isError (the extension keeps `failed` for
// protocol errors: a run that failed is a tool result the model must read). A run gone from the
// service (deleted) → `failed`.
//
// tasks/cancel: the service offers no way to stop a run (DELETE removes the run and its record,
// and whether it stops the work or its cost is not documented), so cancel is acknowledged, as the
// extension allows (cancellation is cooperative), and changes nothing: the run goes on, the task
// still ends with its result, and its statusMessage says so. A run never asks for input: an update
// has nothing to deliver and is only acknowledged.
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Run } from '@trackerkit/core';
import { z } from 'zod';
import type { TaskBacking, TaskState } from '../../tool-api/task-backing.ts';
import { finishedRunResult } from './run-result.ts';

/** How often a client should ask: runs take minutes, and every tasks/get is a request to the service. */
const TASK_POLL_INTERVAL_MS = 5000;

const NOT_STOPPED = 'Cancelling does not stop it: the service has no way to stop a run.';

const runFields = z.object({ trackerId: z.string(), runId: z.string() });
type RunFields = z.infer<typeof runFields>;

/** The task's state for a run as the service reports it now. */
function stateOfRun(run: Run, createdAt: number): TaskState {
  if (run.status === 'completed' || run.status === 'failed') {
    return {
      status: 'completed',
      statusMessage: `Run ${run.run_id} ${run.status}.`,
      lastUpdatedAt: run.completed_at ?? undefined,
      result: finishedRunResult(run),
    };
  }
  return {
    status: 'working',
    statusMessage: `Run ${run.run_id} is ${run.status} on the service. ${NOT_STOPPED}`,
    lastUpdatedAt: run.started_at ?? new Date(createdAt).toISOString(),
  };
}

export const runTaskBacking: TaskBacking<RunFields> = {
  kind: 'run',
  fields: runFields,
  // The task lasts as long as its run is kept by the service.
  ttlMs: null,
  pollIntervalMs: TASK_POLL_INTERVAL_MS,
  async state({ trackerId, runId }, { client, createdAt }) {
    let run: Run;
    try {
      run = await client.runs.get(trackerId, runId);
    } catch (error) {
      if ((error as { status?: unknown }).status !== 404) throw error;
      return {
        status: 'failed',
        statusMessage: `Run ${runId} is no longer on the service (deleted).`,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: `Run ${runId} of tracker ${trackerId} is no longer on the service: it was deleted, and with it its result.`,
        },
      };
    }
    return stateOfRun(run, createdAt);
  },
  async cancel() {},
};
