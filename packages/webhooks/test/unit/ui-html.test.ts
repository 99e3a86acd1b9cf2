import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import { alertsPage } from '../../src/ui/alerts-page.ts';
import { escapeHtml, html, layout, SafeHtml } from '../../src/ui/html.ts';
import { silencesPage } from '../../src/ui/silences-page.ts';

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
