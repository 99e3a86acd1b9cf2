import { isUtf8 } from 'node:buffer';
import { ALERT_EVENT } from '@trackerkit/core';
import type { Request, Response } from 'express';
import type { SourceConfig } from '../config/types.ts';
import type { Outbox } from '../delivery/create-outbox.ts';
import { WebhooksError } from '../errors.ts';
import { parseAlertEvent } from '../events/parse-alert-event.ts';
import { type AlertEvent, eventData } from '../events/types.ts';
import { readRawBody } from '../http/read-raw-body.ts';
import type { RouteMatch } from '../router/types.ts';
import type { Store } from '../store/store.ts';
import type { IngestGrouping, IngestResult } from '../store/types.ts';
import type { Logger } from '../telemetry/logger.ts';
import type { Metrics } from '../telemetry/metrics.ts';
import { verifyWithFallback } from '../verify/verify.ts';
import { checkRequestHeaders } from './check-request-headers.ts';

export interface ReceiveContext {
  source: SourceConfig;
  bodyLimitBytes: number;
  store: Store;
  route(event: AlertEvent, now?: number): Promise<RouteMatch[]>;
  /**
   * `route`, judged with the silences as last read and the version they had: the store keeps
   * the alert only if that is still its version (else `silencesChanged`, and judged again).
   * Saves asking the store for its silences version before every alert. Absent: `route`.
   */
  judge?(event: AlertEvent, now?: number): Promise<{ matches: RouteMatch[]; silencesVersion: number }>;
  silencesChanged?(): void;
  grouping?(event: AlertEvent, now: number): IngestGrouping;
  flushAt?(at: number): void;
  outbox: Outbox;
  metrics: Metrics;
  logger: Logger;
}

const JUDGE_ATTEMPTS = 3;

/**
 * verify → parse → route → store → 2xx. The answer is 2xx only after the commit; a sender's
 * mistake is always a 4xx; a storage failure is 503 with Retry-After so the sender retries.
 * Kept as one handler: it is the request's path in order, each step a call, and every step's
 * refusal is answered and counted the same way in one place.
 */
export function receiveHandler(ctx: ReceiveContext) {
  const { source, store, route, outbox, metrics, logger } = ctx;
  // Label sets are fixed per source: built once, not per request.
  const sourceLabels = { source: source.name };
  const receivedLabels = new Map<string, { source: string; type: string }>();
  const receivedLabelsFor = (type: string) => {
    let labels = receivedLabels.get(type);
    if (!labels) {
      labels = { source: source.name, type };
      receivedLabels.set(type, labels);
    }
    return labels;
  };
  // The level is fixed at start-up: skip building lines that would be dropped.
  const logInfo = logger.isEnabled?.('info') ?? true;
  return async (req: Request, res: Response): Promise<void> => {
    const started = performance.now();
    const arrived = Date.now();
    let webhookId: string | undefined;
    try {
      checkRequestHeaders(req.headers, ctx.bodyLimitBytes);
      const body = await readRawBody(req, ctx.bodyLimitBytes);
      const verified = verifyWithFallback(source.secrets, { body, headers: req.headers }, source.verify);
      webhookId = verified.id;
      // Decoding would replace bad sequences with U+FFFD: the stored alert would no longer be the
      // signed one. JSON between systems is UTF-8 (RFC 8259 §8.1), so anything else is refused.
      if (!isUtf8(body)) {
        throw new WebhooksError('body is not valid UTF-8 (JSON must be sent as UTF-8, RFC 8259)', {
          status: 400,
          reason: 'invalid_utf8',
        });
      }
      // Decoded once: the same text is parsed and stored (the signature was checked on the bytes).
      const text = body.toString('utf8');
      const { event, known } = parseAlertEvent(text);
      const data = eventData(event);
      const trackerId = typeof data.tracker_id === 'string' ? data.tracker_id : null;
      const item = {
        source: source.name,
        webhookId: verified.id,
        eventType: event.type,
        known,
        body: text,
        repeatScope: event.type === ALERT_EVENT.fired ? trackerId : null,
        resolves: event.type === ALERT_EVENT.resolved ? trackerId : null,
        ...(ctx.grouping ? { grouping: ctx.grouping(event, arrived) } : {}),
      };
      let result: IngestResult | undefined;
      // Judged with silences that changed before the commit: judged again. The last try reads
      // them first and stores without the condition, so a stream of silence edits cannot starve it.
      for (let attempt = 1; result === undefined || result.stale; attempt++) {
        if (ctx.judge && attempt < JUDGE_ATTEMPTS) {
          const { matches, silencesVersion } = await ctx.judge(event);
          result = await store.ingest({ ...item, matches, silencesVersion });
          if (result.stale) ctx.silencesChanged?.();
        } else result = await store.ingest({ ...item, matches: await route(event) });
      }
      if (result.duplicate) {
        metrics.inc('trackerkit_webhooks_duplicates_total', sourceLabels);
        if (logInfo) logger.info('duplicate ignored', { source: source.name, webhook_id: verified.id });
      } else {
        // A sender controls `type`: unknown ones share one label value, so series stay bounded.
        metrics.inc('trackerkit_webhooks_received_total', receivedLabelsFor(known ? event.type : 'unknown'));
        if (logInfo) {
          logger.info('alert stored', {
            source: source.name,
            webhook_id: verified.id,
            type: event.type,
            known,
            deliveries: result.deliveries,
          });
        }
        // Committed: the outbox sends these rows from memory now. Code handlers (`router.on`)
        // are an outbox destination too: they run from the outbox.
        if (result.pending.length > 0) outbox.offer(result.pending);
        if (result.flushAt !== undefined) ctx.flushAt?.(result.flushAt);
      }
      metrics.observe(
        'trackerkit_webhooks_request_duration_seconds',
        (performance.now() - started) / 1000,
        sourceLabels,
      );
      // What res.json would send, without its generic content negotiation on the hot path.
      const payload = `{"ok":true,"id":${JSON.stringify(verified.id)},"duplicate":${result.duplicate}}`;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(payload),
      });
      res.end(payload);
    } catch (error) {
      const err =
        error instanceof WebhooksError
          ? error
          : new WebhooksError(`internal error: ${(error as Error).message}`, {
              status: 500,
              reason: 'internal',
            });
      metrics.inc('trackerkit_webhooks_rejected_total', { source: source.name, reason: err.reason });
      const level = err.status >= 500 ? 'error' : 'warn';
      logger[level]('request rejected', {
        source: source.name,
        webhook_id: webhookId,
        status: err.status,
        reason: err.reason,
        error: err.message,
      });
      if (err.status === 503) res.set('retry-after', '5');
      if (err.status === 413) res.set('connection', 'close');
      res.status(err.status).json({ error: err.message, reason: err.reason });
    }
  };
}
