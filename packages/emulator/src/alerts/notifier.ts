import { createHash } from 'node:crypto';
import {
  ALERT_EVENT,
  type AlertData,
  alertRuleOf,
  type ChannelDelivery,
  evaluateAlert,
} from '@trackerkit/core';
import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import type { InboxMessage } from '../inbox/inbox.ts';
import type { AccountRecord, RunRecord, TrackerRecord } from '../store/records.ts';
import { ALERT_MAIL_FROM, type AlertMail, type EmailSender } from './email-sender.ts';
import type { RetryResult } from './retry.ts';
import { sendWebhook, type WebhookTarget } from './webhook-sender.ts';

/**
 * The `webhook-id` of a run's event: derived from the run, so the re-execution of a run cut short by
 * a restart sends the same id and receivers drop the duplicate.
 */
function messageId(runId: string, type: string): string {
  const hex = createHash('sha256').update(`${runId}:${type}`).digest('hex');
  return `msg_${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What an alert is about: the run, its tracker and account, its result and the alert rule. */
interface AlertAbout {
  run: RunRecord;
  tracker: TrackerRecord;
  account: AccountRecord;
  result: NonNullable<RunRecord['result']>;
  rule: AlertData['rule'];
}

type FiredEvent = { type: typeof ALERT_EVENT.fired; timestamp: string; data: AlertData };

export interface NotifyOutcome {
  delivery: RunRecord['notification_delivery'];
  alerted: boolean;
}

/**
 * After a completed run: evaluates the tracker's alert condition, delivers to the enabled channels
 * and returns the per-channel records; sends `tracker.alert.resolved` when the run is back inside
 * after an alerting run. Resolved events are not recorded in notification_delivery.
 */
export class Notifier {
  readonly #app: App;
  readonly #email: EmailSender;
  readonly #abort = new AbortController();

  constructor(app: App, email: EmailSender) {
    this.#app = app;
    this.#email = email;
  }

  async notify(run: RunRecord, tracker: TrackerRecord): Promise<NotifyOutcome> {
    const none: NotifyOutcome = { delivery: { email: null, webhook: null }, alerted: false };
    const config = tracker.notification_config;
    const result = run.result;
    if (!config || !result || (!config.email_enabled && !config.webhook_enabled)) return none;
    const account = this.#app.store.accounts.get(tracker.account_id);
    if (!account) return none;
    const decision = evaluateAlert(config, result, this.#app.options.signalLevelMatch);
    const rule = decision?.rule ?? alertRuleOf(config) ?? 'bounds';
    const about: AlertAbout = { run, tracker, account, result, rule };
    const target = { url: account.webhook_url, secret: account.webhook_secret };
    if (!decision) {
      if (config.webhook_enabled && this.#app.options.resolveEvents && this.#previousAlerted(run))
        await this.#sendResolved(about, target);
      return none;
    }
    const event = {
      type: ALERT_EVENT.fired,
      timestamp: iso(this.#app.clock.now()),
      data: this.#alertData(about, decision.reason, decision.bound, decision.threshold),
    };
    const record = (outcome: RetryResult): ChannelDelivery => ({
      status: outcome.ok ? 'success' : 'failed',
      reason: decision.reason,
      attempts: outcome.attempts,
      delivered_at: outcome.ok ? iso(this.#app.clock.now()) : null,
      error: outcome.error,
    });
    const [webhook, email] = await Promise.all([
      config.webhook_enabled ? this.#sendFiredWebhook(run, target, event).then(record) : null,
      config.email_enabled ? this.#sendFiredMail(about, event.type, decision.reason).then(record) : null,
    ]);
    return { delivery: { email, webhook }, alerted: true };
  }

  #policy() {
    return {
      backoffSeconds: this.#app.options.webhookBackoffSeconds,
      retryAfterMaxSeconds: this.#app.options.webhookRetryAfterMaxSeconds,
    };
  }

  #alertData(
    { run, tracker, account, result, rule }: AlertAbout,
    reason: string,
    bound: AlertData['bound'],
    threshold: AlertData['threshold'],
  ): AlertData {
    return {
      account_id: account.id,
      space_id: tracker.space_id,
      tracker_id: tracker.id,
      tracker_name: tracker.name,
      run_id: run.id,
      score: result.score,
      signal: result.signal,
      analysis: result.analysis,
      rule,
      bound,
      threshold,
      reason,
      trigger_type: run.config_snapshot.trigger_type,
      completed_at: iso(run.completed_at ?? this.#app.clock.now()),
      url: null,
    };
  }

  /** `tracker.alert.resolved`: the run is back inside after an alerting run (not recorded on the run). */
  async #sendResolved(about: AlertAbout, target: WebhookTarget): Promise<void> {
    const { run, result } = about;
    const event = {
      type: ALERT_EVENT.resolved,
      timestamp: iso(this.#app.clock.now()),
      data: this.#alertData(about, `Score ${result.score} is back inside the alert condition.`, null, null),
    };
    const id = messageId(run.id, event.type);
    const entry = this.#open(run, 'webhook', event.type, id, target.url, event);
    const outcome = await sendWebhook(target, event, id, this.#policy(), this.#abort.signal, (a) =>
      entry.attempts.push(a),
    );
    this.#close(entry, outcome);
    if (!outcome.ok)
      this.#app.log(`@trackerkit/emulator: resolved event for ${run.id} failed: ${outcome.error}`);
  }

  async #sendFiredWebhook(run: RunRecord, target: WebhookTarget, event: FiredEvent): Promise<RetryResult> {
    const id = messageId(run.id, event.type);
    const entry = this.#open(run, 'webhook', event.type, id, target.url, event);
    const outcome = await sendWebhook(target, event, id, this.#policy(), this.#abort.signal, (a) =>
      entry.attempts.push(a),
    );
    this.#close(entry, outcome);
    return outcome;
  }

  async #sendFiredMail(
    { run, tracker, account, result }: AlertAbout,
    type: string,
    reason: string,
  ): Promise<RetryResult> {
    const mail: AlertMail = {
      to: account.email,
      subject: `Tracker alert: ${tracker.name} scored ${result.score} (${result.signal}) - ${reason}`,
      text: `${reason}\n\nTracker: ${tracker.name} (${tracker.id})\nRun: ${run.id}\nScore: ${result.score}\nSignal: ${result.signal}\n\n${result.analysis}\n`,
    };
    const payload = { from: ALERT_MAIL_FROM, ...mail };
    const id = messageId(run.id, `${type}:email`);
    const entry = this.#open(run, 'email', type, id, mail.to, payload);
    const outcome = await this.#email.send(mail, this.#policy(), this.#abort.signal, (a) =>
      entry.attempts.push(a),
    );
    this.#close(entry, outcome);
    return outcome;
  }

  #open(
    run: RunRecord,
    channel: InboxMessage['channel'],
    event: string,
    id: string,
    to: string | null,
    payload: unknown,
  ): InboxMessage {
    return this.#app.inbox.open({
      message_id: id,
      channel,
      event,
      account_id: run.account_id,
      tracker_id: run.tracker_id,
      run_id: run.id,
      to,
      sent_at: iso(this.#app.clock.now()),
      payload,
    });
  }

  #close(entry: InboxMessage, outcome: RetryResult): void {
    entry.status = outcome.ok ? 'success' : 'failed';
  }

  #previousAlerted(run: RunRecord): boolean {
    const previous = this.#app.store.runs
      .by('tracker_id', run.tracker_id)
      .filter((r) => r.id !== run.id && r.status === 'completed' && r.seq < run.seq)
      .sort((a, b) => b.seq - a.seq)[0];
    return previous?.alerted === true;
  }

  close(): void {
    this.#abort.abort();
    this.#email.close();
  }
}
