// The page a user opens from a registration link (registration-link.ts) to enter their Tracker
// API token in the browser instead of the conversation. It has no sign-in, so it only stages the
// token: the user's signed-in MCP session confirms it with the code shown here. Server-rendered
// with the core's escaping `html`; no script; a strict CSP; nothing cached or sent on as a referrer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, SafeHtml } from '@trackerkit/core/html';
import { readBodyWithin } from '../http-edge/read-body.ts';
import type { TokenIdentity } from '../tool-api/tool-context.ts';
import { REGISTRATION_LINK_TTL_MS, type RegistrationLinks } from './registration-link.ts';
import type { TokenSubject } from './token-claims.ts';

export const REGISTRATION_PATH = '/register/';
/** What the page's form sends: all the page reads from a body. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
const MAX_FORM_BYTES = 4096;
const MINUTES = REGISTRATION_LINK_TTL_MS / 60_000;

export interface RegistrationPage {
  links: RegistrationLinks;
  /** What the service says the token sees; throws (status 401, 403) for a token it refuses. */
  check(token: string): Promise<TokenIdentity>;
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const STYLE = `:root{color-scheme:light dark}body{font:15px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}
input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;margin:.5rem 0}button{font:inherit;padding:.5rem 1rem}
.error{color:#cf222e}.code{font:600 1.6rem/1.2 ui-monospace,monospace;letter-spacing:.1em}small{color:GrayText}`;

function send(
  res: ServerResponse,
  status: number,
  title: string,
  body: SafeHtml,
  extra: Record<string, string> = {},
) {
  const page = html`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;
  res.writeHead(status, { ...HEADERS, ...extra }).end(page.value);
}

const TITLE = 'Register your Tracker API token';

function form(user: TokenSubject, error?: string): SafeHtml {
  return html`<p>For <b>${user.subject}</b> (${user.issuer}), who asked the assistant for this link.
The token is checked with the Tracker service; it does not pass through the conversation.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post"><label for="api_token">Tracker API token</label>
<input id="api_token" name="api_token" type="password" autocomplete="off" required autofocus>
<button type="submit">Continue</button></form>
<p><small>This link works once, for ${MINUTES} minutes from when the assistant made it. You then confirm in the assistant with a code shown here.</small></p>`;
}

function staged(identity: TokenIdentity, code: string): SafeHtml {
  const { spaces, spaceNames } = identity;
  const names =
    spaceNames.length > 0 ? html`: ${spaceNames.join(', ')}${spaces > spaceNames.length ? ', ...' : ''}` : '';
  return html`<p>The Tracker service accepted this token. It sees ${spaces} space${spaces === 1 ? '' : 's'}${names}.</p>
<p>It is <b>not registered yet</b>. To finish, give the assistant this code:</p>
<p class="code"><output id="confirmation_code">${code}</output></p>
<p><small>Only your own signed-in conversation can use the code, within ${MINUTES} minutes. If you did not ask the assistant for this link, close this page: nothing is registered.</small></p>`;
}

const USED = html`<p>This registration link was already used: a token was entered on it. If that was you, give the assistant the code the page showed. Otherwise, ask the assistant for a new one; nothing entered here is registered without your confirmation.</p>`;

/** GET shows the form, POST stages the token; every answer is a page a person reads. */
export async function handleRegistration(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  page: RegistrationPage,
): Promise<void> {
  try {
    return await answer(req, res, pathname, page);
  } catch (error) {
    // The user store (links live there) did not answer: the person may simply try again.
    if (res.headersSent) throw error;
    return send(
      res,
      503,
      TITLE,
      html`<p class="error" role="alert">This server cannot reach its user store now. Try again in a minute.</p>`,
      { 'retry-after': '5' },
    );
  }
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  page: RegistrationPage,
): Promise<void> {
  const code = pathname.slice(REGISTRATION_PATH.length);
  const link = await page.links.open(code);
  if (link === undefined)
    return send(
      res,
      404,
      'Link not valid',
      html`<p>This registration link is not valid. Ask the assistant for a new one.</p>`,
    );
  if (link.status === 'used') return send(res, 410, 'Link already used', USED);
  if (link.status === 'expired')
    return send(
      res,
      410,
      'Link expired',
      html`<p>This registration link has expired. Ask the assistant for a new one.</p>`,
    );
  const { user } = link;
  if (req.method === 'GET' || req.method === 'HEAD') return send(res, 200, TITLE, form(user));
  if (req.method !== 'POST')
    return send(res, 405, 'Method not allowed', html`<p>Open the link, then send the form.</p>`, {
      allow: 'GET, POST',
    });
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
    return send(res, 415, TITLE, form(user, 'Send the form from this page.'));
  const body = await readBodyWithin(req, MAX_FORM_BYTES);
  if (body === undefined)
    return send(res, 413, TITLE, form(user, `The form is larger than ${MAX_FORM_BYTES} bytes.`));
  const token = new URLSearchParams(body.toString('utf8')).get('api_token')?.trim();
  if (!token) return send(res, 422, TITLE, form(user, 'Enter your API token.'));
  let identity: TokenIdentity;
  try {
    identity = await page.check(token);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 401 || status === 403)
      return send(
        res,
        422,
        TITLE,
        form(user, `The Tracker service refused this token (${status}). Check it and try again.`),
      );
    return send(
      res,
      503,
      TITLE,
      form(user, 'The Tracker service could not check the token now. Try again in a minute.'),
      { 'retry-after': '30' },
    );
  }
  // The first accepted token uses the link up; a POST that lost the race is refused like any later one.
  const confirmation = await page.links.stage(code, user, token);
  if (confirmation === undefined) return send(res, 410, 'Link already used', USED);
  return send(res, 200, 'Confirm in the assistant', staged(identity, confirmation));
}
