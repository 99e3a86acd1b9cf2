// The part of @trackerkit/client's API the tools use (see packages/client/README.md). Typed
// structurally so a test or a benchmark can hand in any object with these methods.
import type {
  DeleteEnvelope,
  ListRunsQuery,
  PageQuery,
  Run,
  RunAsyncResponse,
  RunSyncResponse,
  RunTrigger,
  Space,
  SpaceList,
  Tracker,
  TrackerCreate,
  TrackerList,
  TrackerUpdate,
  VaultRecentQuery,
  VaultRecentResponse,
  VaultSource,
  VaultSourceList,
  VaultSourceUpdate,
  VaultUploadResponse,
} from '@trackerkit/client';

export interface WaitOptionsLike {
  timeoutMs?: number;
  signal?: AbortSignal;
  intervalMs?: number;
  maxIntervalMs?: number;
  onPoll?: (run: Run) => void;
}

export interface UploadRowsResultLike {
  source_id: string;
  batches: number;
  rows_processed: number;
}

export interface UploadFileInputLike {
  file: Uint8Array;
  filename: string;
  source_name?: string;
  description?: string;
}

export interface TrackerClientLike {
  spaces: {
    list(query?: PageQuery): Promise<SpaceList>;
    get(spaceId: string): Promise<Space>;
  };
  trackers: {
    list(query: { space_id: string } & PageQuery): Promise<TrackerList>;
    get(trackerId: string): Promise<Tracker>;
    create(spaceId: string, body: TrackerCreate): Promise<Tracker>;
    update(trackerId: string, body: TrackerUpdate): Promise<Tracker>;
    delete(trackerId: string): Promise<DeleteEnvelope>;
  };
  runs: {
    trigger(trackerId: string, body?: RunTrigger): Promise<RunSyncResponse | RunAsyncResponse>;
    list(
      trackerId: string,
      query?: ListRunsQuery,
    ): Promise<{ data: Run[]; pagination: SpaceList['pagination'] }>;
    get(trackerId: string, runId: string): Promise<Run>;
    delete(trackerId: string, runId: string): Promise<DeleteEnvelope>;
    wait(trackerId: string, runId: string, options?: WaitOptionsLike): Promise<Run>;
  };
  vault: {
    recent(trackerId: string, query?: VaultRecentQuery): Promise<VaultRecentResponse>;
    uploadRows(
      trackerId: string,
      input: { source_name: string; rows: Iterable<Record<string, unknown>>; description?: string },
      options?: {
        signal?: AbortSignal;
        onBatch?: (batch: { rows: number; response: { source_id: string } }) => void;
      },
    ): Promise<UploadRowsResultLike>;
    uploadFile(trackerId: string, input: UploadFileInputLike): Promise<VaultUploadResponse>;
    listSources(trackerId: string, query?: PageQuery): Promise<VaultSourceList>;
    getSource(trackerId: string, sourceId: string): Promise<VaultSource>;
    updateSource(trackerId: string, sourceId: string, body: VaultSourceUpdate): Promise<VaultSource>;
    deleteSource(trackerId: string, sourceId: string): Promise<DeleteEnvelope>;
  };
}
