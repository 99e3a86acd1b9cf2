// The alert intake with the core's signer: accepted once within the core's dedupe window, refused
// when tampered or signed with another secret, accepted again once the window has passed.

import { randomBytes } from 'node:crypto';
import { dedupeWindowMs, generateSecret, standardWebhooksHeaders } from '@trackerkit/core/signing';
import { describe, expect, it } from 'vitest';
import { TOLERANCE_SECONDS, takeAlert } from '../../src/triggers/alert-intake.ts';
import { memoryStore } from '../helpers/harness.ts';

const secret = generateSecret(randomBytes);
const now = Date.UTC(2026, 10, 21, 8);
const body = JSON.stringify({ type: 'tracker.alert', timestamp: '2026-11-21T08:00:05Z', data: { score: 2 } });
const signed = (raw = body, id = 'msg_1', key = secret, at = now) => ({
  body: JSON.parse(raw),
  rawBody: raw,
  headers: { ...standardWebhooksHeaders(key, id, raw, at), 'content-type': 'application/json' },
});

describe('takeAlert', () => {
  it('accepts a signed alert once, drops its copies within the dedupe window, not after', async () => {
    const store = memoryStore();
    expect(await takeAlert(signed(), secret, store, now)).toMatchObject({ outcome: 'accepted', id: 'msg_1' });
    // A re-send is signed afresh with the same id.
    const resent = signed(body, 'msg_1', secret, now + 60_000);
    expect(await takeAlert(resent, secret, store, now + 60_000)).toEqual({
      outcome: 'duplicate',
      id: 'msg_1',
    });
    const later = now + dedupeWindowMs(TOLERANCE_SECONDS) + 1;
    expect(await takeAlert(signed(body, 'msg_1', secret, later), secret, store, later)).toMatchObject({
      outcome: 'accepted',
    });
  });

  it.each([
    ['a changed body', { ...signed(), rawBody: body.replace('2', '9') }, 'no_matching_signature'],
    ['another secret', signed(body, 'msg_1', generateSecret(randomBytes)), 'no_matching_signature'],
    ['no signature', { body: {}, rawBody: body, headers: { 'webhook-id': 'msg_1' } }, 'missing_signature'],
    ['an old timestamp', signed(body, 'msg_1', secret, now - 3_600_000), 'timestamp_too_old'],
  ])('refuses %s and remembers nothing', async (_name, request, reason) => {
    const store = memoryStore();
    expect(await takeAlert(request, secret, store, now)).toMatchObject({ outcome: 'refused', reason });
    expect(store.entries.size).toBe(0);
  });

  it('refuses a signed body that is not JSON by its media type; ignores an event it does not know', async () => {
    const text = { ...signed(), headers: { ...signed().headers, 'content-type': 'text/plain' } };
    expect(await takeAlert(text, secret, memoryStore(), now)).toMatchObject({ outcome: 'refused' });
    const other = JSON.stringify({ type: 'account.updated', data: {} });
    expect(await takeAlert(signed(other), secret, memoryStore(), now)).toMatchObject({ outcome: 'ignored' });
  });
});
