// The rule texts are not in the node's bundle (the node does not use them): the rulebook itself.
import { VALIDATION_RULES } from '@trackerkit/core';
import type { INodePropertyMode } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { checkPathIds } from '../../nodes/shared/checks';
import { openapiDocument, RESOURCE_ID_PATTERN } from '../../nodes/shared/generated/core';
import { OPAQUE_ID, spaceLocator, trackerLocator } from '../../nodes/shared/locators';

// The space-id form is the document's (components.schemas.SpaceId.pattern), not a copy in the node.
// The bundled document is openapi/tracker-service.yaml as generated (generate:check keeps it fresh).
const documented: string = openapiDocument.components.schemas.SpaceId.pattern;

function mode(name: string): INodePropertyMode {
  const found = spaceLocator().modes?.find((m) => m.name === name);
  if (!found) throw new Error(`no ${name} mode`);
  return found;
}
function regexOf(m: INodePropertyMode): RegExp {
  const [rule] = (m.validation ?? []) as unknown as Array<{ properties: { regex: string } }>;
  if (!rule) throw new Error('no validation rule');
  return new RegExp(rule.properties.regex);
}

describe('space locator', () => {
  it("validates IDs with the document's SpaceId pattern", () => {
    expect(documented).toMatch(/^\^spc_.*\$$/);
    expect(regexOf(mode('id')).source).toBe(documented);
  });

  it.each([
    ['spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7', true],
    ['spc_F30E60C1-75FD-47F7-967E-29AFC19A3EA7', true],
    ['spc_1', false],
    ['trk_f30e60c1-75fd-47f7-967e-29afc19a3ea7', false],
    [' spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7', false],
  ])('By ID %s: %s, as the document says', (id, valid) => {
    expect(regexOf(mode('id')).test(id)).toBe(valid);
    expect(new RegExp(documented).test(id)).toBe(valid);
  });

  it('extracts the ID from a URL with the same pattern', () => {
    const url = mode('url');
    const extract = new RegExp((url.extractValue as { regex: string }).regex);
    const id = 'spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7';
    expect(extract.exec(`https://app.example.com/spaces/${id}/trackers`)?.[1]).toBe(id);
    expect(regexOf(url).test('https://app.example.com/spaces/spc_1')).toBe(false);
  });
});

// Tracker, run and source IDs are opaque: the locators refuse what the document's ResourceId
// refuses (what would walk the request path), and "By URL" hands its extraction to the same core
// rule the node runs on every ID before sending (checkPathIds).
describe('tracker locator: IDs that would walk the request path', () => {
  const modes = trackerLocator().modes ?? [];
  const byId = regexOf(modes.find((m) => m.name === 'id')!);
  const byUrl = modes.find((m) => m.name === 'url')!;
  const extract = new RegExp((byUrl.extractValue as { regex: string }).regex);

  it("is the document's ResourceId pattern", () => {
    expect(byId.source).toBe(`^${OPAQUE_ID}$`);
    expect(OPAQUE_ID).toBe(`${RESOURCE_ID_PATTERN.slice(1, -2)}+`);
  });

  it.each([
    ['trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10', true],
    ['...', true],
    ['..', false],
    ['.', false],
    ['a/b', false],
    ['a\\b', false],
    ['%2E%2E', false],
    ['trk 1', false],
    ['trk\u00001', false],
    ['', false],
  ])('By ID %j: %s', (id, valid) => {
    expect(byId.test(id)).toBe(valid);
    expect(checkPathIds({ tracker_id: id }).length === 0).toBe(valid);
  });

  it.each([
    ['https://app.example.com/trackers/trk_1/runs', 'trk_1'],
    ['https://app.example.com/trackers/..', undefined],
    ['https://app.example.com/trackers/%2E%2E', undefined],
  ])('By URL %s extracts %s', (url, id) => {
    expect(extract.exec(url)?.[1]).toBe(id);
  });

  it('an extracted dot segment is still refused by the core rule', () => {
    const id = extract.exec('https://app.example.com/trackers/../spaces')?.[1];
    expect(checkPathIds({ tracker_id: id })).toEqual([
      expect.objectContaining({ field: 'tracker_id', rule: VALIDATION_RULES.resourceId }),
    ]);
  });
});
