import type { Express, Request, Response } from 'express';
import { readRawBody } from '../http/read-raw-body.ts';
import { parseMatcher } from '../router/label-matcher.ts';
import {
  type ApiMatcher,
  canUpdate,
  parseSilenceInput,
  type Silence,
  type SilenceInput,
  silenceJson,
  silenceState,
  toApiMatcher,
} from '../silences/silence.ts';
import type { Store } from '../store/store.ts';

const BODY_LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The receiver's own error shape (`/api/silences`). */
function fail(res: Response, status: number, reason: string, error: string) {
  res.status(status).json({ error: `@trackerkit/webhooks: ${error}`, reason });
}

/** Alertmanager's v2 error shape: the message as a JSON string (what amtool and Grafana decode). */
function failV2(res: Response, status: number, error: string) {
  res.status(status).json(`@trackerkit/webhooks: ${error}`);
}

type Fail = (res: Response, status: number, reason: string, error: string) => void;
const v2: Fail = (res, status, _reason, error) => failV2(res, status, error);

async function readJson(req: Request, res: Response, onFail: Fail): Promise<{ body: unknown } | undefined> {
  try {
    const raw = await readRawBody(req, BODY_LIMIT);
    return { body: JSON.parse(raw.toString('utf8')) };
  } catch (error) {
    const e = error as { status?: number; reason?: string; message: string };
    if (e.status)
      onFail(res, e.status, e.reason ?? 'bad_request', e.message.replace(/^@trackerkit\/webhooks: /, ''));
    else onFail(res, 400, 'invalid_json', `body is not valid JSON: ${e.message}`);
    return undefined;
  }
}

/**
 * Creates, or with an `id` updates as Alertmanager does (in place when `canUpdate`, otherwise
 * the old one expires and the change becomes a new silence). Undefined: no silence has that id.
 */
async function saveSilence(store: Store, input: SilenceInput, now: number): Promise<string | undefined> {
  const { id, ...fields } = input;
  if (id === undefined) return (await store.silences.create(fields)).id;
  const prev = await store.silences.get(id);
  if (!prev) return undefined;
  if (canUpdate(prev, fields, now)) return (await store.silences.update(id, fields))!.id;
  await store.silences.expire(id, now);
  return (await store.silences.create({ ...fields, startsAt: Math.max(fields.startsAt, now) })).id;
}

async function postSilence(store: Store, req: Request, res: Response, now: number, onFail: Fail) {
  const read = await readJson(req, res, onFail);
  if (!read) return;
  let input: SilenceInput;
  try {
    input = parseSilenceInput(read.body, now);
  } catch (error) {
    return onFail(res, 400, 'invalid_silence', (error as Error).message);
  }
  const silenceID = await saveSilence(store, input, now);
  if (silenceID === undefined) return onFail(res, 404, 'not_found', `id: no silence with id ${input.id}`);
  res.json({ silenceID });
}

/** The `filter` query parameter (repeatable) as strings. */
export function queryList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/**
 * Alertmanager's silence filter (`CheckSilenceMatchesFilterLabels`): every filter matcher must be
 * one of the silence's own matchers (same name, operator and value), not a label set it matches.
 */
export function silenceMatchesFilter(
  silence: Pick<Silence, 'matchers'>,
  filter: readonly ApiMatcher[],
): boolean {
  return filter.every((f) =>
    silence.matchers.some(
      (m) => m.name === f.name && m.value === f.value && m.isRegex === f.isRegex && m.isEqual === f.isEqual,
    ),
  );
}

const STATE_ORDER = { active: 0, pending: 1, expired: 2 } as const;

/**
 * Alertmanager's order (`SortSilences`): active ones ending soonest first, then pending ones
 * starting soonest, then expired ones, most recently ended first.
 */
