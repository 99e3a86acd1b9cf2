import {
  type DeleteEnvelope,
  LIMITS,
  type PageQuery,
  paginate,
  type VaultJsonUpload,
  type VaultRecentQuery,
  type VaultRecentResponse,
  type VaultSource,
  type VaultSourceList,
  type VaultSourceUpdate,
  type VaultUploadResponse,
} from '@trackerkit/core';
import { type CallOptions, call } from '../http/typed.ts';
import { serializeJsonUpload, validateQuery, validateSourceUpdate } from '../validate/requests.ts';
import { buildFileForm, type UploadFileInput } from '../vault/file-upload.ts';
import {
  type UploadRowsInput,
  type UploadRowsOptions,
  type UploadRowsResult,
  uploadRows,
} from '../vault/row-batcher.ts';
import type { ClientContext } from './context.ts';

export interface VaultApi {
  recent(trackerId: string, query?: VaultRecentQuery, options?: CallOptions): Promise<VaultRecentResponse>;
  /** One JSON request: at most LIMITS.uploadRowsMax rows and LIMITS.uploadBytesMax bytes. */
  upload(trackerId: string, body: VaultJsonUpload, options?: CallOptions): Promise<VaultUploadResponse>;
  /** Any number of rows, batched by rows and bytes and paced to the upload rate limit. */
  uploadRows(
    trackerId: string,
    input: UploadRowsInput,
    options?: UploadRowsOptions,
  ): Promise<UploadRowsResult>;
  /** One file as multipart/form-data, checked by extension and content first. */
  uploadFile(trackerId: string, input: UploadFileInput, options?: CallOptions): Promise<VaultUploadResponse>;
  listSources(trackerId: string, query?: PageQuery, options?: CallOptions): Promise<VaultSourceList>;
  listAllSources(
    trackerId: string,
    query?: PageQuery,
    options?: CallOptions,
  ): AsyncGenerator<VaultSource, void, undefined>;
  getSource(trackerId: string, sourceId: string, options?: CallOptions): Promise<VaultSource>;
  updateSource(
    trackerId: string,
    sourceId: string,
    body: VaultSourceUpdate,
    options?: CallOptions,
  ): Promise<VaultSource>;
  deleteSource(trackerId: string, sourceId: string, options?: CallOptions): Promise<DeleteEnvelope>;
}

const SOURCES = '/api/trackers/{tracker_id}/vault/sources';
const SOURCE = '/api/trackers/{tracker_id}/vault/sources/{source_id}';

export function createVaultApi({ transport, uploadPacer }: ClientContext): VaultApi {
  // Every upload goes through the client's pacer, so separate calls share the account's limit too.
  async function post(
    trackerId: string,
    body: string | FormData,
    options?: CallOptions,
    retries?: number,
  ): Promise<VaultUploadResponse> {
    const release = await uploadPacer.acquire(options?.signal);
    try {
      return await call(
        transport,
        'POST',
        SOURCES,
        { params: { tracker_id: trackerId }, body, retries },
        options,
      );
    } finally {
      release();
    }
  }

  const listSources: VaultApi['listSources'] = async (trackerId, query, options) => {
    validateQuery('listVaultSources', query);
    return call(
      transport,
      'GET',
      SOURCES,
      {
        params: { tracker_id: trackerId },
        query,
      },
      options,
    );
  };

  return {
    async recent(trackerId, query, options) {
      validateQuery('getVaultRecent', query);
      return call(
        transport,
        'GET',
        '/api/trackers/{tracker_id}/vault/recent',
        {
          params: { tracker_id: trackerId },
          query,
        },
        options,
      );
    },
    async upload(trackerId, body, options) {
      return post(trackerId, serializeJsonUpload(body), options);
    },
    async uploadRows(trackerId, input, options = {}) {
      // A batch answered 429 is resent after Retry-After; allow a full window's worth of those.
      const retries = Math.max(transport.config.retries, LIMITS.uploadsPerWindow);
      return uploadRows(input, (body, signal) => post(trackerId, body, { signal }, retries), options);
    },
    async uploadFile(trackerId, input, options) {
      return post(trackerId, await buildFileForm(input), options);
    },
    listSources,
    listAllSources: (trackerId, query = {}, options) =>
      paginate(query, (q) => listSources(trackerId, q, options)),
    getSource: (trackerId, sourceId, options) =>
      call(
        transport,
        'GET',
        SOURCE,
        {
          params: { tracker_id: trackerId, source_id: sourceId },
        },
        options,
      ),
    async updateSource(trackerId, sourceId, body, options) {
      validateSourceUpdate(body);
      return call(
        transport,
        'PATCH',
        SOURCE,
        {
          params: { tracker_id: trackerId, source_id: sourceId },
          body,
        },
        options,
      );
    },
    deleteSource: (trackerId, sourceId, options) =>
      call(
        transport,
        'DELETE',
        SOURCE,
        {
          params: { tracker_id: trackerId, source_id: sourceId },
        },
        options,
      ),
  };
}
