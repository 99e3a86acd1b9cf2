import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../../../../tests/helpers/chromium.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

const TOKEN = 'ui-admin-token-0123456789';
const HOSTILE = '<img src=x onerror="window.pwned=1">';
// The test's own directory: the store, and the screenshots a reader can look at after a run.
let dir: string;
let receiver: Receiver;
let hook: Loopback;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tk-ui-'));
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  hook = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: join(dir, 'store.db'),
    config: {
      server: { admin_token: { env: 'ADMIN_TOKEN' } },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } }],
      route: { destination: 'slack' },
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
    env: { SECRET, ADMIN_TOKEN: TOKEN, SLACK_URL: `${hook.url}/services/T0/B0/X` },
  });
});

afterAll(async () => {
  await receiver?.close();
  await hook?.close();
});

/** Sends an alert; resolves with its webhook-id once the receiver has stored it (the 200). */
async function send(trackerName: string, trackerId: string): Promise<string> {
  const req = signedRequest(exampleAlert({ tracker_name: trackerName, tracker_id: trackerId }));
  expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
  return req.headers['webhook-id']!;
}

/** Waits (by polling the store, no timing asserted) until the alert's delivery reaches `state`. */
function settled(webhookId: string, state: 'dead' | 'delivered') {
  return waitUntil(async () => (await receiver.store.list(state)).find((d) => d.webhookId === webhookId), {
    what: `the delivery of ${webhookId} ${state}`,
  });
}