export function sortSilences(silences: readonly Silence[], now: number): Silence[] {
  return [...silences].sort((a, b) => {
    const sa = silenceState(a, now);
    const sb = silenceState(b, now);
    if (sa !== sb) return STATE_ORDER[sa] - STATE_ORDER[sb];
    if (sa === 'active') return a.endsAt - b.endsAt;
    if (sa === 'pending') return a.startsAt - b.startsAt;
    return b.endsAt - a.endsAt;
  });
}

/**
 * Alertmanager's silence API v2 (`/api/v2/silences`, `/api/v2/silence/{id}`: what amtool and
 * Grafana call), and the receiver's earlier `/api/silences` (the same shapes; errors as
 * `{error, reason}`). The caller mounts the admin auth in front of both. v2 answers errors as
 * Alertmanager does, a JSON string; unlike Alertmanager 0.25 an unknown id is a 404, never a 500.
 */
export function mountSilencesApi(app: Express, store: Store, now = Date.now): void {
  // Version 2, as Alertmanager.
  app.post('/api/v2/silences', (req, res) => postSilence(store, req, res, now(), v2));
  app.get('/api/v2/silences', async (req, res) => {
    let filter: ApiMatcher[];
    try {
      filter = queryList(req.query.filter).map((text) => toApiMatcher(parseMatcher(text)));
    } catch (error) {
      return failV2(res, 400, `filter: ${(error as Error).message}`);
    }
    const t = now();
    const found = (await store.silences.list()).filter((s) => silenceMatchesFilter(s, filter));
    res.json(sortSilences(found, t).map((s) => silenceJson(s, t)));
  });
  app.all('/api/v2/silences', (_req, res) => {
    res.set('allow', 'GET, POST');
    failV2(res, 405, 'use GET or POST');
  });
  const silenceId = (req: Request, res: Response): string | undefined => {
    const id = String(req.params.id);
    // Alertmanager validates the path parameter as a UUID (422); every id here is one.
    if (UUID.test(id)) return id;
    failV2(res, 422, `silenceID in path must be of type uuid: ${JSON.stringify(id)}`);
    return undefined;
  };
  app.get('/api/v2/silence/:id', async (req, res) => {
    const id = silenceId(req, res);
    if (id === undefined) return;
    const silence = await store.silences.get(id);
    if (!silence) return failV2(res, 404, `no silence with id ${id}`);
    res.json(silenceJson(silence, now()));
  });
  app.delete('/api/v2/silence/:id', async (req, res) => {
    const id = silenceId(req, res);
    if (id === undefined) return;
    // Expiring an expired silence changes nothing and is no error (as Alertmanager since 0.27).
    if (!(await store.silences.expire(id, now()))) return failV2(res, 404, `no silence with id ${id}`);
    res.status(200).end();
  });
  app.all('/api/v2/silence/:id', (_req, res) => {
    res.set('allow', 'GET, DELETE');
    failV2(res, 405, 'use GET or DELETE');
  });

  // The receiver's first silences API, kept as it was.
  app.post('/api/silences', (req, res) => postSilence(store, req, res, now(), fail));
  app.get('/api/silences', async (_req, res) => {
    const t = now();
    res.json((await store.silences.list()).map((s) => silenceJson(s, t)));
  });
  app.get('/api/silences/:id', async (req, res) => {
    const silence = await store.silences.get(String(req.params.id));
    if (!silence) return fail(res, 404, 'not_found', `no silence with id ${req.params.id}`);
    res.json(silenceJson(silence, now()));
  });
  app.delete('/api/silences/:id', async (req, res) => {
    const t = now();
    const silence = await store.silences.expire(String(req.params.id), t);
    if (!silence) return fail(res, 404, 'not_found', `no silence with id ${req.params.id}`);
    res.json(silenceJson(silence, t));
  });
  app.all('/api/silences', (_req, res) => {
    res.set('allow', 'GET, POST');
    fail(res, 405, 'method_not_allowed', 'use GET or POST');
  });
}
