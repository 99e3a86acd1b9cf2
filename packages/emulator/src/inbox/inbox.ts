/**
 * Every alert the emulator sends (webhook events, including `tracker.alert.resolved`, and e-mails),
 * with its payload, headers and each delivery attempt's outcome: what a test reads instead of
 * running a webhook sink or an SMTP server. Kept in memory; cleared by reset.
 */
export interface InboxAttempt {
  attempt: number;
  /** Real time of the attempt (deliveries run in real time, like `webhook-timestamp`). */
  at: string;
  outcome: 'success' | 'failed';
  /** The receiver's HTTP status (webhook), when it answered. */
  status: number | null;
  error: string | null;
  /** The headers of this attempt (each webhook attempt is signed with its own timestamp). */
  headers: Record<string, string>;
}

export interface InboxMessage {
  message_id: string;
  channel: 'webhook' | 'email';
  /** `tracker.alert` or `tracker.alert.resolved`. */
  event: string;
  account_id: string;
  tracker_id: string;
  run_id: string;
  /** The webhook URL or the e-mail address. */
  to: string | null;
  /** Emulator-clock instant the delivery began. */
  sent_at: string;
  /** The webhook's JSON event, or the mail's `{from, to, subject, text}`. */
  payload: unknown;
  status: 'pending' | 'success' | 'failed';
  attempts: InboxAttempt[];
}

export interface InboxFilter {
  tracker_id?: string;
  event?: string;
  channel?: string;
  /** ISO instants on the emulator clock, inclusive. */
  since?: string;
  until?: string;
}

export class Inbox {
  #messages: InboxMessage[] = [];

  open(message: Omit<InboxMessage, 'status' | 'attempts'>): InboxMessage {
    const record: InboxMessage = { ...message, status: 'pending', attempts: [] };
    this.#messages.push(record);
    return record;
  }

  /** Newest first, filtered. */
  list(filter: InboxFilter = {}): InboxMessage[] {
    const since = filter.since === undefined ? null : Date.parse(filter.since);
    const until = filter.until === undefined ? null : Date.parse(filter.until);
    return this.#messages
      .filter((m) => filter.tracker_id === undefined || m.tracker_id === filter.tracker_id)
      .filter((m) => filter.event === undefined || m.event === filter.event)
      .filter((m) => filter.channel === undefined || m.channel === filter.channel)
      .filter((m) => since === null || Date.parse(m.sent_at) >= since)
      .filter((m) => until === null || Date.parse(m.sent_at) <= until)
      .reverse()
      .map((m) => structuredClone(m));
  }

  clear(): number {
    const count = this.#messages.length;
    this.#messages = [];
    return count;
  }
}
