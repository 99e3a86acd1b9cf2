import { openapiDocument } from '@trackerkit/client';
import { type ZodType, z } from 'zod';

type JsonObject = Record<string, unknown>;

/**
 * Builds a zod schema straight from the document's component schema, so the receiver's
 * validation cannot drift from the contract the emulator sends.
 */
function fromDocument(name: string): ZodType {
  const schemas = (openapiDocument as unknown as { components: { schemas: JsonObject } }).components.schemas;
  const root = JSON.parse(
    JSON.stringify({ ...(schemas[name] as JsonObject), $defs: schemas }).replaceAll(
      '#/components/schemas/',
      '#/$defs/',
    ),
  ) as JsonObject;
  return z.fromJSONSchema(root as Parameters<typeof z.fromJSONSchema>[0], { defaultTarget: 'draft-2020-12' });
}

let cache: Record<string, ZodType> | undefined;

/** Event type → the document's payload schema. */
export function alertSchemas(): Record<string, ZodType> {
  cache ??= {
    'tracker.alert': fromDocument('TrackerAlertEvent'),
    'tracker.alert.resolved': fromDocument('TrackerAlertResolvedEvent'),
  };
  return cache;
}

/** The event types the document's `webhooks` section defines. */
export function knownEventTypes(): string[] {
  const webhooks = (openapiDocument as unknown as { webhooks: JsonObject }).webhooks;
  return Object.keys(webhooks);
}
