import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The piece's layers, lowest first: the connection (auth.ts), the inputs' checks, the sample
// outputs and the shared properties; the actions and the triggers, which share nothing; the piece
// that lists them. index.ts re-exports the piece and belongs to no layer.
const ORDER = ['auth.ts', ['inputs.ts', 'samples.ts'], 'props.ts', ['actions', 'triggers'], 'piece.ts'];

describeLayers("the piece's layers", new URL('../../src/', import.meta.url), ORDER);
