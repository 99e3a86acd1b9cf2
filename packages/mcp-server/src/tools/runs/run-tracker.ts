import { z } from 'zod';
import type { ToolContext } from '../../tool-api/tool-context.ts';
import { CREATES, defineTool } from '../../tool-api/tool-definition.ts';
import { PartialSuccessError } from '../../tool-api/tool-errors.ts';
import { documentField } from '../shared/document-fields.ts';
import { trackerId } from '../shared/schemas.ts';
import { finishedRunResult, output, pollLater, render } from './run-result.ts';
import { runTaskBacking } from './run-tasks.ts';

/**
 * Without a progress token the client's request timeout (60 s by default) is never extended, and
 * the server's call deadline (50 s) applies: the wait ends well before both.
 */
const WAIT_WITHOUT_PROGRESS_SECONDS = 40;
const WAIT_MAX_SECONDS = 3600;

async function waitWithProgress(trackerId: string, runId: string, seconds: number, context: ToolContext) {
  const startedAt = Date.now();
  let status = 'pending';
  const report = () => {
    const elapsed = Math.round((Date.now() - startedAt) / 1000);
    // Progress must grow with every notification: elapsed milliseconds do, even within a second.
    return context.reportProgress(
      Date.now() - startedAt + 1,
      seconds * 1000,
      `Run ${runId} ${status} (${elapsed}s)`,
    );
  };
  await report();
  const heartbeat = setInterval(() => void report().catch(() => {}), context.options.progressIntervalMs);
  try {
    return await context.client.runs.wait(trackerId, runId, {
      timeoutMs: seconds * 1000,
      signal: context.signal,
      onPoll: (run) => {
        status = run.status;
      },
    });
  } catch (error) {
    if ((error as { name?: unknown }).name === 'TrackerTimeoutError') return status;
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

export const runTracker = defineTool({
  name: 'run_tracker',
  title: 'Run a tracker',
  description:
    'Start a run and by default wait for its score, signal and analysis, with progress. A failed run is an error. If it outlasts the wait: done=false and the run_id for get_run. Costs quants.',
  toolset: 'runs',
  operationId: 'triggerRun',
  input: z.strictObject({
    tracker_id: trackerId,
    wait: z.boolean().default(true).describe('false: return the run_id at once.'),
    wait_seconds: z
      .int()
      .min(1)
      .max(WAIT_MAX_SECONDS)
      .default(WAIT_WITHOUT_PROGRESS_SECONDS)
      .describe(`Longest wait; over ${WAIT_WITHOUT_PROGRESS_SECONDS}s only with progress.`),
    context: documentField('RunTrigger', 'context').optional(),
  }),
  output,
  annotations: CREATES,
  reportsProgress: true,
  // A client that takes tasks gets the run as a task at once (run-tasks.ts), not a wait.
  task: {
    backing: runTaskBacking,
    async start(args, { client }) {
      const body = args.context === undefined ? { sync: false } : { sync: false, context: args.context };
      const accepted = await client.runs.trigger(args.tracker_id, body);
      const result = pollLater(args.tracker_id, accepted.run_id, accepted.status, 'Started as a task.');
      return {
        fields: { trackerId: args.tracker_id, runId: accepted.run_id },
        statusMessage: `Run ${accepted.run_id} of tracker ${args.tracker_id} started.`,
        result: { structured: result, text: render(result) },
      };
    },
  },
  async handler(args, context) {
    const body = args.context === undefined ? { sync: false } : { sync: false, context: args.context };
    const accepted = await context.client.runs.trigger(args.tracker_id, body);
    if (!args.wait) {
      const result = pollLater(args.tracker_id, accepted.run_id, accepted.status, 'Started.');
      return { structured: result, text: render(result) };
    }
    // Without progress the call deadline applies: the wait ends at four fifths of it.
    const seconds = context.canReportProgress
      ? args.wait_seconds
      : Math.max(
          1,
          Math.min(
            args.wait_seconds,
            WAIT_WITHOUT_PROGRESS_SECONDS,
            Math.floor((context.options.callTimeoutMs * 0.8) / 1000),
          ),
        );
    const outcome = await waitWithProgress(args.tracker_id, accepted.run_id, seconds, context).catch(
      (error: unknown) => {
        // The run exists and costs quants: a retry of run_tracker would start (and bill) another.
        throw new PartialSuccessError(
          error,
          `run ${accepted.run_id} was started; call get_run with tracker_id ${args.tracker_id} and run_id ${accepted.run_id} instead of run_tracker again.`,
        );
      },
    );
    if (typeof outcome !== 'string') return finishedRunResult(outcome);
    const result = pollLater(
      args.tracker_id,
      accepted.run_id,
      outcome,
      `Still ${outcome} after ${seconds}s.`,
    );
    return { structured: result, text: render(result) };
  },
});
