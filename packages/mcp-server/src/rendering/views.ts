// Compact views keep responses small: a flat record per item with the few fields a model needs
// to pick the next call, field selection for more, and `verbose` for the API's own object.
import {
  nextPage,
  type Pagination,
  type Run,
  type Space,
  type Tracker,
  type VaultSource,
} from '@trackerkit/core';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import { renderPage } from './render.ts';

type Flat = Record<string, unknown>;

export interface View<T> {
  /** Every field a caller may select. */
  flatten(item: T): Flat;
  /** The compact default. */
  compact: readonly string[];
  /** Every name `fields` may contain (the keys of `flatten`). */
  selectable: readonly string[];
}

export const spaceView: View<Space> = {
  flatten: (space) => ({ ...space }),
  compact: ['space_id', 'name', 'category', 'tracker_count', 'is_active'],
  selectable: [
    'space_id',
    'name',
    'description',
    'category',
    'capacity_gb',
    'throughput_per_hour',
    'used_gb',
    'monthly_cost',
    'storage_cost',
    'throughput_cost',
    'rate_limit_per_hour',
    'is_active',
    'tracker_count',
    'source_count',
    'result_count',
    'created_at',
    'updated_at',
  ],
};

export const trackerView: View<Tracker> = {
  flatten: (tracker) => {
    const { agent_config: agent, ...rest } = tracker;
    return { ...rest, ...agent };
  },
  compact: ['tracker_id', 'name', 'run_mode', 'reasoning_mode', 'skills', 'last_run_at'],
  selectable: [
    'tracker_id',
    'space_id',
    'name',
    'description',
    'run_mode',
    'schedule',
    'vault_ttl_days',
    'notification_config',
    'category',
    'last_run_at',
    'created_at',
    'updated_at',
    'instruction',
    'score_meaning',
    'skills',
    'reasoning_mode',
    'linked_trackers',
  ],
};

export const runView: View<Run> = {
  flatten: (run) => ({
    run_id: run.run_id,
    tracker_id: run.tracker_id,
    status: run.status,
    score: run.result?.score ?? null,
    signal: run.result?.signal ?? null,
    analysis: run.result?.analysis ?? null,
    started_at: run.started_at,
    completed_at: run.completed_at,
    quants_used: run.quants_used,
    error_message: run.error_message,
    trigger_type: run.config_snapshot.trigger_type,
    reasoning_mode: run.config_snapshot.agent_config.reasoning_mode,
    notification_delivery: run.notification_delivery,
  }),
  compact: ['run_id', 'status', 'score', 'signal', 'started_at'],
  selectable: [
    'run_id',
    'tracker_id',
    'status',
    'score',
    'signal',
    'analysis',
    'started_at',
    'completed_at',
    'quants_used',
    'error_message',
    'trigger_type',
    'reasoning_mode',
    'notification_delivery',
  ],
};

export const sourceView: View<VaultSource> = {
  flatten: (source) => ({ ...source }),
  compact: ['source_id', 'name', 'source_type', 'data_count', 'updated_at'],
  selectable: [
    'source_id',
    'name',
    'description',
    'source_type',
    'size_bytes',
    'data_count',
    'status',
    'uploaded_at',
    'updated_at',
  ],
};

export interface ViewArgs {
  fields?: string[] | undefined;
  verbose?: boolean | undefined;
}

/**
 * The fields to show: the compact set plus `fields` (which adds, never replaces: asking for the
 * analysis must not lose the run_id), checked against the view before any request is sent.
 */
function selectFields<T>(view: View<T>, args: ViewArgs): readonly string[] {
  if (!args.fields?.length) return view.compact;
  for (const field of args.fields) {
    if (!view.selectable.includes(field)) {
      throw new ToolInputError(
        'fields',
        `unknown field "${field}"; choose from ${view.selectable.join(', ')}`,
      );
    }
  }
  return [...new Set([...view.compact, ...args.fields])];
}

export function page<T>(view: View<T>, list: { data: T[]; pagination: Pagination }, args: ViewArgs) {
  const { page: current, total_pages, total_items } = list.pagination;
  // Checked once per page, not once per item.
  const fields = args.verbose ? [] : selectFields(view, args);
  const project = (item: T): Flat => {
    if (args.verbose) return item as Flat;
    const flat = view.flatten(item);
    const out: Flat = {};
    for (const field of fields) out[field] = flat[field] ?? null;
    return out;
  };
  return {
    items: list.data.map(project),
    page: current,
    total_pages,
    total_items,
    next_page: nextPage(current, list) ?? null,
  };
}

/** A list_* tool's result; `fields` is checked before any request is sent. */
export async function listResult<T>(
  view: View<T>,
  noun: string,
  args: ViewArgs,
  load: () => Promise<{ data: T[]; pagination: Pagination }>,
) {
  selectFields(view, args);
  const result = page(view, await load(), args);
  return { structured: result, text: renderPage(noun, result) };
}
