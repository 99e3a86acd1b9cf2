import type { IncomingMessage } from 'node:http';
import { LIMITS } from '@trackerkit/core';
import { secretProblems } from '@trackerkit/core/signing';
import { parse as parseYaml } from 'yaml';
import { deleteSpaceCascade } from '../api/cascade.ts';
import { DELETED, spaceView } from '../api/views.ts';
import type { App } from '../app.ts';
import { advanceProblem, iso } from '../clock.ts';
import {
  createAccount,
  createSpace,
  createToken,
  type Seeded,
  type SpaceInput,
  setAccountWebhook,
} from '../domain/seed.ts';
import type { TimeDriver } from '../domain/time-driver.ts';
import { invalid, notFound, Refusal, refuse } from '../errors/errors.ts';
import { faultSpecOf } from '../faults/fault-spec.ts';
import { drain, mediaType, parseJson, readBody } from '../http/body.ts';
import type { Reply } from '../http/types.ts';
import { exportState } from '../state/export-state.ts';
import { loadFixtures } from '../state/load-fixtures.ts';
import { resetState } from '../state/reset.ts';
import { checkConsoleBody } from './console-input.ts';
import { inboxFilter } from './inbox-filter.ts';
import { journalQuery } from './journal-filter.ts';

/** Fixtures can be large: the same cap as a JSON upload. */
const BODY_LIMIT = LIMITS.uploadBytesMax;
const MINUTE = 60_000;

/**
 * The web console's stand-in at `/_emulator` (no auth: it is local): accounts, tokens, spaces,
 * the account webhook and the clock.
 */
export interface ConsoleParts {
  driver: TimeDriver;
  operationIds: readonly string[];
  seeded: Seeded;
}

type ConsoleRoute = [
  string,
  RegExp,
  (m: string[], body: Record<string, unknown>, search: URLSearchParams) => Reply | Promise<Reply>,
];

/** The account and the space of an id, or the console's 404. */
function finders(app: App) {
  const { store } = app;
  return {
    account: (id: string) =>
      store.accounts.get(id) ??
      (() => {
        throw notFound('Account');
      })(),
    space: (id: string) =>
      store.spaces.get(id) ??
      (() => {
        throw notFound('Space');
      })(),
  };
}

/** Accounts, their tokens and webhook, and their spaces. */
function accountRoutes(app: App): ConsoleRoute[] {
  const { store } = app;
  const { account, space } = finders(app);
  return [
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
  ];
}

/** Fault rules on demand. */
function faultRoutes(app: App, operationIds: readonly string[]): ConsoleRoute[] {
  return [
    [
      'POST',
      /^\/faults$/,
      (_, body) => ({ status: 201, body: app.faults.add(faultSpecOf(body, operationIds)) }),
    ],
    ['GET', /^\/faults$/, () => ({ status: 200, body: { data: app.faults.list() } })],
    ['DELETE', /^\/faults$/, () => ({ status: 200, body: { cleared: app.faults.clear() } })],
    [
      'DELETE',
      /^\/faults\/([^/]+)$/,
      ([id]) => {
        if (!app.faults.remove(String(id))) throw notFound('Fault');
        return { status: 200, body: { deleted: true } };
      },
    ],
  ];
}

/** The whole state: back to the bootstrap, fixtures in, the seeded account's state out. */
function stateRoutes(app: App, seeded: Seeded): ConsoleRoute[] {
  const { account } = finders(app);
  return [
    ['POST', /^\/reset$/, () => ({ status: 200, body: resetState(app, seeded) })],
    [
      'POST',
      /^\/fixtures$/,
      (_, body) => ({ status: 201, body: loadFixtures(app, account(seeded.accountId), body) }),
    ],
    ['GET', /^\/export$/, () => ({ status: 200, body: exportState(app, seeded.accountId) })],
  ];
}

/** What the emulator sent (the inbox) and received (the request journal). */
function recordRoutes(app: App): ConsoleRoute[] {
  return [
    [
      'GET',
      /^\/inbox$/,
      (_m, _b, search) => ({ status: 200, body: { data: app.inbox.list(inboxFilter(search)) } }),
    ],
    ['DELETE', /^\/inbox$/, () => ({ status: 200, body: { cleared: app.inbox.clear() } })],
    [
      'GET',
      /^\/requests$/,
      (_m, _b, search) => {
        const { filter, limit } = journalQuery(search);
        return {
          status: 200,
          body: {
            data: app.journal.list(filter, limit),
            total: app.journal.count(filter),
            dropped: app.journal.dropped,
            capacity: app.journal.capacity,
          },
        };
      },
    ],
    ['DELETE', /^\/requests$/, () => ({ status: 200, body: { cleared: app.journal.clear() } })],
  ];
}

/** The clock: read it, or move a manual one (firing what falls due on the way). */
function clockRoutes(app: App, driver: TimeDriver): ConsoleRoute[] {
  return [
    ['GET', /^\/clock$/, () => ({ status: 200, body: { now: iso(app.clock.now()) } })],
    [
      'POST',
      /^\/clock$/,
      async (_, body) => {
        checkConsoleBody('clock', body);
        if (app.clock.mode !== 'manual')
          throw new Refusal('conflict', 'The clock is real; start with --clock manual to move it');
        // Bounded: an unbounded advance could leave the clock on no date at all.
        const wrong = advanceProblem(app.clock.now(), body.advance_minutes);
        if (wrong) throw invalid(['body', 'advance_minutes'], wrong.msg, wrong.type);
        const now = await driver.advanceTo(app.clock.now() + Number(body.advance_minutes) * MINUTE);
        return { status: 200, body: { now: iso(now) } };
      },
    ],
  ];
}

export function createConsole(app: App, parts: ConsoleParts) {
  const { driver, operationIds, seeded } = parts;
  const routes: ConsoleRoute[] = [
    ...accountRoutes(app),
    ...faultRoutes(app, operationIds),
    ...stateRoutes(app, seeded),
    ...recordRoutes(app),
    ...clockRoutes(app, driver),
  ];

  async function handle(req: IncomingMessage, path: string, search: URLSearchParams): Promise<Reply> {
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
    const parsed = raw.length > 0 ? parseConsoleBody(raw, mediaType(req.headers['content-type'])) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalid(['body'], 'Input should be an object', 'dict_type');
    const match = (route[1].exec(path) ?? []).slice(1).map(decodeURIComponent);
    return route[2](match, parsed as Record<string, unknown>, search);
  }

  // What the console page lists, read from the table itself so the two cannot disagree.
  const endpoints = routes.map(
    ([method, regex]) =>
      `${method} /_emulator${regex.source
        .replace(/^\^|\$$/g, '')
        .replaceAll('\\/', '/')
        .replaceAll('([^/]+)', '{id}')}`,
  );
  return { handle, endpoints };
}

/** JSON, or YAML when sent as `application/yaml` (fixtures files are often YAML). */
function parseConsoleBody(raw: Buffer, media: string | null): unknown {
  if (media !== 'application/yaml' && media !== 'application/x-yaml' && media !== 'text/yaml')
    return parseJson(raw);
  try {
    return parseYaml(raw.toString('utf8'), { maxAliasCount: 100 });
  } catch (error) {
    throw new Refusal('malformed', `Malformed YAML body: ${(error as Error).message}`);
  }
}
