import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { offeredLink } from '../../alerts/run-link.ts';
import { list, secretRef } from '../../config-common/schema-parts.ts';
import { chatGroup, cutEscaped, defuse, leftOutText, packPosts } from '../chat-message.ts';
import type { DeliveryJob, DeliveryOutcome, Destination } from '../types.ts';
import { defineDestination } from './define.ts';

export interface EmailConfig {
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

/**
 * The one escaping function for e-mail: text from the service, defused. Mail is sent as plain text
 * only (no HTML part), so markup in it is shown as written; mail readers that turn `https://` or
 * `www.` into links find none in the service's text.
 */
export function emailText(text: string): string {
  return defuse(text);
}

/**
 * E-mail has no limit a message of ours approaches (SMTP servers refuse megabytes: Postfix's
 * default `message_size_limit` is 10,240,000 bytes), so these are the receiver's own, for a reader:
 * a subject mail clients show whole, and a body of at most 100,000 bytes of UTF-8 text (Gmail
 * clips a message past about 102 KB). A group's alerts past the body are counted, with the link.
 */
export const EMAIL_LIMITS = { subjectChars: 250, bodyBytes: 100_000 };

const byteLength = (text: string) => Buffer.byteLength(text);

/**
 * Subject and body: one alert whole with its run's link (its text cut to the body's limit), or a
 * group with one line per alert, as many as the body holds, and the group's page.
 */
export function emailMessage(job: DeliveryJob, externalURL = ''): { subject: string; text: string } {
  const group = chatGroup(job, externalURL);
  const subject = cutEscaped(group ? group.title : job.summary.title, EMAIL_LIMITS.subjectChars, emailText);
  if (group) {
    const link = group.link ? ['', `The group in the receiver: ${group.link}`] : [];
    const [text] = packPosts({
      lines: group.lines.map((l) => `• ${emailText(l)}`),
      maxPosts: 1,
      build: (lines, _index, left) =>
        [...lines, ...(left > 0 ? [leftOutText(left, group.link)] : link)].join('\n'),
      fits: (text) => byteLength(text) <= EMAIL_LIMITS.bodyBytes,
    });
    return { subject, text: text! };
  }
  const s = job.summary;
  const url = offeredLink(s.url);
  const run = url ? `\nRun: ${url}` : '';
  const text = [s.headline, s.reason, s.analysis].filter(Boolean).join('\n');
  const body = cutEscaped(text, EMAIL_LIMITS.bodyBytes - byteLength(run), emailText, byteLength);
  return { subject, text: `${body}${run}` };
}

/** SMTP through nodemailer. A 4xx reply or a network failure is retried; a 5xx reply is permanent. */
function createEmailDestination(config: EmailConfig, externalURL: () => string = () => ''): Destination {
  // nodemailer is loaded by the first e-mail, not at start: a restarted receiver answers sooner.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
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
      }),
    ));
  return {
    name: config.name,
    type: 'email',
    groups: true,
    async deliver(job): Promise<DeliveryOutcome> {
      const { subject, text } = emailMessage(job, externalURL());
      try {
        await (await transportOf()).sendMail({
          from: config.from,
          to: config.to,
          subject,
          text,
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
    close: async () => (await transport)?.close(),
  };
}

/** E-mail through an SMTP server (Alertmanager's email_configs). */
export const emailDefinition = defineDestination({
  type: 'email',
  integration: 'email_configs',
  fields: {
    smtp: z.strictObject({
      host: z.string().min(1),
      port: z.number().int().min(1).max(65535).default(587),
      secure: z.boolean().default(false),
      require_tls: z.boolean().default(false),
      user: secretRef.optional(),
      pass: secretRef.optional(),
    }),
    from: z.string().min(3),
    to: list(z.string().min(3)),
  },
  normalize: (d, ctx): Omit<EmailConfig, 'name' | 'timeoutMs'> => {
    const { host, port, secure, require_tls, user, pass } = d.smtp;
    return {
      smtp: {
        host,
        port,
        secure,
        requireTls: require_tls,
        ...(user ? { user: ctx.secret(user, 'smtp.user') } : {}),
        ...(pass ? { pass: ctx.secret(pass, 'smtp.pass') } : {}),
      },
      from: d.from,
      to: Array.isArray(d.to) ? d.to : [d.to],
    };
  },
  secrets: { smtp: (smtp) => [smtp.pass], from: false, to: false },
  create: (config, ctx) => createEmailDestination(config, ctx.externalURL),
});
