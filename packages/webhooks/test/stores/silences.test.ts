import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { type AlertEvent, eventData } from '../../src/events/types.ts';
import { alertLabels, parseMatchers } from '../../src/router/label-matcher.ts';
import { createHold } from '../../src/silences/hold-alert.ts';
import { type InhibitRule, isInhibited } from '../../src/silences/inhibit.ts';
import {
  compileSilence,
  parseSilenceInput,
  type Silence,
  silenceState,
  silences,
} from '../../src/silences/silence.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const valid = { createdBy: 'ops', comment: 'maintenance', endsAt: iso(T0 + 3_600_000) };

describe('parseSilenceInput (POST /api/silences, amtool silence add)', () => {
  const bad: Array<[string, { given: unknown; want: RegExp }]> = [
    ['no matchers', { given: { ...valid }, want: /^matchers: required/ }],
    ['empty list', { given: { ...valid, matchers: [] }, want: /^matchers: required/ }],
    [
      'bad string matcher',
      { given: { ...valid, matchers: ['signal=Poor', 'signal~Poor'] }, want: /^matchers\.1: bad matcher/ },
    ],
    [
      'bad regex',
      { given: { ...valid, matchers: ['signal=~"("'] }, want: /^matchers\.0: .*invalid regular expression/ },
    ],
    [
      'bad object name',
      {
        given: { ...valid, matchers: [{ name: '1x', value: 'a' }] },
        want: /^matchers\.0\.name: must be a label name/,
      },
    ],
    [
      'object value not a string',
      {
        given: { ...valid, matchers: [{ name: 'signal', value: 3 }] },
        want: /^matchers\.0\.value: must be a string/,
      },
    ],
    [
      'object bad regex',
      {
        given: { ...valid, matchers: [{ name: 'signal', value: '(', isRegex: true }] },
        want: /^matchers\.0\.value: invalid regular expression/,
      },
    ],
    [
      'matches every alert',
      {
        given: { ...valid, matchers: ['signal=~".*"'] },
        want: /^matchers: at least one matcher must not match the empty string/,
      },
    ],
    [
      'endsAt missing',
      { given: { ...valid, endsAt: undefined, matchers: ['signal=Poor'] }, want: /^endsAt: required/ },
    ],
    [
      'endsAt not a date',
      {
        given: { ...valid, endsAt: 'tomorrow', matchers: ['signal=Poor'] },
        want: /^endsAt: must be an RFC 3339/,
      },
    ],
    [
      'endsAt before startsAt',
      {
        given: { ...valid, matchers: ['signal=Poor'], startsAt: iso(T0 + 7_200_000) },
        want: /^endsAt: must be after startsAt/,
      },
    ],
    [
      'endsAt equal to startsAt',
      {
        given: { ...valid, matchers: ['signal=Poor'], startsAt: valid.endsAt },
        want: /^endsAt: must be after startsAt/,
      },
    ],
    [
      'no comment',
      { given: { ...valid, matchers: ['signal=Poor'], comment: ' ' }, want: /^comment: required/ },
    ],
    [
      'no createdBy',
      { given: { ...valid, matchers: ['signal=Poor'], createdBy: undefined }, want: /^createdBy: required/ },
    ],
    [
      'an id that is not a string',
      {
        given: { ...valid, matchers: ['signal=Poor'], id: 7 },
        want: /^id: must be the id of the silence to update/,
      },
    ],
    ['not an object', { given: [1], want: /^\(body\): must be a JSON object/ }],
  ];
  it.each(bad)('%s is refused naming the field', (_name, { given, want }) => {
    expect(() => parseSilenceInput(given, T0)).toThrow(want);
  });

  it('reads both matcher forms into the v2 objects; a start in the past becomes now', async () => {
    const input = parseSilenceInput(
      {
        ...valid,
        startsAt: iso(T0 - 1000),
        matchers: ['signal=~"Poor|Negative", bound!=upper', { name: 'tracker_id', value: 'trk_1' }],
      },
      T0,
    );
    expect(input.startsAt).toBe(T0);
    expect(input.matchers).toEqual([
      { name: 'signal', value: 'Poor|Negative', isRegex: true, isEqual: true },
      { name: 'bound', value: 'upper', isRegex: false, isEqual: false },
      { name: 'tracker_id', value: 'trk_1', isRegex: false, isEqual: true },
    ]);
  });
});

