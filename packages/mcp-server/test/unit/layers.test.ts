import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The MCP server's layers, lowest first: the generated document and the server's configuration;
// sealing secrets; the HTTP edge's checks (host, origin, body); the Tracker service's client; the
// tool machinery (definitions, their context, task backing, errors, schemas, the call runner);
// files and URL uploads; rendering; MCP apps; resources; live subscriptions; tasks; the tools
// themselves; OAuth; the McpServer assembly; the HTTP and stdio transports that serve it.
// index.ts and bin.ts put them together and belong to no layer.
const ORDER = [
  'generated',
  'config',
  'secrets',
  'http-edge',
  'service',
  'tool-api',
  'files',
  'rendering',
  'apps',
  'resources',
  'subscriptions',
  'tasks',
  'tools',
  'oauth',
  'server',
  'transport',
];

describeLayers("the MCP server's layers", new URL('../../src/', import.meta.url), ORDER);
