import {
  pageWindow,
  type Run,
  type Space,
  type Tracker,
  type VaultDataItem,
  type VaultSource,
} from '@trackerkit/core';
import { iso, isoOrNull } from '../clock.ts';
import { storedSchedule } from '../domain/schedule.ts';
import type { ItemRecord, RunRecord, SourceRecord, SpaceRecord, TrackerRecord } from '../store/records.ts';
import type { Collection, Keyed, Store } from '../store/store.ts';

const BYTES_PER_GB = 1e9;

export const DELETED = { success: true, message: 'Deleted', data: null, errors: null };

export function spaceView(store: Store, space: SpaceRecord): Space {
  const usedBytes = store.items.by('space_id', space.id).reduce((sum, item) => sum + item.size_bytes, 0);
  return {
    space_id: space.id,
    name: space.name,
    description: space.description,
    category: space.category,
    capacity_gb: space.capacity_gb,
    throughput_per_hour: space.throughput_per_hour,
    used_gb: usedBytes / BYTES_PER_GB,
    monthly_cost: space.monthly_cost,
    storage_cost: space.storage_cost,
    throughput_cost: space.throughput_cost,
    rate_limit_per_hour: space.rate_limit_per_hour,
    is_active: space.is_active,
    tracker_count: store.trackers.count('space_id', space.id),
    source_count: store.sources.count('space_id', space.id),
    result_count: store.runs.by('space_id', space.id).filter((run) => run.result !== null).length,
    created_at: iso(space.created_at),
    updated_at: isoOrNull(space.updated_at),
  };
}

export function trackerView(tracker: TrackerRecord): Tracker {
  // storedSchedule keeps "if run_mode is manual then schedule is null", the document's anyOf that
  // TypeScript cannot see from the two fields' own types.
  return {
    tracker_id: tracker.id,
    space_id: tracker.space_id,
    name: tracker.name,
    description: tracker.description,
    run_mode: tracker.run_mode,
    // Records written before the schedule was normalised on store (a --data file) read the same.
    schedule: storedSchedule(tracker.run_mode, tracker.schedule),
    vault_ttl_days: tracker.vault_ttl_days,
    agent_config: tracker.agent_config,
    notification_config: tracker.notification_config as Tracker['notification_config'],
    category: tracker.category,
    last_run_at: isoOrNull(tracker.last_run_at),
    created_at: iso(tracker.created_at),
    updated_at: iso(tracker.updated_at),
  } as Tracker;
}

export function runView(run: RunRecord): Run {
  return {
    run_id: run.id,
    tracker_id: run.tracker_id,
    space_id: run.space_id,
    status: run.status,
    started_at: isoOrNull(run.started_at),
    completed_at: isoOrNull(run.completed_at),
    quants_used: run.quants_used,
    result: run.result,
    config_snapshot: run.config_snapshot,
    notification_delivery: run.notification_delivery,
    error_message: run.error_message,
  };
}

export function sourceView(store: Store, source: SourceRecord): VaultSource {
  const items = store.items.by('source_id', source.id);
  return {
    source_id: source.id,
    name: source.name,
    description: source.description,
    source_type: source.source_type,
    size_bytes: items.reduce((sum, item) => sum + item.size_bytes, 0),
    data_count: items.length,
    status: source.status,
    uploaded_at: iso(source.uploaded_at),
    updated_at: iso(source.updated_at),
  };
}

export function itemView(item: ItemRecord, sourceName: string): VaultDataItem {
  return {
    data_id: item.id,
    source_id: item.source_id,
    content: item.content,
    content_type: item.content_type,
    token_count: item.token_count,
    created_at: iso(item.created_at),
    metadata: item.metadata as VaultDataItem['metadata'],
    source_name: sourceName,
  };
}

/**
 * A page of the records whose `field` is `value`, newest first, read from the collection's ordered
 * index: its cost does not grow with the number stored.
 */
export function indexedPage<T extends Keyed, K extends keyof T & string, V>(
  collection: Collection<T>,
  field: K,
  value: string,
  query: Record<string, unknown>,
  view: (record: T) => V,
) {
  const pageSize = Number(query.page_size);
  const { start, pagination } = pageWindow(Number(query.page), pageSize, collection.count(field, value));
  return { data: collection.newest(field, value, start, pageSize).map(view), pagination };
}

export const newestFirst = <T extends { seq: number }>(records: T[]): T[] =>
  records.sort((a, b) => b.seq - a.seq);

/** A page of records already selected and ordered (a filtered list), by the core's paging rule. */
export function arrayPage<T, V>(records: T[], query: Record<string, unknown>, view: (record: T) => V) {
  const { start, end, pagination } = pageWindow(Number(query.page), Number(query.page_size), records.length);
  return { data: records.slice(start, end).map(view), pagination };
}
