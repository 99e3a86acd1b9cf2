import type { App } from '../app.ts';
import { type Handler, ok } from '../http/types.ts';
import { ownSpace } from './access.ts';
import { newestFirst, paginate, spaceView } from './views.ts';

export function spaceHandlers(app: App): Record<string, Handler> {
  return {
    listSpaces: ({ account, query }) => {
      const spaces = newestFirst(app.store.spaces.by('account_id', account.id));
      return ok(paginate(spaces, query, (space) => spaceView(app.store, space)));
    },
    getSpace: ({ account, params }) =>
      ok(spaceView(app.store, ownSpace(app, account, String(params.space_id)))),
  };
}
