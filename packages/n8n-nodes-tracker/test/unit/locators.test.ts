import type { INodePropertyMode } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../nodes/shared/generated/core';
import { spaceLocator } from '../../nodes/shared/locators';

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
