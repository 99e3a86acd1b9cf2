import { describe, expect, it } from 'vitest';
import * as core from '../../nodes/shared/generated/core';

// The node ships @trackerkit/core bundled into nodes/shared/generated/core by scripts/bundle-core.mjs,
// which also refuses a bundle n8n's community rules would (a module other than crypto, globalThis,
// code built from strings); `generate:check` fails when the bundle drifts from the core.

describe('the bundled core', () => {
  it('validates with zod inside the bundle', () => {
    expect(core.trackerCreateProblems({}).map((p) => p.rule)).toContain('required');
  });

  it('carries the document limits and enumerations', () => {
    expect(core.LIMITS.trackerNameMax).toBe(
      core.openapiDocument.components.schemas.TrackerCreate.properties.name.maxLength,
    );
    expect(core.SIGNALS).toEqual(core.openapiDocument.components.schemas.Signal.enum);
    expect(core.ALERT_EVENT_TYPES).toEqual(Object.keys(core.openapiDocument.webhooks));
  });
});