describe('silence states and matching', () => {
  const silence: Silence = {
    id: 's1',
    matchers: [{ name: 'signal', value: 'Poor|Negative', isRegex: true, isEqual: true }],
    startsAt: T0,
    endsAt: T0 + 1000,
    createdBy: 'ops',
    comment: 'c',
    updatedAt: T0,
  };
  const states: Array<[string, { given: number; want: string }]> = [
    ['before startsAt', { given: T0 - 1, want: 'pending' }],
    ['at startsAt', { given: T0, want: 'active' }],
    ['just before endsAt', { given: T0 + 999, want: 'active' }],
    ['at endsAt', { given: T0 + 1000, want: 'expired' }],
  ];
  it.each(states)('%s: %o', (_name, { given, want }) => {
    expect(silenceState(silence, given)).toBe(want);
  });

  it('silences only while active and only alerts whose labels match every matcher', async () => {
    const compiled = compileSilence(silence);
    const poor = alertLabels(exampleAlert({ signal: 'Poor' }) as AlertEvent);
    const good = alertLabels(exampleAlert({ signal: 'Positive' }) as AlertEvent);
    expect(silences(compiled, poor, T0)).toBe(true);
    expect(silences(compiled, good, T0)).toBe(false);
    expect(silences(compiled, poor, T0 - 1)).toBe(false);
    expect(silences(compiled, poor, T0 + 1000)).toBe(false);
  });
});

describe('isInhibited (Alertmanager inhibit_rules)', () => {
  const rule: InhibitRule = {
    sourceMatchers: parseMatchers('signal=Negative'),
    targetMatchers: parseMatchers('signal=Poor'),
    equal: ['tracker_id'],
  };
  const labels = (o: Record<string, string>) => ({ event: 'tracker.alert', bound: 'none', ...o });
  const cases: Array<
    [string, { target: Record<string, string>; firing: Record<string, string>[]; want: boolean }]
  > = [
    [
      'source firing, equal tracker',
      {
        target: labels({ signal: 'Poor', tracker_id: 'a' }),
        firing: [labels({ signal: 'Negative', tracker_id: 'a' })],
        want: true,
      },
    ],
    [
      'source firing for another tracker',
      {
        target: labels({ signal: 'Poor', tracker_id: 'a' }),
        firing: [labels({ signal: 'Negative', tracker_id: 'b' })],
        want: false,
      },
    ],
    [
      'firing alert is no source',
      {
        target: labels({ signal: 'Poor', tracker_id: 'a' }),
        firing: [labels({ signal: 'Poor', tracker_id: 'a' })],
        want: false,
      },
    ],
    [
      'target matchers do not match',
      {
        target: labels({ signal: 'Positive', tracker_id: 'a' }),
        firing: [labels({ signal: 'Negative', tracker_id: 'a' })],
        want: false,
      },
    ],
    ['nothing firing', { target: labels({ signal: 'Poor', tracker_id: 'a' }), firing: [], want: false }],
    [
      'equal label absent on both sides',
      { target: labels({ signal: 'Poor' }), firing: [labels({ signal: 'Negative' })], want: true },
    ],
  ];
  it.each(cases)('%s', (_name, { target, firing, want }) => {
    expect(isInhibited([rule], target, () => firing)).toBe(want);
  });

  // Alertmanager's documentation: an alert matching both sides of a rule "cannot be inhibited by
  // alerts for which the same is true (including itself)".
  it.each([
    ['itself', { source: { tracker_id: 'a', signal: 'Negative' }, want: false }],
    ['another alert matching both sides', { source: { tracker_id: 'b', signal: 'Negative' }, want: false }],
    [
      'another alert matching the source side only',
      { source: { tracker_id: 'b', signal: 'Poor' }, want: true },
    ],
  ])('a target matching both sides of a rule is not inhibited by %s', (_name, { source, want }) => {
    const both: InhibitRule = {
      sourceMatchers: parseMatchers('bound=none'),
      targetMatchers: parseMatchers('signal=Negative'),
      equal: ['space_id'],
    };
    const target = labels({ tracker_id: 'a', space_id: 's', signal: 'Negative' });
    expect(isInhibited([both], target, () => [labels({ ...source, space_id: 's' })])).toBe(want);
  });

  it('reads the firing alerts only when some target matches', async () => {
    let reads = 0;
    isInhibited([rule], labels({ signal: 'Positive' }), () => {
      reads++;
      return [];
    });
    expect(reads).toBe(0);
  });
});

afterAll(dropSchemas);

