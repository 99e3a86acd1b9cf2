import type { OriginRefusal } from '@trackerkit/core/http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Config } from '../config/types.ts';
import type { Outbox } from '../delivery/create-outbox.ts';
import { readRawBody } from '../http/read-raw-body.ts';
import { createRouter } from '../router/create-router.ts';
import type { Store } from '../store/store.ts';
import { alertsPage, parseAlertFilter } from './alerts-page.ts';
import { deadLetterPage, deadLettersPage } from './dead-letters-page.ts';
import { destinationsPage } from './destinations-page.ts';
import { html, layout, STYLE_HASH } from './html.ts';
import { EMPTY_SILENCE_FORM, type SilenceForm, silenceFromForm, silencesPage } from './silences-page.ts';

export interface UiOptions {
  store: Store;
  config: Config;
  outbox: Outbox;
  /** The admin check of `/-/reload`, given an Authorization header: undefined when allowed. */
  refusal(authorization: string | undefined): { status: number; reason: string; error: string } | undefined;
  /**
   * The core's origin rule for these pages, given a request (server/origin-guard.ts builds it): a
   * POST only from this very origin, or with `Authorization: Bearer <token>`.
   */
  origin(req: Request): OriginRefusal | undefined;
  now?: () => number;
}

const FORM_LIMIT = 64 * 1024;
/** What the pages' forms send (and all the UI reads from a body). */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

function page(res: Response, status: number, body: string) {
  res
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      // Same-origin referrers keep the Origin header on this UI's own POSTs (the CSRF rule reads it).
      'referrer-policy': 'same-origin',
      'content-security-policy': `default-src 'none'; style-src '${STYLE_HASH}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    })
    .send(body);
}

const problem = (res: Response, status: number, title: string, text: string) =>
  page(res, status, layout('', title, html`<p class="error">${text}</p>`));

/**
 * Who may use the UI: first the core's origin rule, as every operator endpoint (Host among this
 * server's names, which DNS rebinding cannot fake; no foreign Origin; and as a browser sends Basic
 * credentials by itself, a POST only from this very origin, host and port, or with
 * `Authorization: Bearer`, which a browser never adds by itself). Then the admin rule of
 * `/-/reload` (the token, here also as a browser's Basic password).
 */
function guard(options: UiOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const foreign = options.origin(req);
    if (foreign) {
      const title = foreign.status === 415 ? 'Unsupported media type' : 'Forbidden';
      return problem(res, foreign.status, title, `@trackerkit/webhooks: ${foreign.message}`);
    }
    const auth = req.headers.authorization ?? '';
    const basic = /^Basic (.+)$/i.exec(auth)?.[1];
    const bearer = basic
      ? `Bearer ${Buffer.from(basic, 'base64')
          .toString('utf8')
          .replace(/^[^:]*:/, '')}`
      : auth || undefined;
    const refusal = options.refusal(bearer);
    if (refusal) {
      if (refusal.status === 401)
        res.set('www-authenticate', 'Basic realm="trackerkit webhooks", charset="UTF-8"');
      return problem(
        res,
        refusal.status,
        'Not allowed',
        `@trackerkit/webhooks: ${refusal.error.replace('Authorization: Bearer <server.admin_token>', 'server.admin_token as the password (or Authorization: Bearer)')}`,
      );
    }
    next();
  };
}

async function readForm(req: Request): Promise<URLSearchParams> {
  return new URLSearchParams((await readRawBody(req, FORM_LIMIT)).toString('utf8'));
}

/**
 * The operators' pages under `/ui` (server-rendered HTML, no script). A list of routes, each a
 * few lines handing a page module what it renders; every one shares the refusal and origin check.
 */
export function mountUi(app: Express, options: UiOptions): void {
  const { store, outbox } = options;
  const now = options.now ?? Date.now;
  app.use('/ui', guard(options));
  // The tree alone (silences and inhibit rules are said apart): where each alert shown was routed.
  const router = createRouter({ route: options.config.route, catchAll: options.config.catchAll });
  app.get('/ui', async (req, res) => {
    const before = Number(req.query.before);
    const filter = typeof req.query.filter === 'string' ? req.query.filter : '';
    const bad = parseAlertFilter(filter);
    page(
      res,
      bad && 'error' in bad ? 400 : 200,
      await alertsPage(store, Number.isSafeInteger(before) && before > 0 ? before : undefined, {
        filter,
        rules: options.config.inhibitRules ?? [],
        match: (event) => router.match(event, now()),
        now: now(),
      }),
    );
  });
  app.get('/ui/destinations', async (_req, res) =>
    page(res, 200, await destinationsPage(store, options.config, outbox)),
  );
  app.get('/ui/dead-letters', async (req, res) => {
    const replayed = Number(req.query.replayed);
    page(
      res,
      200,
      await deadLettersPage(
        store,
        Number.isSafeInteger(replayed) && replayed > 0 ? `Dead letter ${replayed} requeued.` : undefined,
      ),
    );
  });
  const deliveryId = (req: Request) => {
    const id = Number(req.params.id);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  app.get('/ui/dead-letters/:id', async (req, res) => {
    const id = deliveryId(req);
    const d = id === undefined ? undefined : await store.get(id);
    if (!d) return problem(res, 404, 'Not found', `no delivery with id ${req.params.id}`);
    page(res, 200, deadLetterPage(d));
  });
  app.post('/ui/dead-letters/:id/replay', async (req, res) => {
    const id = deliveryId(req);
    if (id === undefined || (await store.replay(id)) === 0)
      return problem(res, 404, 'Not found', `no dead letter with id ${req.params.id}`);
    outbox.wake();
    res.redirect(303, `/ui/dead-letters?replayed=${id}`);
  });
  app.get('/ui/silences', async (req, res) => {
    const flash =
      typeof req.query.flash === 'string' && /^(created|expired)$/.test(req.query.flash)
        ? `Silence ${req.query.flash}.`
        : undefined;
    // "Silence this" on /ui: the form starts from the alert's labels.
    const prefill = typeof req.query.matchers === 'string' ? req.query.matchers : undefined;
    const form = prefill === undefined ? undefined : { ...EMPTY_SILENCE_FORM, matchers: prefill };
    page(
      res,
      200,
      await silencesPage(store, now(), {
        ...(flash ? { flash } : {}),
        ...(form ? { form } : {}),
        rules: options.config.inhibitRules ?? [],
      }),
    );
  });
  app.post('/ui/silences', async (req, res, next) => {
    let params: URLSearchParams;
    try {
      params = await readForm(req);
    } catch (error) {
      const e = error as { status?: number; message: string };
      if (e.status) return problem(res, e.status, 'Bad request', e.message);
      return next(error);
    }
    const form: SilenceForm = {
      matchers: params.get('matchers') ?? '',
      duration: params.get('duration') ?? '',
      comment: params.get('comment') ?? '',
      author: params.get('author') ?? '',
    };
    const t = now();
    let input: ReturnType<typeof silenceFromForm>;
    try {
      input = silenceFromForm(form, t);
    } catch (error) {
      return page(
        res,
        400,
        await silencesPage(store, t, {
          form,
          error: (error as Error).message,
          rules: options.config.inhibitRules ?? [],
        }),
      );
    }
    await store.silences.create(input);
    res.redirect(303, '/ui/silences?flash=created');
  });
  app.post('/ui/silences/:id/expire', async (req, res) => {
    if (!(await store.silences.expire(String(req.params.id), now())))
      return problem(res, 404, 'Not found', `no silence with id ${req.params.id}`);
    res.redirect(303, '/ui/silences?flash=expired');
  });
}
