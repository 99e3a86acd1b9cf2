import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The rulebook's layers, lowest first. The generated document and the leaf files at the root of src/
// (a Problem, the document's types, the document itself) are what every rule is written in; rules are
// the v0.3 rules on values (net, rate, csv and html, below them, are siblings that share nothing); validate checks a request against the document's schema, then those rules;
// the edges (signing, retry, uploads, runs, paging, the HTTP edge) use both; the commands' flags come
// last. index.ts re-exports them all and belongs to no layer.
const ORDER = [
  'generated',
  'problem.ts',
  'types.ts',
  'document.ts',
  ['net', 'rate', 'csv', 'html'],
  'rules',
  'validate',
  'signing',
  'retry',
  'uploads',
  'runs',
  'paging.ts',
  'http',
  'cli',
];

describeLayers("the rulebook's layers", new URL('../../src/', import.meta.url), ORDER);
