// @trackerkit/core/html: the one escaping rule of the suite's server-rendered pages (the receiver's
// /ui, the emulator's console, the MCP server's registration page). A subpath of its own: only
// those servers need it.
export { escapeHtml, html, SafeHtml } from './html.ts';
