import { openapiDocument, type TrackerAlertEvent, type TrackerAlertResolvedEvent } from '@trackerkit/core';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import type { IngestItem } from '../../src/store/types.ts';

type Doc = {
  webhooks: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { example: unknown } } } } }
  >;
};

/** The document's own examples, so tests send what the contract says. */
export function exampleAlert(overrides: Partial<TrackerAlertEvent['data']> = {}): TrackerAlertEvent {
  const example = (openapiDocument as unknown as Doc).webhooks['tracker.alert']!.post.requestBody.content[
    'application/json'
  ].example as TrackerAlertEvent;
  return { ...example, data: { ...example.data, ...overrides } };
}

export function exampleResolved(
  overrides: Partial<TrackerAlertResolvedEvent['data']> = {},
): TrackerAlertResolvedEvent {
  const example = (openapiDocument as unknown as Doc).webhooks['tracker.alert.resolved']!.post.requestBody
    .content['application/json'].example as TrackerAlertResolvedEvent;
  return { ...example, data: { ...example.data, ...overrides } };
}

export const SECRET = `whsec_${Buffer.from('trackerkit-test-secret-0123456789').toString('base64')}`;
export const OTHER_SECRET = `whsec_${Buffer.from('another-secret-for-rotation-tests').toString('base64')}`;

let counter = 0;

/** A signed request as the emulator sends it. */
export function signedRequest(
  event: unknown,
  options: { secret?: string; id?: string; nowMs?: number } = {},
): { body: string; headers: Record<string, string> } {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const id = options.id ?? `msg_test_${process.pid}_${Date.now()}_${counter++}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      ...standardWebhooksHeaders(options.secret ?? SECRET, id, body, options.nowMs ?? Date.now()),
    },
  };
}

/** What the receiver hands its store for one verified alert: by default the document's example, routed to `d`. */
export function ingestItem(webhookId: string, overrides: Partial<IngestItem> = {}): IngestItem {
  return {
    source: 's',
    webhookId,
    eventType: 'tracker.alert',
    known: true,
    body: JSON.stringify(exampleAlert()),
    matches: [{ path: 'root', destinations: ['d'], repeatIntervalMs: 0, muted: false }],
    repeatScope: null,
    resolves: null,
    ...overrides,
  };
}
