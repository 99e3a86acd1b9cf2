// run_tracker's result, for the call and for a run task (run-tasks.ts): a run still going
// (done false, the run_id for get_run) or a finished one.
import type { Run } from '@trackerkit/core';
import { z } from 'zod';
import type { ToolResult } from '../../tool-api/tool-context.ts';

export const output = z.object({
  run_id: z.string(),
  tracker_id: z.string(),
  status: z.string(),
  done: z.boolean(),
  score: z.int().nullable(),
  signal: z.string().nullable(),
  analysis: z.string().nullable(),
  error_message: z.string().nullable(),
  next: z.string().nullable(),
});

type Output = z.infer<typeof output>;

export function pollLater(trackerId: string, runId: string, status: string, why: string): Output {
  return {
    run_id: runId,
    tracker_id: trackerId,
    status,
    done: false,
    score: null,
    signal: null,
    analysis: null,
    error_message: null,
    next: `${why} Call get_run with tracker_id ${trackerId} and run_id ${runId} to see the result.`,
  };
}

function finished(run: Run): Output {
  return {
    run_id: run.run_id,
    tracker_id: run.tracker_id,
    status: run.status,
    done: true,
    score: run.result?.score ?? null,
    signal: run.result?.signal ?? null,
    analysis: run.result?.analysis ?? null,
    error_message: run.error_message,
    next: null,
  };
}

export function render(result: Output): string {
  if (!result.done) return `Run ${result.run_id} is ${result.status}. ${result.next}`;
  if (result.status === 'failed')
    return `Run ${result.run_id} failed: ${result.error_message ?? 'no reason given'}`;
  return `Run ${result.run_id} completed: score ${result.score} (${result.signal}). ${result.analysis ?? ''}`.trim();
}

/** The tool result of a finished run: run_tracker's, and a run task's result. */
export function finishedRunResult(run: Run): ToolResult<Output> {
  const result = finished(run);
  // A failed run is a failed call: the model must not read it as a signal.
  return { structured: result, text: render(result), isError: result.status === 'failed' };
}
