import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../../../../tests/helpers/chromium.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { SECRET } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';

// /ui with an operator's alertmanager.yml, in headless Chromium: where Alertmanager's UI is (`/`),
// inhibitions decided when a group is notified and when an alert comes, each linked to its rule
// and its source alert, and a receiver without integrations.
describe.skipIf(!hasChromium)(
  `/ui with an alertmanager.yml: inhibitions, receivers without integrations, GET / (headless Chromium at ${CHROMIUM})`,
  () => {
    const AM_TOKEN = 'ui-am-token-0123456789';
    const CRITICAL = { alertname: 'DiskFull', severity: 'critical', instance: 'db-1' };
    const WARNING = { alertname: 'DiskFull', severity: 'warning', instance: 'db-1' };
    const LATER = { alertname: 'DiskFull', severity: 'warning', instance: 'db-2' };
    let am: Receiver;
    let amHook: Loopback;
    let browser: Browser;
    let page: Page;

    const postAlerts = async (labels: Array<Record<string, string>>) => {
      const res = await fetch(`${am.url}/api/v2/alerts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${AM_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(labels.map((l) => ({ labels: l }))),
      });
      expect(res.status).toBe(200);
    };

    // The test's own directory: the store, and the screenshot a reader can look at after a run.
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tk-ui-am-'));
      const { startReceiver } = await import('../../src/server/start-receiver.ts');
      amHook = await startLoopback();
      am = await startReceiver({
        port: 0,
        host: '127.0.0.1',
        storagePath: join(dir, 'store.db'),
        config: {
          server: { admin_token: { env: 'ADMIN_TOKEN' } },
          sources: [{ name: 'tracker', path: '/', secret: { env: 'SECRET' } }],
          route: {
            receiver: 'team',
            group_by: ['alertname'],
            group_wait: '50ms',
            routes: [{ matchers: ['severity="none"'], receiver: 'blackhole' }],
          },
          inhibit_rules: [
            {
              source_matchers: ['severity="critical"'],
              target_matchers: ['severity="warning"'],
              equal: ['alertname'],
            },
          ],
          receivers: [
            { name: 'team', webhook_configs: [{ url: `${amHook.url}/hook` }] },
            { name: 'blackhole' },
          ],
          log: { level: 'silent' },
        },
        env: { SECRET, ADMIN_TOKEN: AM_TOKEN },
      });
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const context = await browser.newContext({ httpCredentials: { username: 'ops', password: AM_TOKEN } });
      page = await context.newPage();
    });

    afterAll(async () => {
      await browser?.close();
      await am?.close();
      await amHook?.close();
    });

    it('GET / leads to the page, as Alertmanager serves its UI there; alerts still come in by POST /', async () => {
      const res = await fetch(`${am.url}/`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      await page.goto(`${am.url}/`);
      expect(new URL(page.url()).pathname).toBe('/ui');
      await expect(page.locator('h1').textContent()).resolves.toBe('Recent alerts');
      const put = await fetch(`${am.url}/`, { method: 'PUT' });
      expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    });

    it('an alert inhibited by another of the same POST is held on /ui, linked to its rule and its source alert', async () => {
      await postAlerts([CRITICAL, WARNING]);
      // The source's group notification went out; the target never did.
      await amHook.waitFor((l) => l.requests.some((r) => r.body.includes('"critical"')));
      expect(amHook.requests.some((r) => r.body.includes('"warning"'))).toBe(false);
      await page.goto(`${am.url}/ui`);
      const row = page.locator('tr', { hasText: 'severity="warning"' });
      await expect(row.locator('.state').first().textContent()).resolves.toBe('inhibited');
      expect(await row.textContent()).not.toContain('no route matched');
      const source = row.locator('.held a[data-source-alert]');
      await source.click();
      await page.waitForURL(/\/ui\?filter=/);
      const found = page.locator('tbody tr');
      expect(await found.count()).toBe(1);
      await expect(found.textContent()).resolves.toContain('severity="critical"');
      await page.goto(`${am.url}/ui`);
      await page
        .locator('tr', { hasText: 'severity="warning"' })
        .locator('.held a[data-rule-link="0"]')
        .click();
      await page.waitForURL(/\/ui\/silences#inhibit-rule-0$/);
      await expect(page.locator('tr:target').textContent()).resolves.toContain('severity="critical"');
      await page.screenshot({ path: join(dir, 'ui-inhibited.png'), fullPage: true });
    });

    it('an alert held when it came (its source already firing) names the rule and, while it fires, the source', async () => {
      await postAlerts([LATER]);
      await page.goto(`${am.url}/ui`);
      const row = page.locator('tr', { hasText: 'instance="db-2"' });
      await expect(row.locator('.state').first().textContent()).resolves.toBe('inhibited');
      const held = row.locator('.held');
      expect(await held.count()).toBe(1);
      await expect(held.textContent()).resolves.toContain('held by inhibit_rules.0');
      expect(await held.locator('a[data-rule-link="0"]').count()).toBe(1);
      expect(await held.locator('a[data-source-search="0"]').count()).toBe(1);
      await held.locator('a[data-source-alert]').click();
      await page.waitForURL(/\/ui\?filter=/);
      await expect(page.locator('tbody tr').textContent()).resolves.toContain('severity="critical"');
    });

    it('an alert routed to a receiver without integrations says so (it is no "no route matched")', async () => {
      await postAlerts([{ alertname: 'Quiet', severity: 'none' }]);
      await page.goto(`${am.url}/ui`);
      await expect(page.locator('tr', { hasText: 'Quiet' }).textContent()).resolves.toContain(
        'blackhole a receiver without integrations: nothing is sent',
      );
    });
  },
);
