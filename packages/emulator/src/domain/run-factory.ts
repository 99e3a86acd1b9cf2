import { estimateRunCost } from '@trackerkit/core';
import type { App } from '../app.ts';
import { Refusal } from '../errors/errors.ts';
import { newId } from '../ids.ts';
import type { RunRecord, TrackerRecord } from '../store/records.ts';

export interface RunRequest {
  triggerType: 'manual' | 'scheduled';
  sync: boolean;
  context: Record<string, unknown> | null;
}

/** Stores a pending run of `tracker` (402 when the account's balance does not cover its cost). */
export function createRun(app: App, tracker: TrackerRecord, request: RunRequest): RunRecord {
  const cost = estimateRunCost(tracker.agent_config, { skillCosts: app.options.skillCosts }).quants;
  const account = app.store.accounts.get(tracker.account_id);
  if (account && account.quants_balance !== null && cost > account.quants_balance) {
    throw new Refusal(
      'insufficient_balance',
      `Insufficient quants: the run costs ${cost}, the balance is ${account.quants_balance}`,
    );
  }
  const run: RunRecord = {
    id: newId('run'),
    account_id: tracker.account_id,
    tracker_id: tracker.id,
    space_id: tracker.space_id,
    status: 'pending',
    created_at: app.clock.now(),
    started_at: null,
    completed_at: null,
    quants_used: cost,
    result: null,
    config_snapshot: {
      agent_config: structuredClone(tracker.agent_config),
      trigger_type: request.triggerType,
      sync: request.sync,
    },
    notification_delivery: { email: null, webhook: null },
    error_message: null,
    alerted: false,
    context: request.context,
    seq: app.store.nextSeq(),
  };
  app.store.runs.put(run);
  return run;
}
