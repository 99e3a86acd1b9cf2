import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The client's layers, lowest first: its errors and clock; the checks before a request is sent
// (validate) and the HTTP edge that sends it, which share nothing; the vault's batching and pacing;
// one module per resource; the cost estimate; the client that puts the resources together.
// index.ts re-exports them all and belongs to no layer.
const ORDER = ['errors.ts', 'clock.ts', ['validate', 'http'], 'vault', 'resources', 'cost.ts', 'client.ts'];

describeLayers("the client's layers", new URL('../../src/', import.meta.url), ORDER);
