// The page a signed-in user opens from a one-time link (registration-link.ts) to enter their
// Tracker API token in the browser instead of the conversation. Server-rendered with the core's
// escaping `html`; no script; a strict CSP; nothing cached or sent on as a referrer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, SafeHtml } from '@trackerkit/core';
import { readBodyWithin } from '../read-body.ts';
import { REGISTRATION_LINK_TTL_MS, type RegistrationLinks } from './registration-link.ts';
import type { TokenSubject } from './token-claims.ts';

export const REGISTRATION_PATH = '/register/';
const MAX_FORM_BYTES = 4096;

export interface RegistrationPage {
  links: RegistrationLinks;
  /** Checks the token with the service, then keeps it for `user`; resolves with the spaces it sees. */
  register(user: TokenSubject, token: string): Promise<{ spaces: number }>;
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
.error{color:#cf222e}.ok{color:#1a7f37}small{color:GrayText}`;

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

function form(user: TokenSubject, error?: string): SafeHtml {
  return html`<p>Signed in as <b>${user.subject}</b> (${user.issuer}). The token is checked with the
Tracker service, then kept on this server, encrypted; it does not pass through the conversation.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post"><label for="api_token">Tracker API token</label>
<input id="api_token" name="api_token" type="password" autocomplete="off" required autofocus>
<button type="submit">Register</button></form>
<p><small>This link works for ${REGISTRATION_LINK_TTL_MS / 60_000} minutes from when the assistant made it.</small></p>`;
}

/** GET shows the form, POST registers; every answer is a page a person reads. */
export async function handleRegistration(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  page: RegistrationPage,
): Promise<void> {
  const user = page.links.open(pathname.slice(REGISTRATION_PATH.length));
  if (user === undefined)
    return send(
      res,
      404,
      'Link not valid',
      html`<p>This registration link is not valid. Ask the assistant for a new one.</p>`,
    );
  if (user === 'expired')
    return send(
      res,
      410,
      'Link expired',
      html`<p>This registration link has expired. Ask the assistant for a new one.</p>`,
    );
  if (req.method === 'GET' || req.method === 'HEAD')
    return send(res, 200, 'Register your Tracker API token', form(user));
  if (req.method !== 'POST')
    return send(res, 405, 'Method not allowed', html`<p>Open the link, then send the form.</p>`, {
      allow: 'GET, POST',
    });
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
    return send(res, 415, 'Register your Tracker API token', form(user, 'Send the form from this page.'));
  const body = await readBodyWithin(req, MAX_FORM_BYTES);
  if (body === undefined)
    return send(
      res,
      413,
      'Register your Tracker API token',
      form(user, `The form is larger than ${MAX_FORM_BYTES} bytes.`),
    );
  const token = new URLSearchParams(body.toString('utf8')).get('api_token')?.trim();
  if (!token) return send(res, 422, 'Register your Tracker API token', form(user, 'Enter your API token.'));
  try {
    const { spaces } = await page.register(user, token);
    return send(
      res,
      200,
      'Registered',
      html`<p class="ok">Your token is registered: the assistant now acts with your own Tracker account (${spaces} space${spaces === 1 ? '' : 's'} visible). You can close this page.</p>`,
    );
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 401 || status === 403)
      return send(
        res,
        422,
        'Register your Tracker API token',
        form(user, `The Tracker service refused this token (${status}). Check it and try again.`),
      );
    return send(
      res,
      503,
      'Register your Tracker API token',
      form(user, 'The Tracker service could not check the token now. Try again in a minute.'),
      { 'retry-after': '30' },
    );
  }
}
