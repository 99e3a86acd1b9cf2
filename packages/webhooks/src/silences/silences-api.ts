import type { Express, Request, RequestHandler, Response } from 'express';
import { readRawBody } from '../server/read-raw-body.ts';
import type { Store } from '../store/store.ts';
import { canUpdate, parseSilenceInput, silenceJson } from './silence.ts';

const BODY_LIMIT = 64 * 1024;

function fail(res: Response, status: number, reason: string, error: string) {
  res.status(status).json({ error: `@trackerkit/webhooks: ${error}`, reason });
}

/**
 * Alertmanager's silence API (v2 shapes) under `/api/silences`, behind `guard` (the admin auth
 * of `/-/reload`): POST creates (`{silenceID}`) or, with an `id`, updates as Alertmanager does
 * (in place when `canUpdate`, otherwise the old one expires and a new one is made), GET lists
 * with each state, DELETE `/{id}` expires.
 */
export function mountSilencesApi(app: Express, store: Store, guard: RequestHandler, now = Date.now): void {
  app.use('/api/silences', guard);
  app.post('/api/silences', async (req: Request, res: Response) => {
    let body: unknown;
    try {
      const raw = await readRawBody(req, BODY_LIMIT);
      body = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      const e = error as { status?: number; reason?: string; message: string };
      if (e.status) return fail(res, e.status, e.reason ?? 'bad_request', e.message);
      return fail(res, 400, 'invalid_json', `body is not valid JSON: ${e.message}`);
    }
    let input: ReturnType<typeof parseSilenceInput>;
    try {
      input = parseSilenceInput(body, now());
    } catch (error) {
      return fail(res, 400, 'invalid_silence', (error as Error).message);
    }
    const { id, ...fields } = input;
    if (id === undefined) return void res.json({ silenceID: (await store.silences.create(fields)).id });
    const t = now();
    const prev = await store.silences.get(id);
    if (!prev) return fail(res, 404, 'not_found', `id: no silence with id ${id}`);
    if (canUpdate(prev, fields, t))
      return void res.json({ silenceID: (await store.silences.update(id, fields))!.id });
    const replacement = { ...fields, startsAt: Math.max(fields.startsAt, t) };
    await store.silences.expire(id, t);
    res.json({ silenceID: (await store.silences.create(replacement)).id });
  });
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
