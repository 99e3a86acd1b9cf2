import nodemailer from 'nodemailer';
import { alertText } from '../format-alert.ts';
import type { DeliveryOutcome, Destination } from '../types.ts';

interface EmailConfig {
  name: string;
  timeoutMs: number;
  smtp: {
    host: string;
    port: number;
    secure: boolean;
    requireTls: boolean;
    user?: string;
    pass?: string;
    /** The EHLO name (Alertmanager's `hello`); nodemailer's own default (the host name) when absent. */
    hello?: string;
  };
  from: string;
  to: string[];
}

/** SMTP through nodemailer. A 4xx reply or a network failure is retried; a 5xx reply is permanent. */
export function createEmailDestination(config: EmailConfig): Destination {
  const transport = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    // Without require_tls, STARTTLS is still used whenever the server offers it: credentials and
    // alert text never go in clear text to a server that could have encrypted them.
    requireTLS: config.smtp.requireTls,
    ...(config.smtp.hello ? { name: config.smtp.hello } : {}),
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    ...(config.smtp.user ? { auth: { user: config.smtp.user, pass: config.smtp.pass ?? '' } } : {}),
  });
  return {
    name: config.name,
    type: 'email',
    groups: true,
    async deliver(job): Promise<DeliveryOutcome> {
      const s = job.summary;
      try {
        await transport.sendMail({
          from: config.from,
          to: config.to,
          subject: s.title,
          text: alertText(s),
          // Same Message-ID on every retry: mail systems and readers can drop the duplicate.
          messageId: `<${job.idempotencyKey}@trackerkit.webhooks>`,
          headers: { 'Idempotency-Key': job.idempotencyKey },
        });
        return { ok: true, status: 250 };
      } catch (error) {
        const err = error as Error & { responseCode?: number };
        const code = err.responseCode ?? null;
        return {
          ok: false,
          retryable: code === null || code < 500,
          status: code,
          error: `SMTP: ${err.message}`,
        };
      }
    },
    close: () => transport.close(),
  };
}
