// The Tracker › Update workflow of editor-rest.suite.ts and its credential (a service that replaces
// nested objects on PATCH), built the way the editor saves them.

export function updateCredential(baseUrl: string, token: string) {
  return {
    id: 'trackerApiReplace',
    name: 'Tracker API (replacing PATCH)',
    type: 'trackerApi',
    data: { baseUrl, apiToken: token },
  };
}

/** Adds an upper bound and changes the instruction: every other nested field must survive. */
export function updateWorkflow(trackerId: string) {
  const nodes = [
    {
      id: 'update-1',
      name: 'Start',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 300],
      parameters: {},
    },
    {
      id: 'update-2',
      name: 'Add Upper Bound',
      type: 'CUSTOM.tracker',
      typeVersion: 1,
      position: [220, 300],
      parameters: {
        resource: 'tracker',
        operation: 'update',
        trackerId: { __rl: true, mode: 'id', value: trackerId },
        updateFields: { instruction: 'Assess again.' },
        notification: { notifyAbove: true, upperThreshold: 8 },
      },
      credentials: { trackerApi: { id: 'trackerApiReplace', name: 'Tracker API (replacing PATCH)' } },
    },
  ];
  return {
    id: 'wfUpdate0001',
    name: 'Tracker update keeps nested fields',
    active: false,
    nodes,
    connections: { Start: { main: [[{ node: 'Add Upper Bound', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
    pinData: {},
  };
}
