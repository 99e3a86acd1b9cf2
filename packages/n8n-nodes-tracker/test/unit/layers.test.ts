import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The package's layers, lowest first: what every node shares (nodes/shared, with its bundle of the
// rulebook); the nodes, which share nothing with each other, and the credentials, which n8n links to
// a node by name, never by import; "Tracker Trigger", the versioned node made of the alert trigger
// (its version 1) and the signal trigger (its version 2).
const ORDER = [
  'nodes/shared',
  ['credentials', 'nodes/Tracker', 'nodes/TrackerAlertTrigger', 'nodes/TrackerSignalTrigger'],
  'nodes/TrackerTrigger',
];

describeLayers("the package's layers", new URL('../../', import.meta.url), ORDER, { placed: 'nodes' });
