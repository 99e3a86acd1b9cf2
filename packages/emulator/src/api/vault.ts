import { LIMITS, type VaultJsonUpload, type VaultSourceUpdate } from '@trackerkit/core';
import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import { liveItems } from '../domain/vault-expiry.ts';
import { notFound } from '../errors/errors.ts';
import { type Handler, ok, type Reply, type RequestContext } from '../http/types.ts';
import { newId } from '../ids.ts';
import type { SourceRecord, TrackerRecord } from '../store/records.ts';
import { fileUpload } from '../vault/file-ingest.ts';
import { jsonUpload, type Upload } from '../vault/upload.ts';
import { ownTracker } from './access.ts';
import { deleteSourceCascade } from './cascade.ts';
import { DELETED, indexedPage, itemView, sourceView } from './views.ts';

const HOUR = 3_600_000;
/**
 * The earliest instant a look-back reaches (year 1, the start of the service's datetimes): a
 * since_hours the schema allows (any integer from 1) can reach before the first instant a Date holds.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');

/** Stores an upload's items under its source: a new source, or the tracker's one of that name. */
function save(app: App, tracker: TrackerRecord, upload: Upload) {
  const { store } = app;
  const now = app.clock.now();
  return store.transaction(() => {
    const existing = store.sources.by('tracker_id', tracker.id).find((s) => s.name === upload.sourceName);
    const source: SourceRecord = existing
      ? { ...existing, updated_at: now, description: upload.description ?? existing.description }
      : {
          id: newId('src'),
          account_id: tracker.account_id,
          tracker_id: tracker.id,
          space_id: tracker.space_id,
          name: upload.sourceName,
          description: upload.description,
          source_type: upload.sourceType,
          status: 'completed',
          uploaded_at: now,
          updated_at: now,
          seq: store.nextSeq(),
        };
    store.sources.put(source);
    for (const item of upload.items) {
      store.items.put({
        ...item,
        id: newId('dat'),
        source_id: source.id,
        tracker_id: tracker.id,
        space_id: tracker.space_id,
        created_at: now,
        seq: store.nextSeq(),
      });
    }
    return { source, isNew: !existing };
  });
}

/** `retrieve` mode: the live items, newest first, filtered by content type and look-back. */
function recentItems(app: App, { account, params, query }: RequestContext): Reply {
  const tracker = ownTracker(app, account, String(params.tracker_id));
  const now = app.clock.now();
  const types = query.content_types === undefined ? null : String(query.content_types).split(',');
  const since =
    query.since_hours === undefined ? null : Math.max(EARLIEST, now - Number(query.since_hours) * HOUR);
  const limit = Number(query.limit ?? LIMITS.recentLimitDefault);
  const matching = liveItems(app.store, tracker, now)
    .filter((item) => (types ? types.includes(item.content_type) : true))
    .filter((item) => (since === null ? true : item.created_at >= since))
    .sort((a, b) => b.created_at - a.created_at || b.seq - a.seq);
  const names = new Map(app.store.sources.by('tracker_id', tracker.id).map((s) => [s.id, s.name]));
  return ok({
    target: 'vault',
    mode: 'retrieve',
    filters_applied: {
      mode: 'retrieve',
      keywords: null,
      content_types: types ? [...new Set(types)] : null,
      since: since === null ? null : iso(since),
      until: null,
      limit,
      group_by: null,
      order_by: 'created_at',
      order: 'desc',
    },
    results: matching.slice(0, limit).map((item) => itemView(item, names.get(item.source_id) ?? '')),
    total: matching.length,
  });
}

export function vaultHandlers(app: App): Record<string, Handler> {
  const { store, clock } = app;

  const ownSource = (tracker: TrackerRecord, sourceId: string) => {
    const source = store.sources.get(sourceId);
    if (!source || source.tracker_id !== tracker.id) throw notFound('Source');
    return source;
  };

  return {
    uploadVaultData: ({ account, params, body, parts }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      const upload = parts
        ? fileUpload(parts, app.options.maxFileBytes)
        : jsonUpload(body as VaultJsonUpload);
      const { source, isNew } = save(app, tracker, upload);
      return ok(
        {
          ...sourceView(store, source),
          rows_processed: upload.items.length,
          is_new_source: isNew,
          cost_quants: 0,
          metadata: null,
        },
        201,
      );
    },
    listVaultSources: ({ account, params, query }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      return ok(indexedPage(store.sources, 'tracker_id', tracker.id, query, (s) => sourceView(store, s)));
    },
    getVaultSource: ({ account, params }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      return ok(sourceView(store, ownSource(tracker, String(params.source_id))));
    },
    updateVaultSource: ({ account, params, body }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      const source = ownSource(tracker, String(params.source_id));
      const patch = body as VaultSourceUpdate;
      const updated: SourceRecord = {
        ...source,
        name: patch.name ?? source.name,
        description: patch.description === undefined ? source.description : patch.description,
        updated_at: clock.now(),
      };
      store.sources.put(updated);
      return ok(sourceView(store, updated));
    },
    deleteVaultSource: ({ account, params }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      deleteSourceCascade(store, ownSource(tracker, String(params.source_id)).id);
      return ok(DELETED);
    },
    getVaultRecent: (ctx) => recentItems(app, ctx),
  };
}
