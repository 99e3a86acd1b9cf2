import { describe, expect, it } from 'vitest';
import { parseMatcher } from '../../src/router/label-matcher.ts';
import { openStore } from '../../src/store/open-store.ts';
import { alertsPage, parseAlertFilter } from '../../src/ui/alerts-page.ts';
import { escapeHtml, html, layout, SafeHtml } from '../../src/ui/html.ts';
import { silencesPage } from '../../src/ui/silences-page.ts';
import { turnsLetGo } from '../helpers/turns.ts';

const HOSTILE = `<script>alert(1)</script>"'\`&<img src=x onerror=alert(2)>`;

describe('UI escaping', () => {
  it.each([
    ['angle brackets', { given: '<b>', want: '&lt;b&gt;' }],
    ['ampersand first', { given: '&lt;', want: '&amp;lt;' }],
    ['quotes and backtick', { given: `"'\``, want: '&quot;&#39;&#96;' }],
    ['non-strings', { given: 42, want: '42' }],
    ['null', { given: null, want: '' }],
  ] as const)('escapeHtml: %s', (_name, { given, want }) => {
    expect(escapeHtml(given)).toBe(want);
  });

  it('html`` escapes every interpolated value, in text and in attributes, unless it is SafeHtml', () => {
    const out =
      html`<a title="${HOSTILE}">${HOSTILE}</a>${new SafeHtml('<br>')}${[HOSTILE, html`<i>${'<x>'}</i>`]}`
        .value;
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).toContain('</a><br>&lt;script');
    expect(out).toContain('<i>&lt;x&gt;</i>');
    expect(out.match(/"/g)?.length).toBe(2); // only the template's own attribute quotes
  });

  it('null, undefined and false render nothing; the layout escapes the title', () => {
    expect(html`[${null}${undefined}${false}]`.value).toBe('[]');
    expect(layout('/ui', HOSTILE, html``)).not.toContain('<script>');
  });

  it('a stored alert with hostile text renders inert on /ui and on the silences form', async () => {
    const store = openStore(':memory:');
    try {
      // Stored directly: whatever a sender put in the body reaches the page only escaped.
      await store.ingest({
        source: HOSTILE,
        webhookId: 'w1',
        eventType: HOSTILE,
        known: false,
        body: JSON.stringify({ type: HOSTILE, data: { tracker_name: HOSTILE, tracker_id: HOSTILE } }),
        matches: [{ path: HOSTILE, destinations: [HOSTILE], repeatIntervalMs: 0, muted: false }],
        repeatScope: null,
        resolves: null,
      });
      const page = await alertsPage(store, undefined);
      expect(page).toContain('&lt;script&gt;');
      expect(page).not.toContain('<script>');
      expect(page).not.toContain('<img');
      const form = await silencesPage(store, Date.now(), {
        form: { matchers: HOSTILE, duration: HOSTILE, comment: HOSTILE, author: HOSTILE },
        error: HOSTILE,
      });
      expect(form).not.toContain('<script>');
      expect(form).not.toContain('<img');
    } finally {
      await store.close();
    }
  });
});

describe('/ui: why a held alert was not sent, "Silence this", search', () => {
  const T0 = Date.UTC(2030, 0, 1);
  const alert = (trackerId: string, signal: string) =>
    JSON.stringify({
      type: 'tracker.alert',
      data: { tracker_id: trackerId, tracker_name: `T ${trackerId}`, signal, score: 2 },
    });
  async function stored(now: () => number) {
    const store = openStore(':memory:', { now });
    const put = (id: string, body: string, held: 'silenced' | 'inhibited' | undefined) =>
      store.ingest({
        source: 'tracker',
        webhookId: id,
        eventType: 'tracker.alert',
        known: true,
        body,
        matches: [
          {
            path: 'root',
            destinations: ['chat'],
            repeatIntervalMs: 0,
            muted: false,
            ...(held ? { held } : {}),
          },
        ],
        repeatScope: null,
        resolves: null,
      });
    return { store, put };
  }

  it('a silenced delivery names the silence active when the alert came (linked), not one made later', async () => {
    let t = T0;
    const { store, put } = await stored(() => t);
    try {
      const matchers = [{ name: 'tracker_id', value: 'trk_s', isRegex: false, isEqual: true }];
      const held = await store.silences.create({
        matchers,
        startsAt: T0 - 10,
        endsAt: T0 + 10,
        createdBy: 'ops',
        comment: 'window',
      });
      await put('w1', alert('trk_s', 'Poor'), 'silenced');
      t = T0 + 100;
      // Made after the alert came: it held nothing of it.
      await store.silences.create({
        matchers,
        startsAt: T0 + 50,
        endsAt: T0 + 500,
        createdBy: 'ops',
        comment: 'later',
      });
      const page = await alertsPage(store, undefined);
      expect(page).toContain(`href="/ui/silences#silence-${held.id}"`);
      expect(page).toContain('(ops: window)');
      expect(page).not.toContain('later');
    } finally {
      await store.close();
    }
  });

  it('a silenced delivery whose silence is gone says so; an inhibited one quotes the rule that targets it', async () => {
    const { store, put } = await stored(() => T0);
    try {
      await put('w1', alert('trk_gone', 'Poor'), 'silenced');
      await put('w2', alert('trk_inh', 'Neutral'), 'inhibited');
      const rules = [
        {
          sourceMatchers: [parseMatcher('signal="Negative"')],
          targetMatchers: [parseMatcher('signal=~"Poor|Neutral"')],
          equal: ['tracker_id'],
        },
      ];
      const page = await alertsPage(store, undefined, { rules });
      expect(page).toContain('held by a silence no longer stored');
      // The rule linked to its row on /ui/silences; its sources: a search for the alerts that
      // match its source matchers with the target's `equal` labels.
      expect(page).toContain(
        'held by <a href="/ui/silences#inhibit-rule-0" data-rule-link="0"><code>inhibit_rules.0</code></a>: <code>source_matchers [signal=&quot;Negative&quot;], target_matchers [signal=~&quot;Poor|Neutral&quot;], equal [tracker_id]</code>',
      );
      expect(page).toContain(
        `href="/ui?filter=${encodeURIComponent('signal="Negative", tracker_id="trk_inh"')}" data-source-search="0"`,
      );
    } finally {
      await store.close();
    }
  });

  it('"Silence this" carries the labels but the score; the search keeps only alerts whose labels match', async () => {
    const { store, put } = await stored(() => T0);
    try {
      await put('w1', alert('trk_a', 'Poor'), undefined);
      await put('w2', alert('trk_b', 'Negative'), undefined);
      const page = await alertsPage(store, undefined);
      expect(page).toContain(
        'name="matchers" value="event=&quot;tracker.alert&quot;\ntracker_id=&quot;trk_a&quot;\ntracker_name=&quot;T trk_a&quot;\nsignal=&quot;Poor&quot;\nbound=&quot;none&quot;"',
      );
      const found = await alertsPage(store, undefined, { filter: '{signal=~"Neg.*"}' });
      expect(found).toContain('trk_b');
      expect(found).not.toContain('trk_a');
      expect(found).toContain('1 matching of 2 searched.');
      expect(parseAlertFilter('signal=~"("')).toEqual({
        error: expect.stringMatching(/^filter: .*invalid regular expression/),
      });
    } finally {
      await store.close();
    }
  });

  it('a search reads its batches of 200 alerts with the event loop let go between them', async () => {
    const { store, put } = await stored(() => T0);
    try {
      await Promise.all(
        Array.from({ length: 650 }, (_, i) => put(`w${i}`, alert(`trk_${i}`, 'Poor'), undefined)),
      );
      const { value: found, turns } = await turnsLetGo(() =>
        alertsPage(store, undefined, { filter: 'tracker_id="nobody"' }),
      );
      expect(found).toContain('0 matching of 650 searched.');
      // Four batches (200, 200, 200, 50), one turn let go before each but the first.
      expect(turns).toBe(3);
    } finally {
      await store.close();
    }
  });
});
