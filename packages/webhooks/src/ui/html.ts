import { createHash } from 'node:crypto';
import { html, SafeHtml } from '@trackerkit/core/html';

export { escapeHtml, html, SafeHtml } from '@trackerkit/core/html';

/** An epoch-ms time as ISO 8601 UTC (what the logs and the CLI print). */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined || !Number.isFinite(ms) ? '-' : new Date(ms).toISOString();

const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--accent:#0969da;--bad:#cf222e;--ok:#1a7f37;--warn:#9a6700;--chip:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--accent:#4493f8;--bad:#f85149;--ok:#3fb950;--warn:#d29922;--chip:#151b23}}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,sans-serif}
header{display:flex;gap:1.2em;align-items:baseline;padding:.7em 1.2em;border-bottom:1px solid var(--line)}
header b{margin-right:1em}main{padding:1em 1.2em}a{color:var(--accent)}
nav a{margin-right:1em}nav a[aria-current]{font-weight:600;text-decoration:none;color:var(--fg)}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.35em .6em;border-bottom:1px solid var(--line)}
th{color:var(--muted);font-weight:600}code,pre{font:12px/1.4 ui-monospace,monospace}
pre{background:var(--chip);padding:.8em;overflow:auto;max-height:40em;white-space:pre-wrap;word-break:break-all}
.state{display:inline-block;padding:0 .45em;border-radius:.6em;background:var(--chip);border:1px solid var(--line)}
.s-delivered,.s-closed,.s-active{color:var(--ok)}.s-dead,.s-open{color:var(--bad)}
.s-pending,.s-half-open,.s-silenced,.s-inhibited,.s-muted,.s-suppressed{color:var(--warn)}
.muted{color:var(--muted)}.t{white-space:nowrap}.flash{padding:.5em .8em;border:1px solid var(--line);background:var(--chip)}
.error{color:var(--bad)}form.inline{display:inline}
label{display:block;margin:.5em 0 .2em}input,textarea{font:inherit;width:min(40em,100%);box-sizing:border-box}
button{font:inherit;padding:.25em .9em;cursor:pointer;white-space:nowrap}
code.label{display:inline-block;margin:.1em 0;padding:0 .3em;background:var(--chip);border-radius:.3em}
.held{margin-top:.2em}tr:target{outline:2px solid var(--accent)}form[role=search]{margin-bottom:1em}
`;

/** The CSP allows this one stylesheet and nothing else: no script, no remote load. */
export const STYLE_HASH = `sha256-${createHash('sha256').update(CSS).digest('base64')}`;

const PAGES = [
  ['/ui', 'Alerts'],
  ['/ui/destinations', 'Destinations'],
  ['/ui/dead-letters', 'Dead letters'],
  ['/ui/silences', 'Silences'],
] as const;

/** A whole page: navigation, the section's title, the body. */
export function layout(current: string, title: string, body: SafeHtml): string {
  const nav = PAGES.map(
    ([href, label]) =>
      html`<a href="${href}"${href === current ? new SafeHtml(' aria-current="page"') : ''}>${label}</a>`,
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · trackerkit webhooks</title><style>${new SafeHtml(CSS)}</style></head>
<body><header><b>trackerkit webhooks</b><nav>${nav}</nav></header>
<main><h1>${title}</h1>${body}</main></body></html>`.value;
}

/** A delivery, breaker or silence state as a coloured chip. */
export const stateChip = (state: string) =>
  html`<span class="state s-${state.replace(/[^a-z-]/g, '')}">${state}</span>`;
