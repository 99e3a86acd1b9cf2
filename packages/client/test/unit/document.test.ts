// What the clients need of openapi/tracker-service.yaml, checked on the generated openapiDocument: every
// operation with its error responses (429 with Retry-After), examples, auth schemes, the webhook, and
// an auto-paginating helper for every list.
import { describe, expect, it } from 'vitest';
import { createTrackerClient, openapiDocument, type TrackerClient } from '../../src/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: walks the untyped document.
type Json = Record<string, any>;
const doc = openapiDocument as unknown as Json;
const deref = (node: Json, section: string): Json =>
  node.$ref ? doc.components[section][node.$ref.split('/').pop()] : node;
const hasExample = (media: Json | undefined) =>
  media !== undefined && (media.example !== undefined || Object.keys(media.examples ?? {}).length > 0);

const operations: [string, Json][] = [];
for (const item of Object.values<Json>(doc.paths)) {
  for (const method of ['get', 'post', 'patch', 'put', 'delete']) {
    if (item[method]) operations.push([item[method].operationId, { ...item[method], pathItem: item }]);
  }
}

describe('openapi/tracker-service.yaml', () => {
  it('is OpenAPI 3.1 with the 17 operations, each named once', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(operations).toHaveLength(17);
    expect(new Set(operations.map(([id]) => id)).size).toBe(17);
  });

  it('accepts the token as a bearer and in the X-API-Key header', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }, { apiKeyHeader: [] }]));
  });

  it.each(operations)('%s answers 400, 401, 403, 404, 422 and 429 with Retry-After', (_id, op) => {
    const want = ['400', '401', '403', '422', '429'];
    // An operation whose path names no resource says why it has no 404.
    if (op['x-trackerkit-no-404'] === undefined) want.push('404');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(want));
    const tooMany = deref(op.responses['429'], 'responses');
    expect(deref(tooMany.headers['Retry-After'], 'headers').schema.type).toBe('integer');
    const invalid = deref(op.responses['422'], 'responses').content['application/json'].schema;
    expect(invalid.$ref).toBe('#/components/schemas/ValidationError');
    for (const code of want.filter((c) => c !== '422')) {
      const schema = deref(op.responses[code], 'responses').content['application/json'].schema;
      expect(schema.$ref, code).toBe('#/components/schemas/ErrorDetail');
    }
  });

  it.each(operations)('%s has examples for its request bodies and every response', (_id, op) => {
    for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {}))
      expect(hasExample(media), type).toBe(true);
    for (const [code, response] of Object.entries<Json>(op.responses)) {
      const media = deref(response, 'responses').content?.['application/json'];
      expect(hasExample(media), code).toBe(true);
    }
  });

  it('has the 422 issue shape {loc, msg, type}', () => {
    expect(doc.components.schemas.ValidationIssue.required).toEqual(['loc', 'msg', 'type']);
  });

  it('leaves out the fields v0.3 removed from trackers', () => {
    const fields = Object.keys(doc.components.schemas.Tracker.properties);
    for (const removed of ['visibility', 'is_public', 'star_count', 'usage_count', 'published_at'])
      expect(fields).not.toContain(removed);
  });

  it('describes the signed alert webhook with the run result and the bound crossed', () => {
    const alert = doc.webhooks['tracker.alert'].post;
    const headers = alert.parameters.map((p: Json) => deref(p, 'parameters').name);
    expect(headers).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(hasExample(alert.requestBody.content['application/json'])).toBe(true);
    expect(doc.components.schemas.AlertData.required).toEqual(
      expect.arrayContaining(['score', 'signal', 'analysis', 'tracker_id', 'run_id', 'bound']),
    );
  });
});

describe('the client', () => {
  // No request is sent: only the methods are looked at.
  const client = createTrackerClient({ baseUrl: 'http://127.0.0.1:9/v1', token: 'qapi_unused' });
  const lists = operations.filter(([, op]) =>
    [...(op.pathItem.parameters ?? []), ...(op.parameters ?? [])].some(
      (p: Json) => deref(p, 'parameters').name === 'page',
    ),
  );

  it('finds the four paginated lists', () => {
    expect(lists.map(([id]) => id).sort()).toEqual([
      'listRuns',
      'listSpaces',
      'listTrackers',
      'listVaultSources',
    ]);
  });

  it.each(lists)('auto-paginates %s', (_id, op) => {
    const [group, method] = op['x-trackerkit-names'].client.split('.') as [keyof TrackerClient, string];
    const all = method.replace(/^list/, 'listAll');
    expect(typeof (client[group] as unknown as Record<string, unknown>)[all], `${group}.${all}`).toBe(
      'function',
    );
  });
});
