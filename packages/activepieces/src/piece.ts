// The piece: one connection, the actions and the triggers.
import { createPiece } from '@activepieces/pieces-framework';
import { customApiCall } from './actions/custom-api-call.ts';
import { findRun, runTracker } from './actions/runs.ts';
import { createTracker, deleteTracker, findTracker, getTracker, updateTracker } from './actions/trackers.ts';
import { uploadRows } from './actions/vault.ts';
import { trackerAuth } from './auth.ts';
import { newAlert } from './triggers/new-alert.ts';
import { newSignal, runFailed } from './triggers/run-polling.ts';

/** The Activepieces release whose framework this piece is built on (pieces-framework 0.32). */
const MINIMUM_RELEASE = '0.73.0';

export const tracker = createPiece({
  displayName: 'Tracker',
  description:
    'Trackers, runs and vault data of the Tracker Monitoring Service; signal, failure and alert triggers.',
  logoUrl:
    'https://raw.githubusercontent.com/trackerkit/trackerkit/main/packages/n8n-nodes-tracker/nodes/Tracker/tracker.svg',
  authors: ['trackerkit'],
  auth: trackerAuth,
  minimumSupportedRelease: MINIMUM_RELEASE,
  actions: [
    createTracker,
    runTracker,
    uploadRows,
    updateTracker,
    deleteTracker,
    getTracker,
    findTracker,
    findRun,
    customApiCall,
  ],
  triggers: [newSignal, runFailed, newAlert],
});
