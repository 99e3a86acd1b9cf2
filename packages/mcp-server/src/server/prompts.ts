// Two prompts for the work assistants are asked for most: designing a tracker from a goal, and
// summarising what a tracker has been signalling.
import { completable, type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { LIMITS, REASONING_MULTIPLIERS } from '@trackerkit/core';
import { z } from 'zod';
import { completeSpaceIds, completeTrackerIds } from '../resources/completions.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { describeToolError } from '../tool-api/tool-errors.ts';

export function designTrackerText(goal: string, spaceId?: string): string {
  // The document's own examples; the catalog is the service's (a skill outside it answers 422).
  const skills = 'e.g. web_research, stock_research, social_media_research';
  const modes = Object.entries(REASONING_MULTIPLIERS)
    .map(([mode, multiplier]) => `${mode} x${multiplier}`)
    .join(', ');
  return [
    `Design a tracker for this goal: ${goal}`,
    '',
    'Draft these fields, then show them to me before creating anything:',
    `- name (at most ${LIMITS.trackerNameMax} characters) and description (at most ${LIMITS.trackerDescriptionMax}).`,
    `- instruction (at most ${LIMITS.instructionMax} characters): HOW to analyse — method, data sources, criteria, what to weigh. It must not define the score.`,
    '- score_meaning: WHAT the 0-10 score means, e.g. "10 = no risk, 0 = imminent disruption". By default 10 is positive.',
    `- skills: only those the goal needs (${skills}); [] analyses only the vault and linked trackers. Skills add up in cost.`,
    `- reasoning_mode: ${modes} (cost multipliers); zen runs only asynchronously.`,
    `- alerts (notification_config): notify_below with lower_threshold (score <= it) and/or notify_above with upper_threshold (score >= it), thresholds ${LIMITS.scoreMin}-${LIMITS.scoreMax}, and a channel (webhook_enabled or email_enabled).`,
    `- run_mode: manual, or scheduled with interval_minutes ${LIMITS.intervalMinutesMin}-${LIMITS.intervalMinutesMax}.`,
    '',
    `If cost matters, call estimate_run_cost for the chosen skills and mode and tell me its rough figure as an estimate from assumed prices (say where they come from, its price_source); it is not the service's price. After I confirm, call create_tracker${spaceId ? ` in space ${spaceId}` : ' (list_spaces gives the space_id)'}, then suggest what data to add with upload_vault_data.`,
  ].join('\n');
}

export function registerPrompts(server: McpServer, client: TrackerClientLike): void {
  server.registerPrompt(
    'design_tracker',
    {
      title: 'Design a tracker',
      description:
        'Turn a monitoring goal into a tracker: instruction vs score_meaning, skills, mode, alert thresholds.',
      argsSchema: z.object({
        goal: z.string().describe('What to monitor and why.'),
        space_id: completable(z.string().describe('Space to create it in.'), (value) =>
          completeSpaceIds(client, value),
        ).optional(),
      }),
    },
    ({ goal, space_id }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: designTrackerText(goal, space_id) } }],
    }),
  );
  server.registerPrompt(
    'summarize_signals',
    {
      title: "Summarise a tracker's recent signals",
      description: "Summarise the trend, outliers and alerts in a tracker's latest completed runs.",
      argsSchema: z.object({
        tracker_id: completable(z.string().describe('The tracker to summarise.'), (value) =>
          completeTrackerIds(client, value),
        ),
        runs: z.string().optional().describe('How many recent runs (default 20).'),
      }),
    },
    async ({ tracker_id, runs }) => {
      const count = Math.min(LIMITS.pageSizeMax, Math.max(1, Number.parseInt(runs ?? '20', 10) || 20));
      const [tracker, list] = await Promise.all([
        client.trackers.get(tracker_id),
        client.runs.list(tracker_id, { status: 'completed', page_size: count }),
      ]).catch((error: unknown) => {
        // Prompts have no isError result: the protocol error carries the detail and the hint.
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          describeToolError('summarize_signals', error),
        );
      });
      const lines = list.data.map((run) =>
        JSON.stringify({
          run_id: run.run_id,
          completed_at: run.completed_at,
          score: run.result?.score,
          signal: run.result?.signal,
          analysis: run.result?.analysis,
        }),
      );
      const text = [
        `Summarise the recent signals of tracker "${tracker.name}" (${tracker.tracker_id}).`,
        `It measures: ${tracker.agent_config.score_meaning}`,
        `Alert settings (notification_config): ${JSON.stringify(tracker.notification_config)}`,
        `Its ${list.data.length} latest completed runs (of ${list.pagination.total_items}), newest first:`,
        ...(lines.length ? lines : ['(no completed runs yet: suggest run_tracker)']),
        '',
        'Give the trend of the score, the signal distribution, notable changes with their analysis, and whether any run crossed the alert thresholds in notification_config. Read each signal as given; do not derive it from the score. Use list_runs with fields ["analysis"] for older runs.',
      ].join('\n');
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  );
}
