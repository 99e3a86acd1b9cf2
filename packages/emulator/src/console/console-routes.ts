import type { IncomingMessage } from 'node:http';
import { secretProblems } from '@trackerkit/core';
import { deleteSpaceCascade } from '../api/cascade.ts';
import { DELETED, spaceView } from '../api/views.ts';
import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import {
  createAccount,
  createSpace,
  createToken,
  type SpaceInput,
  setAccountWebhook,
} from '../domain/seed.ts';
import type { TimeDriver } from '../domain/time-driver.ts';
import { drain, parseJson, readBody } from '../http/body.ts';
import { HttpError, invalid, notFound, refuse } from '../http/errors.ts';
import type { Reply } from '../http/types.ts';
import { checkConsoleBody } from './console-input.ts';

const BODY_LIMIT = 1_000_000;
const MINUTE = 60_000;

/**
 * The web console's stand-in at `/_emulator` (no auth: it is local): accounts, tokens, spaces,
 * the account webhook and the clock.
 */
export function createConsole(app: App, driver: TimeDriver) {
  const { store } = app;
  const account = (id: string) =>
    store.accounts.get(id) ??
    (() => {
      throw notFound('Account');
    })();
  const space = (id: string) =>
    store.spaces.get(id) ??
    (() => {
      throw notFound('Space');
    })();

  type Route = [string, RegExp, (m: string[], body: Record<string, unknown>) => Reply | Promise<Reply>];
  const routes: Route[] = [
    [
      'POST',
      /^\/accounts$/,
      (_, body) => {
        checkConsoleBody('account', body);
        const created = store.transaction(() => {
          const acc = createAccount(app, String(body.email));
          return { account_id: acc.id, email: acc.email, token: createToken(app, acc.id) };
        });
        return { status: 201, body: created };
      },
    ],
    [
      'PATCH',
      /^\/accounts\/([^/]+)$/,
      ([id], body) => {
        checkConsoleBody('accountUpdate', body);
        const acc = { ...account(String(id)), ...body } as ReturnType<typeof account>;
        store.accounts.put(acc);
        return {
          status: 200,
          body: { account_id: acc.id, email: acc.email, quants_balance: acc.quants_balance },
        };
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/tokens$/,
      ([id]) => ({ status: 201, body: { token: createToken(app, account(String(id)).id) } }),
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/spaces$/,
      ([id], body) => {
        checkConsoleBody('space', body);
        return {
          status: 201,
          body: spaceView(store, createSpace(app, account(String(id)).id, body as SpaceInput)),
        };
      },
    ],
    [
      'PUT',
      /^\/accounts\/([^/]+)\/webhook$/,
      ([id], body) => {
        checkConsoleBody('webhook', body);
        const secret = body.secret === undefined ? undefined : String(body.secret);
        // One secret policy for the emulator's signer and every verifier of the suite.
        if (secret !== undefined) refuse('body', secretProblems(secret, ['secret']));
        const url = body.url === null ? null : String(body.url);
        const change = { rotate: body.rotate === true, secret };
        return { status: 200, body: setAccountWebhook(app, account(String(id)), url, change) };
      },
    ],
    [
      'PATCH',
      /^\/spaces\/([^/]+)$/,
      ([id], body) => {
        checkConsoleBody('spaceUpdate', body);
        const updated = { ...space(String(id)), ...(body as SpaceInput), updated_at: app.clock.now() };
        store.spaces.put(updated);
        return { status: 200, body: spaceView(store, updated) };
      },
    ],
    [
      'DELETE',
      /^\/spaces\/([^/]+)$/,
      ([id]) => {
        deleteSpaceCascade(store, space(String(id)).id);
        return { status: 200, body: DELETED };
      },
    ],
    ['GET', /^\/clock$/, () => ({ status: 200, body: { now: iso(app.clock.now()) } })],
    [
      'POST',
      /^\/clock$/,
      async (_, body) => {
        checkConsoleBody('clock', body);
        if (app.clock.mode !== 'manual')
          throw new HttpError(409, 'The clock is real; start with --clock manual to move it');
        const now = await driver.advanceTo(app.clock.now() + Number(body.advance_minutes) * MINUTE);
        return { status: 200, body: { now: iso(now) } };
      },
    ],
  ];

  return async function handle(req: IncomingMessage, path: string): Promise<Reply> {
    const method = req.method ?? 'GET';
    const matching = routes.filter(([, regex]) => regex.test(path));
    const route = matching.find(([m]) => m === method);
    if (!route) {
      await drain(req);
      return matching.length > 0
        ? {
            status: 405,
            body: { detail: 'Method Not Allowed' },
            headers: { allow: [...new Set(matching.map(([m]) => m))].join(', ') },
          }
        : { status: 404, body: { detail: 'Not Found' } };
    }
    const raw = await readBody(req, BODY_LIMIT);
    const parsed = raw.length > 0 ? parseJson(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalid(['body'], 'Input should be an object', 'dict_type');
    const match = (route[1].exec(path) ?? []).slice(1).map(decodeURIComponent);
    return route[2](match, parsed as Record<string, unknown>);
  };
}
