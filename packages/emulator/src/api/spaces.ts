import type { App } from '../app.ts';
import { type Handler, ok } from '../http/types.ts';
import type { SpaceRecord } from '../store/records.ts';
import { ownSpace } from './access.ts';
import { indexedPage, spaceView } from './views.ts';

export function spaceHandlers(app: App): Record<string, Handler> {
  return {
    listSpaces: ({ account, query }) => {
      const view = (space: SpaceRecord) => spaceView(app.store, space);
      return ok(indexedPage(app.store.spaces, 'account_id', account.id, query, view));
    },
    getSpace: ({ account, params }) =>
      ok(spaceView(app.store, ownSpace(app, account, String(params.space_id)))),
  };
}