describe.each(STORES)('createHold over a store (%s): silences and the firing table', (_kind, open) => {
  const item = (event: AlertEvent, id: string, held?: 'silenced' | 'inhibited') => ({
    source: 's',
    webhookId: id,
    eventType: event.type,
    known: true,
    body: JSON.stringify(event),
    matches: [
      { path: 'root', destinations: ['d'], repeatIntervalMs: 0, muted: false, ...(held ? { held } : {}) },
    ],
    repeatScope: event.type === 'tracker.alert' ? String(eventData(event).tracker_id) : null,
    resolves: event.type === 'tracker.alert.resolved' ? String(eventData(event).tracker_id) : null,
  });

  it('a silence added to the store holds the next matching alert; expiring it releases', async () => {
    let now = T0;
    const store = await open({ now: () => now });
    const hold = createHold(store, []);
    const poor = exampleAlert({ signal: 'Poor' }) as AlertEvent;
    expect(await hold(poor, now)).toBeUndefined();
    const s = await store.silences.create(parseSilenceInput({ ...valid, matchers: ['signal=Poor'] }, now));
    expect(await hold(poor, now)).toBe('silenced');
    expect(await hold(exampleAlert({ signal: 'Positive' }) as AlertEvent, now)).toBeUndefined();
    now += 60_000;
    await store.silences.expire(s.id, now);
    expect((await store.silences.get(s.id))?.endsAt).toBe(now);
    expect(await hold(poor, now)).toBeUndefined();
    await store.close();
  });

  it('stores held deliveries as silenced / inhibited (not pending, not counted as deliveries)', async () => {
    const store = await open({ now: () => T0 });
    const r1 = await store.ingest(item(exampleAlert() as AlertEvent, 'w1', 'silenced'));
    const r2 = await store.ingest(item(exampleAlert() as AlertEvent, 'w2', 'inhibited'));
    expect([r1.deliveries, r2.deliveries]).toEqual([0, 0]);
    expect(await store.counts()).toEqual({ silenced: 1, inhibited: 1 });
    await store.close();
  });

  it('hands repeats the firing alert, so the repeats of a held alert wait', async () => {
    let now = T0;
    const store = await open({ now: () => now });
    const fired = item(
      exampleAlert({ tracker_id: 'trk_r', signal: 'Poor' }) as AlertEvent,
      'rep',
      'silenced',
    );
    fired.matches[0]!.repeatIntervalMs = 60_000;
    await store.ingest(fired);
    now += 60_000;
    const seen: string[] = [];
    expect(await store.repeatDue((_route, _t, body) => seen.push(body) > 0)).toBe(0);
    expect(seen).toEqual([fired.body]);
    now += 60_000;
    expect(await store.repeatDue(() => false)).toBe(1);
    await store.close();
  });

  it('inhibits a target while its source fires, from tracker.alert until tracker.alert.resolved', async () => {
    const store = await open({ now: () => T0 });
    const hold = createHold(store, [
      {
        sourceMatchers: parseMatchers('signal=Negative'),
        targetMatchers: parseMatchers('signal=Poor'),
        equal: ['tracker_id'],
      },
    ]);
    const poor = exampleAlert({ tracker_id: 'trk_a', signal: 'Poor' }) as AlertEvent;
    expect(await hold(poor, T0)).toBeUndefined();
    await store.ingest(item(exampleAlert({ tracker_id: 'trk_a', signal: 'Negative' }) as AlertEvent, 'n1'));
    expect(await hold(poor, T0)).toBe('inhibited');
    expect(
      await hold(exampleAlert({ tracker_id: 'trk_b', signal: 'Poor' }) as AlertEvent, T0),
    ).toBeUndefined();
    await store.ingest(item(exampleResolved({ tracker_id: 'trk_a' }) as AlertEvent, 'r1'));
    expect(await hold(poor, T0)).toBeUndefined();
    await store.close();
  });
});

describe('inhibit_rules in the configuration', () => {
  const base = {
    sources: [{ name: 't', path: '/t', scheme: 'none' }],
    destinations: [{ name: 'out', type: 'stdout' }],
    route: { destination: 'out' },
  };
  const bad: Array<[string, { given: unknown; want: string }]> = [
    [
      'bad source matcher',
      {
        given: [{ source_matchers: ['signal~x'], target_matchers: ['signal=Poor'] }],
        want: 'inhibit_rules.0.source_matchers.0: bad matcher',
      },
    ],
    [
      // Alertmanager accepts a rule without target matchers (it targets every alert); not a bad key.
      'a deprecated target_match with a bad label name',
      {
        given: [{ source_matchers: ['signal=Negative'], target_match: { 'bad-name': 'x' } }],
        want: 'inhibit_rules.0.target_match.bad-name: invalid label name "bad-name"',
      },
    ],
    [
      'bad equal label',
      {
        given: [{ source_matchers: ['a=b'], target_matchers: ['a=c'], equal: ['tracker-id'] }],
        want: 'inhibit_rules.0.equal.0: must be a label name',
      },
    ],
    [
      'unknown key',
      {
        given: [{ source_matchers: ['a=b'], target_matchers: ['a=c'], equals: [] }],
        want: 'inhibit_rules.0: unknown key(s) equals',
      },
    ],
  ];
  it.each(bad)('%s fails naming the field', (_name, { given, want }) => {
    expect(() => loadConfig({ ...base, inhibit_rules: given })).toThrow(want);
  });

  it('loads into matchers', async () => {
    const config = loadConfig({
      ...base,
      inhibit_rules: [
        {
          source_matchers: ['signal=Negative'],
          target_matchers: ['signal=~"Poor|Neutral"'],
          equal: ['tracker_id'],
        },
      ],
    });
    expect(config.inhibitRules).toMatchObject([
      {
        sourceMatchers: [{ name: 'signal', op: '=', value: 'Negative' }],
        targetMatchers: [{ op: '=~' }],
        equal: ['tracker_id'],
      },
    ]);
  });
});