const basic = `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`;
const form = (body: string, headers: Record<string, string>) =>
  fetch(`${receiver.url}/ui/silences`, {
    method: 'POST',
    redirect: 'manual',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const SILENCE_FORM = 'matchers=tracker_id%3D%22trk_csrf%22&duration=1h&comment=c&author=a';

describe('/ui auth and CSRF (the admin rule of /-/reload)', () => {
  it('without the token: 401 asking for Basic credentials; with it as the Basic password: the page', async () => {
    const denied = await fetch(`${receiver.url}/ui`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toMatch(/^Basic /);
    const wrong = await fetch(`${receiver.url}/ui`, {
      headers: { authorization: `Basic ${Buffer.from('ops:nope').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    const ok = await fetch(`${receiver.url}/ui`, { headers: { authorization: basic } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('a POST with browser credentials but no same-origin proof is refused (403); same origin or Bearer passes', async () => {
    expect((await form(SILENCE_FORM, { authorization: basic })).status).toBe(403);
    expect((await form(SILENCE_FORM, { authorization: basic, origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect((await form(SILENCE_FORM, { authorization: basic, 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    expect(await receiver.store.silences.list()).toHaveLength(0);
    const sameOrigin = await form(SILENCE_FORM, { authorization: basic, origin: receiver.url });
    expect(sameOrigin.status).toBe(303);
    const bearer = await form(SILENCE_FORM, { authorization: `Bearer ${TOKEN}` });
    expect(bearer.status).toBe(303);
    for (const s of await receiver.store.silences.list())
      await receiver.store.silences.expire(s.id, Date.now());
  });

  it('a bad form answers 400 naming the field, never 5xx', async () => {
    const bad = await form('matchers=&duration=soon&comment=c&author=a', {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('duration: must be a duration');
  });
});

describe('/ui without an admin token (loopback only)', () => {
  it('answers only to a loopback host name (a DNS-rebound name is refused) and still needs same origin to POST', async () => {
    const { startReceiver } = await import('../../src/server/start-receiver.ts');
    const open = await startReceiver({
      port: 0,
      host: '127.0.0.1',
      storagePath: ':memory:',
      config: {
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
        destinations: [{ name: 'out', type: 'stdout' }],
        route: { destination: 'out' },
        log: { level: 'silent' },
      },
      env: { SECRET },
    });
    try {
      const { request } = await import('node:http');
      const get = (host: string) =>
        new Promise<number>((resolve, reject) => {
          request(`${open.url}/ui`, { headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      expect(await get(`127.0.0.1:${open.port}`)).toBe(200);
      expect(await get(`localhost:${open.port}`)).toBe(200);
      expect(await get(`rebound.evil.example:${open.port}`)).toBe(403);
      const cross = await fetch(`${open.url}/ui/silences`, {
        method: 'POST',
        body: SILENCE_FORM,
        headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(cross.status).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe.skipIf(!hasChromium)(
  `/ui in headless Chromium (needs Debian's chromium package at ${CHROMIUM})`,
  () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
      });
      context = await browser.newContext({ httpCredentials: { username: 'ops', password: TOKEN } });
      page = await context.newPage();
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('an alert arrives and is shown on /ui with its routing; hostile text stays text', async () => {
      hook.fallback = { status: 400, body: { error: 'invalid_payload' } };
      const id = await send(`UI dead ${HOSTILE}`, 'trk_ui_dead');
      await settled(id, 'dead');
      await page.goto(`${receiver.url}/ui`);
      const row = page.locator('tr', { hasText: 'UI dead' });
      await expect(row.textContent()).resolves.toContain(`UI dead ${HOSTILE}`);
      await expect(row.textContent()).resolves.toContain('slack');
      await expect(row.locator('.state').textContent()).resolves.toBe('dead');
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    });

    it('a dead letter (destination answered 400) is inspected and replayed from the page, then delivered', async () => {
      const dead = (await receiver.store.list('dead')).find((d) => d.body.includes('trk_ui_dead'))!;
      await page.goto(`${receiver.url}/ui/dead-letters`);
      await page.click(`tr[data-delivery-id="${dead.id}"] a`);
      await expect(page.locator('#last-error').textContent()).resolves.toContain('400');
      await expect(page.locator('#body').textContent()).resolves.toContain('trk_ui_dead');
      hook.fallback = { status: 200, body: { ok: true } };
      await page.click('button:has-text("Replay")');
      await page.waitForURL(/\/ui\/dead-letters\?replayed=/);
      await expect(page.locator('.flash').textContent()).resolves.toContain(
        `Dead letter ${dead.id} requeued`,
      );
      await settled(dead.webhookId, 'delivered');
      await page.goto(`${receiver.url}/ui`);
      await expect(page.locator('tr', { hasText: 'UI dead' }).locator('.state').textContent()).resolves.toBe(
        'delivered',
      );
      await page.goto(`${receiver.url}/ui/destinations`);
      await expect(
        page.locator('tr[data-destination="slack"] td[data-state="delivered"]').textContent(),
      ).resolves.toBe('1');
    });

    it('a silence created on the page mutes the next matching alert; Expire ends it', async () => {
      await page.goto(`${receiver.url}/ui/silences`);
      await page.fill('#matchers', 'tracker_id="trk_ui_silenced"');
      await page.fill('#duration', '1h');
      await page.fill('#comment', 'maintenance window');
      await page.fill('#author', 'ops');
      await page.click('button:has-text("Create silence")');
      await page.waitForURL(/flash=created/);
      await expect(page.locator('.flash').textContent()).resolves.toBe('Silence created.');
      const silenced = page.locator('tr', { hasText: 'maintenance window' });
      await expect(silenced.locator('.state').textContent()).resolves.toBe('active');

      await send('UI silenced', 'trk_ui_silenced');
      await page.goto(`${receiver.url}/ui`);
      await expect(
        page.locator('tr', { hasText: 'UI silenced' }).locator('.state').textContent(),
      ).resolves.toBe('silenced');
      await page.screenshot({ path: join(dir, 'ui.png'), fullPage: true });

      await page.goto(`${receiver.url}/ui/silences`);
      await page
        .locator('tr', { hasText: 'maintenance window' })
        .locator('button:has-text("Expire")')
        .click();
      await page.waitForURL(/flash=expired/);
      await expect(page.locator('.flash').textContent()).resolves.toBe('Silence expired.');
      await expect(
        page.locator('tr', { hasText: 'maintenance window' }).locator('.state').textContent(),
      ).resolves.toBe('expired');
    });

    it('"Silence this" on an alert creates a silence from its labels that holds the next matching alert, which names it (linked)', async () => {
      const first = await send('UI this', 'trk_ui_this');
      await settled(first, 'delivered');
      await page.goto(`${receiver.url}/ui`);
      await page.locator('tr', { hasText: 'UI this' }).locator('button:has-text("Silence this")').click();
      await page.waitForURL(/\/ui\/silences\?matchers=/);
      // Prefilled from the alert's labels, its score left out (it changes with every run).
      const prefilled = await page.inputValue('#matchers');
      expect(prefilled.split('\n')).toEqual(
        expect.arrayContaining([
          'event="tracker.alert"',
          'tracker_id="trk_ui_this"',
          'tracker_name="UI this"',
        ]),
      );
      expect(prefilled).not.toContain('score=');
      await page.fill('#comment', 'silenced from its alert');
      await page.fill('#author', 'ops');
      await page.click('button:has-text("Create silence")');
      await page.waitForURL(/flash=created/);
      const silence = (await receiver.store.silences.list()).find(
        (s) => s.comment === 'silenced from its alert',
      )!;
      expect(silence).toBeDefined();

      const second = await send('UI this', 'trk_ui_this');
      expect((await receiver.store.list('silenced')).some((d) => d.webhookId === second)).toBe(true);
      await page.goto(`${receiver.url}/ui`);
      const held = page.locator('tr', { hasText: 'UI this' }).first();
      await expect(held.locator('.state').textContent()).resolves.toBe('silenced');
      await expect(held.locator('.held').textContent()).resolves.toContain('silenced from its alert');
      // The link leads to that silence's row on the silences page.
      await held.locator(`a[data-held-by="${silence.id}"]`).click();
      await page.waitForURL(new RegExp(`/ui/silences#silence-${silence.id}$`));
      await expect(page.locator('tr:target').textContent()).resolves.toContain('silenced from its alert');
      await expect(page.locator('tr:target .state').textContent()).resolves.toBe('active');
      await page.screenshot({ path: join(dir, 'ui-silence-this.png'), fullPage: true });
      // The first alert, sent before the silence, was delivered and names no silence.
      await page.goto(`${receiver.url}/ui`);
      const earlier = page.locator('tr', { hasText: 'UI this' }).nth(1);
      await expect(earlier.locator('.state').textContent()).resolves.toBe('delivered');
      expect(await earlier.locator('.held').count()).toBe(0);
      await receiver.store.silences.expire(silence.id, Date.now());
    });

    it('searches alerts by label matchers (Alertmanager syntax); a bad matcher is named, with a 400', async () => {
      await page.goto(`${receiver.url}/ui`);
      await page.fill('#filter', 'tracker_id="trk_ui_this", signal=~"Neg.*"');
      await page.click('button:has-text("Search")');
      await page.waitForURL(/\/ui\?filter=/);
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(2);
      for (const text of await rows.allTextContents()) expect(text).toContain('trk_ui_this');
      await expect(page.locator('[role=status]').textContent()).resolves.toMatch(
        /^2 matching of \d+ searched\.$/,
      );
      const bad = await page.goto(`${receiver.url}/ui?filter=${encodeURIComponent('tracker_id=~"("')}`);
      expect(bad?.status()).toBe(400);
      await expect(page.locator('[role=alert]').textContent()).resolves.toMatch(
        /^filter: .*invalid regular expression/,
      );
    });
  },
);
