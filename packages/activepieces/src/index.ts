// Public API of @trackerkit/activepieces. Activepieces loads the piece from the package's exports;
// the actions, triggers and the alert intake are exported for tests and for composing other pieces.
export { customApiCall, tokenMayGoTo } from './actions/custom-api-call.ts';
export { findRun, runTracker } from './actions/runs.ts';
export { createTracker, deleteTracker, findTracker, getTracker, updateTracker } from './actions/trackers.ts';
export { uploadRows } from './actions/vault.ts';
export {
  type ConnectionProps,
  type ConnectionValue,
  clientOf,
  connectionProblem,
  trackerAuth,
} from './auth.ts';
export { tracker } from './piece.ts';
export { spaceOptions, trackerOptions } from './props.ts';
export { type AlertRequest, type Intake, SEEN_CAP, SEEN_KEY, takeAlert } from './triggers/alert-intake.ts';
export { matchesFilters, newAlert } from './triggers/new-alert.ts';
export { finishedRuns, newSignal, runFailed } from './triggers/run-polling.ts';
