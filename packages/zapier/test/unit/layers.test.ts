import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The integration's layers, lowest first: its version, the client every step runs with and the
// authentication test built on it; the request bodies, input fields and samples the steps share;
// the triggers, searches and creates, which share nothing. index.ts lists them for Zapier and
// belongs to no layer.
const ORDER = [
  'version.ts',
  'tracker-client.ts',
  'authentication.ts',
  ['body.ts', 'fields.ts', 'samples.ts'],
  ['triggers', 'searches', 'creates'],
];

describeLayers("the integration's layers", new URL('../../src/', import.meta.url), ORDER);
