import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../nodes/TrackerTrigger/signature';
import { matchesFilters } from '../../nodes/TrackerTrigger/TrackerTrigger.node';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const body = Buffer.from('{"type":"tracker.alert","data":{"score":2}}');
// Independent of the code under test: the Standard Webhooks recipe spelled out.
const sign = (id: string, ts: number, raw: Buffer, key = secret) =>
  `v1,${createHmac('sha256', Buffer.from(key.slice(6), 'base64'))
    .update(`${id}.${ts}.${raw.toString('utf8')}`)
    .digest('base64')}`;
const now = 1_800_000_000;
const valid = {
  secret,
  id: 'msg_1',
  timestamp: String(now),
  signature: sign('msg_1', now, body),
  rawBody: body,
  nowSeconds: now,
  toleranceSeconds: 300,
};

describe('verifySignature', () => {
  it('accepts a valid signature, also among rotated ones', () => {
    expect(verifySignature(valid)).toEqual({ ok: true });
    expect(verifySignature({ ...valid, signature: `v1,AAAA ${valid.signature}` })).toEqual({ ok: true });
  });

  it.each([
    [
      'a tampered body',
      { rawBody: Buffer.from('{"type":"tracker.alert","data":{"score":9}}') },
      'no matching v1 signature',
    ],
    ['another id', { id: 'msg_2' }, 'no matching v1 signature'],
    [
      'another secret',
      { secret: `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}` },
      'no matching',
    ],
    ['a v2 entry', { signature: valid.signature.replace('v1,', 'v2,') }, 'no matching'],
    ['a missing header', { signature: undefined }, 'missing'],
    ['an old timestamp', { nowSeconds: now + 301 }, 'too old'],
    ['a future timestamp', { nowSeconds: now - 301 }, 'too new'],
    ['a secret without whsec_', { secret: 'abc' }, 'whsec_'],
  ])('refuses %s', (_, change, reason) => {
    const result = verifySignature({ ...valid, ...change });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });
});

describe('matchesFilters', () => {
  const alert = {
    type: 'tracker.alert',
    data: { tracker_id: 't1', space_id: 's1', signal: 'Negative', bound: 'lower' },
  };
  const none = { events: [], trackerIds: [], spaceIds: [], signals: [], bounds: [] };
  it.each([
    ['no filters', { given: none, want: true }],
    ['matching tracker and bound', { given: { ...none, trackerIds: ['t1'], bounds: ['lower'] }, want: true }],
    ['another tracker', { given: { ...none, trackerIds: ['t2'] }, want: false }],
    ['another space', { given: { ...none, spaceIds: ['s2'] }, want: false }],
    ['another signal', { given: { ...none, signals: ['Poor'] }, want: false }],
    ['upper bound only', { given: { ...none, bounds: ['upper'] }, want: false }],
    ['resolved events only', { given: { ...none, events: ['tracker.alert.resolved'] }, want: false }],
  ])('%s', (_, { given, want }) => {
    expect(matchesFilters(alert, given)).toBe(want);
  });
});
