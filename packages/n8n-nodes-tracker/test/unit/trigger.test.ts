import { describe, expect, it } from 'vitest';
import { matchesFilters, signingSecretError } from '../../nodes/TrackerAlertTrigger/TrackerAlertTrigger.node';

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

  it('starts nothing for an event the document does not name, even without filters', () => {
    expect(matchesFilters({ ...alert, type: 'tracker.deleted' }, none)).toBe(false);
  });
});

describe('signingSecretError', () => {
  it('names the credential field and the policy', () => {
    expect(signingSecretError('abc')).toMatch(/^Signing Secret: .*whsec_.* \(rule whsec_ followed by base64/);
    expect(signingSecretError(`whsec_${Buffer.alloc(24, 1).toString('base64')}`)).toBeUndefined();
  });
});
