import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import { type RetryPolicy, type RetryResult, withRetries } from './retry.ts';
import type { AttemptListener } from './webhook-sender.ts';

export const ALERT_MAIL_FROM = 'Tracker alerts <alerts@emulator.trackerkit.test>';

export interface AlertMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends alert mail through a real SMTP server (`--smtp-url`). Without one, mail goes to nodemailer's
 * JSON transport: it is built like real mail and logged to stderr, and counts as delivered.
 */
export class EmailSender {
  readonly #transport: Transporter;
  readonly #log: (line: string) => void;
  readonly #captured: boolean;

  constructor(smtpUrl: string | undefined, log: (line: string) => void) {
    this.#captured = !smtpUrl;
    this.#transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
    this.#log = log;
  }

  send(
    mail: AlertMail,
    policy: RetryPolicy,
    signal?: AbortSignal,
    onAttempt: AttemptListener = () => {},
  ): Promise<RetryResult> {
    const headers = { from: ALERT_MAIL_FROM, to: mail.to, subject: mail.subject };
    return withRetries(
      async (n) => {
        const record = (outcome: 'success' | 'failed', error: string | null) =>
          onAttempt({ attempt: n, at: new Date().toISOString(), outcome, status: null, error, headers });
        try {
          await this.#transport.sendMail({ ...headers, text: mail.text });
        } catch (error) {
          record('failed', (error as Error).message);
          throw error;
        }
        record('success', null);
        if (this.#captured) this.#log(`@trackerkit/emulator: alert mail to ${mail.to}: ${mail.subject}`);
        return { ok: true };
      },
      policy,
      signal,
    );
  }

  close(): void {
    this.#transport.close();
  }
}
