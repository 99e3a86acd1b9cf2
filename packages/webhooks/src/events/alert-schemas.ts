import { ALERT_EVENT_TYPES, openapiDocument, type SchemaName, schemaOf } from '@trackerkit/core';
import type { ZodType } from 'zod';

type Webhooks = Record<
  string,
  { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }
>;

/** The component the document's `webhooks` section names as an event type's payload. */
function payloadSchemaName(type: string): SchemaName {
  const webhooks = openapiDocument.webhooks as unknown as Webhooks;
  const ref = webhooks[type]!.post.requestBody.content['application/json'].schema.$ref;
  return ref.slice(ref.lastIndexOf('/') + 1) as SchemaName;
}

let cache: Record<string, ZodType> | undefined;

/**
 * Event type → core's schema of its payload (`TrackerAlertEvent`, `TrackerAlertResolvedEvent`).
 * No prototype: a sender's `type` of `constructor` or `__proto__` finds nothing here.
 */
export function alertSchemas(): Record<string, ZodType> {
  if (!cache) {
    cache = Object.create(null) as Record<string, ZodType>;
    for (const type of ALERT_EVENT_TYPES) cache[type] = schemaOf(payloadSchemaName(type));
  }
  return cache;
}

/** The event types the document's `webhooks` section defines. */
export function knownEventTypes(): string[] {
  return [...ALERT_EVENT_TYPES];
}
