import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { checkPathIds } from './checks';
import type { Problem } from './generated/core';
import { ParamError } from './param-error';

// The node's parameter for each field of the document, so a problem the core finds names what the
// user sets. Indexes are dropped first (agent_config.skills[2] → Skills); notification fields are
// matched without their `notification_config.` prefix.
const LABELS: Record<string, string> = {
  '(body)': 'Update Fields',
  name: 'Name',
  description: 'Description',
  run_mode: 'Run Mode',
  'agent_config.instruction': 'Instruction',
  'agent_config.score_meaning': 'Score Meaning',
  'agent_config.skills': 'Skills',
  'agent_config.reasoning_mode': 'Reasoning Mode',
  'agent_config.linked_trackers': 'Linked Trackers',
  // Only Tracker › Update can leave a scheduled tracker without one.
  schedule: 'Clear Schedule',
  'schedule.start_time': 'Schedule Start Time',
  'schedule.interval_minutes': 'Schedule Interval (Minutes)',
  'schedule.end_time': 'Schedule End Time',
  vault_ttl_days: 'Vault TTL (Days)',
  signal_level: 'Signal Level',
  email_enabled: 'E-Mail Enabled',
  webhook_enabled: 'Webhook Enabled',
  notify_below: 'Notify Below',
  lower_threshold: 'Lower Threshold',
  notify_above: 'Notify Above',
  upper_threshold: 'Upper Threshold',
  score_threshold: 'Score Threshold (Legacy)',
  threshold_direction: 'Threshold Direction (Legacy)',
  context: 'Context (JSON)',
  status: 'Status',
  signal: 'Signal',
  notification_status: 'Notification Status',
  start_date: 'Start Date',
  end_date: 'End Date',
  min_score: 'Min Score',
  max_score: 'Max Score',
  limit: 'Limit',
  content_types: 'Content Types',
  since_hours: 'Since (Hours)',
  source_name: 'Source Name',
  file: 'File',
  rows: 'Rows',
  space_id: 'Space',
  tracker_id: 'Tracker',
  run_id: 'Run',
  source_id: 'Source',
};

function labelOf(field: string): string {
  const bare = field.replace(/\[\d+\]/g, '').replace(/^notification_config\./, '');
  return LABELS[bare] ?? bare;
}

/** One problem as a line naming the parameter, the document's field and the rule. */
export const describeProblem = (p: Problem): string =>
  `${labelOf(p.field)}: ${p.message} (field ${p.field}, rule ${p.rule})`;

/** Problems found before any request, as a NodeOperationError carrying the item index. */
export function problemsError(
  node: INode,
  itemIndex: number | undefined,
  problems: Problem[],
): NodeOperationError | undefined {
  const [first, ...more] = problems;
  if (!first) return undefined;
  const also = more.length > 0 ? ` Also: ${more.map(describeProblem).join('; ')}.` : '';
  return new NodeOperationError(node, describeProblem(first), {
    itemIndex,
    description: `Fix the parameter "${labelOf(first.field)}"; no request was sent.${also}`,
  });
}

export function throwIfProblems(node: INode, itemIndex: number | undefined, problems: Problem[]): void {
  const error = problemsError(node, itemIndex, problems);
  if (error) throw error;
}

/** Runs pure mapping code; a bad parameter becomes a NodeOperationError carrying the item index. */
export function mapParams<T>(context: IExecuteFunctions, itemIndex: number, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ParamError) {
      throw new NodeOperationError(context.getNode(), error.message, {
        itemIndex,
        description: `Fix the parameter "${error.field}"; no request was sent.`,
      });
    }
    throw toNodeError(context.getNode(), error, itemIndex);
  }
}

/** n8n's own errors pass through; anything else is wrapped so the UI shows node and item. */
export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex?: number,
): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  return new NodeOperationError(node, error as Error, { itemIndex });
}

/** A required ID parameter (`trackerId`), trimmed; the request path encodes it. */
export function idParameter(
  context: IExecuteFunctions,
  name: string,
  itemIndex: number,
  label: string,
): string {
  const value = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) {
    throw new NodeOperationError(context.getNode(), `${label} is required`, { itemIndex });
  }
  // An expression or a URL can bypass the locator's own check: the core's id rule decides
  // (`..` would make the path name another resource), under the document's name (`tracker_id`).
  const field = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  throwIfProblems(context.getNode(), itemIndex, checkPathIds({ [field]: id }));
  return id;
}
