import { FILE_TYPES, LIMITS, openapiDocument } from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import * as bundled from '../../nodes/shared/generated/limits';

// The node ships without runtime dependencies, so it carries a copy of the client's constants. This
// fails when the copy drifts from the document (run `pnpm --filter @trackerkit/n8n-nodes-tracker generate`).
describe('constants bundled from @trackerkit/client', () => {
  it('equal the client and the document', () => {
    const schemas = openapiDocument.components.schemas as Record<string, { enum?: unknown[] }>;
    expect(bundled.LIMITS).toEqual(LIMITS);
    expect(bundled.SIGNALS).toEqual(schemas.Signal?.enum);
    expect(bundled.SIGNAL_LEVELS).toEqual(schemas.SignalLevel?.enum);
    expect(bundled.REASONING_MODES).toEqual(schemas.ReasoningMode?.enum);
    expect(bundled.RUN_STATUSES).toEqual(schemas.RunStatus?.enum);
    expect(bundled.NOTIFICATION_STATUSES).toEqual(schemas.NotificationStatus?.enum);
    expect(bundled.CONTENT_TYPES).toEqual(schemas.ContentType?.enum);
    expect(bundled.RUN_MODES).toEqual(schemas.RunMode?.enum);
    expect(bundled.FILE_EXTENSIONS).toEqual(Object.keys(FILE_TYPES));
  });
});
