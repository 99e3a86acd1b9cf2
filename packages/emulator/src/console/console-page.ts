// The page at `/_emulator`: what a person who opened the printed console URL in a browser wants
// to see. Where the service is, the token to use, the seeded account and space, where alerts go,
// the clock, what else the embedder runs beside it (`pnpm start` lists its MCP server and
// receiver), and the console's JSON endpoints (no auth: the console is local). No script, no remote load: one small page.
import { html } from '@trackerkit/core/html';

/** Another service running beside the emulator, shown on the page (e.g. by `pnpm start`). */
export interface ConsoleLink {
  name: string;
  url: string;
  /** One line more: a token to send, what it does. */
  detail?: string;
  /** A page of that service for a browser (the receiver's /ui): shown as a link, not as text. */
  page?: { text: string; href: string };
}

export interface ConsolePageInfo {
  baseUrl: string;
  token: string;
  accountId: string;
  spaceId: string;
  webhookUrl: string | null;
  clock: { mode: string; now: string };
  links: readonly ConsoleLink[];
  /** The console's routes, `METHOD /_emulator/...`. */
  endpoints: readonly string[];
}

export function consolePage(info: ConsolePageInfo): string {
  const row = (name: string, value: unknown, detail?: string, page?: ConsoleLink['page']) =>
    html`<tr><th>${name}</th><td><code>${value}</code>${detail ? html` <span class="muted">${detail}</span>` : ''}${page ? html` <a href="${page.href}">${page.text}</a>` : ''}</td></tr>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>trackerkit emulator</title>
<style>:root{color-scheme:light dark}body{font:14px/1.45 system-ui,sans-serif;margin:1.2em}
th{text-align:left;padding:.3em 1em .3em 0;vertical-align:top}td{padding:.3em 0}.muted{opacity:.7}</style></head>
<body><h1>trackerkit emulator</h1>
<p>A local Tracker Monitoring Service. Send the token as <code>Authorization: Bearer …</code>.</p>
<h2>Running</h2><table>
${row('Tracker API', info.baseUrl)}
${row('API token', info.token)}
${row('Account', info.accountId)}
${row('Space', info.spaceId)}
${row('Account webhook', info.webhookUrl ?? 'not set')}
${row('Clock', info.clock.now, `(${info.clock.mode})`)}
${info.links.map((link) => row(link.name, link.url, link.detail, link.page))}
</table>
<h2>Console endpoints</h2><table>
${info.endpoints.map((route) => html`<tr><td><code>${route}</code></td></tr>`)}
</table></body></html>`.value;
}
