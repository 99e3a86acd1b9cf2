import { z } from 'zod';
import { alertIdentity, trackerAlertLabels } from '../../alerts/alert-identity.ts';
import { type GroupNotification, groupKeyOf, webhookMessage } from '../../alerts/alertmanager-payload.ts';
import { wireJson } from '../../alerts/wire-json.ts';
import { basicAuth, oneAuth, type SecretRef, secretRef } from '../../config-common/schema-parts.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { credentialParts, defineDestination, type NormalizeContext, urlParts } from './define.ts';

export interface WebhookConfig {
  name: string;
  url: string;
  /** Alertmanager's `send_resolved` (its default for webhooks: true). */
  sendResolved: boolean;
  /** Alertmanager's `max_alerts`: 0 sends every alert of the group. */
  maxAlerts: number;
  /** Sent with every POST: the `Authorization` of Alertmanager's `http_config`, or any. */
  headers: Record<string, string>;
  /** The Alertmanager receiver this is an integration of: the payload's `receiver`. */
  receiver?: string;
}

/**
 * An event that reached the webhook without a group (an event type the document does not define,
 * routed by `catch_all`): a notification of its own, so the consumer still reads Alertmanager's shape.
 */
function loneNotification(job: DeliveryJob, now: number): GroupNotification {
  const alert = alertIdentity(job.event, now);
  const labels = alert?.labels ?? { ...trackerAlertLabels(job.event), event: job.event.type };
  return {
    receiver: '',
    groupKey: groupKeyOf('{}', labels),
    groupLabels: labels,
    at: now,
    alerts: [
      {
        fingerprint: alert?.fingerprint ?? '',
        labels,
        annotations: alert?.annotations ?? {},
        startsAt: alert?.startsAt ?? now,
        endsAt: alert?.endsAt ?? null,
        generatorURL: alert?.generatorURL ?? '',
        summary: job.summary,
      },
    ],
  };
}

/**
 * Alertmanager's webhook (`webhook_configs`): each group notification POSTed as Alertmanager's
 * version 4 payload (`webhookMessage`), so a consumer written for Alertmanager reads it unchanged.
 * `externalURL` is this receiver's public URL.
 */
function createWebhookDestination(config: WebhookConfig, externalURL: () => string): Destination {
  return {
    name: config.name,
    type: 'webhook',
    groups: true,
    sendResolved: config.sendResolved,
    deliver(job) {
      const lone = job.notification === undefined;
      const notification = job.notification ?? loneNotification(job, Date.now());
      const message = webhookMessage(
        lone ? { ...notification, receiver: config.receiver ?? config.name } : notification,
        { externalURL: externalURL(), maxAlerts: config.maxAlerts },
      );
      return postJson({
        url: config.url,
        body: wireJson(message),
        attempt: job,
        headers: {
          'user-agent': 'trackerkit-webhooks',
          ...config.headers,
          'idempotency-key': job.idempotencyKey,
        },
      });
    },
  };
}

/** The `Authorization` header of a destination's `basic_auth` or `bearer_token`, if it has one. */
function authorization(
  d: { basic_auth?: { username: string; password: SecretRef }; bearer_token?: SecretRef },
  ctx: NormalizeContext,
): Record<string, string> {
  if (d.basic_auth) {
    const password = ctx.secret(d.basic_auth.password, 'basic_auth.password');
    const token = Buffer.from(`${d.basic_auth.username}:${password}`).toString('base64');
    return { Authorization: `Basic ${token}` };
  }
  if (d.bearer_token) return { Authorization: `Bearer ${ctx.secret(d.bearer_token, 'bearer_token')}` };
  return {};
}

/**
 * Alertmanager's webhook (version-4 payload), in this package's words. `headers` carries the
 * `Authorization` of `basic_auth`/`bearer_token` (or of Alertmanager's `http_config`).
 */
export const webhookDefinition = defineDestination({
  type: 'webhook',
  integration: 'webhook_configs',
  fields: {
    url: secretRef,
    send_resolved: z.boolean().optional(),
    max_alerts: z.number().int().nonnegative().optional(),
    basic_auth: basicAuth.optional(),
    bearer_token: secretRef.optional(),
  },
  refine: oneAuth,
  normalize: (d, ctx): Omit<WebhookConfig, 'name' | 'receiver'> => ({
    url: ctx.url(d.url, 'url'),
    sendResolved: d.send_resolved ?? true,
    maxAlerts: d.max_alerts ?? 0,
    headers: authorization(d, ctx),
  }),
  secrets: {
    url: urlParts,
    sendResolved: false,
    maxAlerts: false,
    headers: (headers) => Object.values(headers).flatMap(credentialParts),
  },
  create: (config, ctx) => createWebhookDestination(config, ctx.externalURL),
});
