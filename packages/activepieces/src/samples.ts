// Sample outputs shown in the flow editor before a trigger has fired: the document's own examples,
// so they have exactly the shape the service sends.
import { openapiDocument } from '@trackerkit/core';

type Doc = {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
  components: { examples: Record<string, { value: unknown }> };
};
const doc = openapiDocument as unknown as Doc;

export const ALERT_SAMPLE = doc.webhooks['tracker.alert']?.post.requestBody.content['application/json']
  ?.example as Record<string, unknown>;

export const RUN_SAMPLE = doc.components.examples.RunValue?.value;
