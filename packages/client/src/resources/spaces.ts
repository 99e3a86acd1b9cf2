import { type PageQuery, paginate, type Space, type SpaceList } from '@trackerkit/core';
import { type CallOptions, call } from '../http/typed.ts';
import { validateQuery } from '../validate/requests.ts';
import type { ClientContext } from './context.ts';

export interface SpacesApi {
  list(query?: PageQuery, options?: CallOptions): Promise<SpaceList>;
  listAll(query?: PageQuery, options?: CallOptions): AsyncGenerator<Space, void, undefined>;
  get(spaceId: string, options?: CallOptions): Promise<Space>;
}

export function createSpacesApi({ transport }: ClientContext): SpacesApi {
  const list: SpacesApi['list'] = async (query, options) => {
    validateQuery('listSpaces', query);
    return call(
      transport,
      'GET',
      '/api/spaces',
      {
        query,
      },
      options,
    );
  };
  return {
    list,
    listAll: (query = {}, options) => paginate(query, (q) => list(q, options)),
    get: (spaceId, options) =>
      call(
        transport,
        'GET',
        '/api/spaces/{space_id}',
        {
          params: { space_id: spaceId },
        },
        options,
      ),
  };
}
