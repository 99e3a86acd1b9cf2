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
import type { RunRecord, TrackerRecord } from '../store/records.ts';
import { ALERT_MAIL_FROM, type AlertMail, type EmailSender } from './email-sender.ts';
import type { RetryResult } from './retry.ts';
import { sendWebhook } from './webhook-sender.ts';

/**
 * The `webhook-id` of a run's event: derived from the run, so the re-execution of a run cut short by
 * a restart sends the same id and receivers drop the duplicate.
 */
function messageId(runId: string, type: string): string {
  const hex = createHash('sha256').update(`${runId}:${type}`).digest('hex');
  return `msg_${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

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
    const policy = {
      backoffSeconds: this.#app.options.webhookBackoffSeconds,
      retryAfterMaxSeconds: this.#app.options.webhookRetryAfterMaxSeconds,
    };
    const signal = this.#abort.signal;
    const data = (
      reason: string,
      bound: AlertData['bound'],
      threshold: AlertData['threshold'],
    ): AlertData => ({
      account_id: account.id,
      space_id: tracker.space_id,
      tracker_id: tracker.id,
      tracker_name: tracker.name,
      run_id: run.id,
      score: result.score,
      signal: result.signal,
      analysis: result.analysis,
      rule: decision?.rule ?? alertRuleOf(config) ?? 'bounds',
      bound,
      threshold,
      reason,
      trigger_type: run.config_snapshot.trigger_type,
      completed_at: iso(run.completed_at ?? this.#app.clock.now()),
      url: null,
    });
    const target = { url: account.webhook_url, secret: account.webhook_secret };
    if (!decision) {
      if (config.webhook_enabled && this.#app.options.resolveEvents && this.#previousAlerted(run)) {
        const event = {
          type: ALERT_EVENT.resolved,
          timestamp: iso(this.#app.clock.now()),
          data: data(`Score ${result.score} is back inside the alert condition.`, null, null),
        };
        const id = messageId(run.id, event.type);
        const entry = this.#open(run, 'webhook', event.type, id, target.url, event);
        const outcome = await sendWebhook(target, event, id, policy, signal, (a) => entry.attempts.push(a));
        this.#close(entry, outcome);
        if (!outcome.ok)
          this.#app.log(`@trackerkit/emulator: resolved event for ${run.id} failed: ${outcome.error}`);
      }
      return none;
    }
    const record = (outcome: RetryResult): ChannelDelivery => ({
      status: outcome.ok ? 'success' : 'failed',
      reason: decision.reason,
      attempts: outcome.attempts,
      delivered_at: outcome.ok ? iso(this.#app.clock.now()) : null,
      error: outcome.error,
    });
    const event = {
      type: ALERT_EVENT.fired,
      timestamp: iso(this.#app.clock.now()),
      data: data(decision.reason, decision.bound, decision.threshold),
    };
    const mail: AlertMail = {
      to: account.email,
      subject: `Tracker alert: ${tracker.name} scored ${result.score} (${result.signal}) - ${decision.reason}`,
      text: `${decision.reason}\n\nTracker: ${tracker.name} (${tracker.id})\nRun: ${run.id}\nScore: ${result.score}\nSignal: ${result.signal}\n\n${result.analysis}\n`,
    };
    const hookId = messageId(run.id, event.type);
    const [webhook, email] = await Promise.all([
      config.webhook_enabled
        ? (async () => {
            const entry = this.#open(run, 'webhook', event.type, hookId, target.url, event);
            const outcome = await sendWebhook(target, event, hookId, policy, signal, (a) =>
              entry.attempts.push(a),
            );
            this.#close(entry, outcome);
            return record(outcome);
          })()
        : null,
      config.email_enabled
        ? (async () => {
            const payload = { from: ALERT_MAIL_FROM, ...mail };
            const mailId = messageId(run.id, `${event.type}:email`);
            const entry = this.#open(run, 'email', event.type, mailId, mail.to, payload);
            const outcome = await this.#email.send(mail, policy, signal, (a) => entry.attempts.push(a));
            this.#close(entry, outcome);
            return record(outcome);
          })()
        : null,
    ]);
    return { delivery: { email, webhook }, alerted: true };
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
