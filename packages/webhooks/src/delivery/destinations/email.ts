import nodemailer from 'nodemailer';
import { z } from 'zod';
import { list, secretRef } from '../../config/schema-parts.ts';
import { chatGroup, defuse } from '../chat-message.ts';
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
 * Subject and body: one alert whole with its run's link, or a group with one line per alert (mail
 * has no size limit that 150 lines approach, so every alert is named) and the group's page.
 */
function emailMessage(job: DeliveryJob, externalURL = ''): { subject: string; text: string } {
  const group = chatGroup(job, externalURL);
  if (group) {
    const link = group.link ? ['', `The group in the receiver: ${group.link}`] : [];
    return {
      subject: emailText(group.title),
      text: [...group.lines.map((l) => `• ${emailText(l)}`), ...link].join('\n'),
    };
  }
  const s = job.summary;
  const lines = [s.headline, s.reason, s.analysis].filter(Boolean).map(emailText);
  return { subject: emailText(s.title), text: [...lines, ...(s.url ? [`Run: ${s.url}`] : [])].join('\n') };
}

/** SMTP through nodemailer. A 4xx reply or a network failure is retried; a 5xx reply is permanent. */
function createEmailDestination(config: EmailConfig, externalURL: () => string = () => ''): Destination {
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
      const { subject, text } = emailMessage(job, externalURL());
      try {
        await transport.sendMail({
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
    close: () => transport.close(),
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
