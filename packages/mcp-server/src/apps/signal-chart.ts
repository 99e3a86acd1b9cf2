// The signal chart as an MCP Apps `ui://` resource (the extension's server helpers register it);
// list_runs names it in its `_meta.ui`, so a host with Apps support shows it beside the result and
// any other client gets list_runs' structured content and text as before.

import { RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { SIGNAL_CHART_HTML } from './signal-chart-view.ts';

export const SIGNAL_CHART_URI = 'ui://trackerkit/signal-chart.html';

/**
 * A tool's `_meta` for its view, as the Apps specification (2026-01-26) spells it. The
 * extension's registerAppTool also writes the flat `ui/resourceUri` key of its drafts; every
 * tools/list would pay ~15 tokens for it, so tools register through McpServer as the others do.
 */
export function appToolMeta(resourceUri: string) {
  return { ui: { resourceUri } };
}

export function registerSignalChart(server: McpServer): void {
  registerAppResource(
    server,
    'signal_chart',
    SIGNAL_CHART_URI,
    {
      title: 'Signal chart',
      description: "A tracker's scores over time with its alert bounds and the runs that alerted",
      // Self-contained: the view fetches nothing, so it asks the host for no network access.
      _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
    },
    async () => ({
      contents: [{ uri: SIGNAL_CHART_URI, mimeType: RESOURCE_MIME_TYPE, text: SIGNAL_CHART_HTML }],
    }),
  );
}
