// The signal chart in a real browser inside a real Apps host: headless Chromium (Debian's package,
// driven by playwright-core) loads a minimal host page built on the extension's own host side
// (AppBridge + PostMessageTransport, bundled by esbuild), which renders the server's `ui://` view in
// a sandboxed iframe and forwards the view's tool calls to the server through a real MCP client.
// The tracker has 50 runs in the emulator, some beyond its bounds; screenshots in both themes are
// kept in test-results/.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../../../../tests/helpers/chromium.ts';
import { SIGNAL_CHART_URI } from '../../src/apps/signal-chart.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { fastClient, startTestEmulator, trackerArgs } from './harness.ts';

const ARTIFACTS = fileURLToPath(new URL('../../test-results/', import.meta.url));
const RUNS = 50;
const LOWER = 3;
const UPPER = 8;
/** Scores 0-10 in a fixed order that crosses both bounds several times. */
const scoreOf = (i: number) => (i * 7) % 11;

let emulator: RunningEmulator;
let mcp: RunningHttpServer;
let client: Client;
let host: Server;
let browser: Browser;
let trackerId: string;
let alertedRuns: string[];

/** The host page's script: the extension's host side, bundled for the browser. */
async function bridgeBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents:
        "import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';\n" +
        'Object.assign(globalThis, { AppBridge, PostMessageTransport });',
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

describe.skipIf(!hasChromium)(
  `the signal chart in an Apps host (needs Debian's chromium package at ${CHROMIUM})`,
  () => {
    beforeAll(async () => {
      emulator = await startTestEmulator();
      const api = fastClient(emulator);
      const tracker = await api.trackers.create(emulator.spaceId, {
        name: 'ACME supplier risk',
        description: 'Supply-chain risk of ACME.',
        run_mode: 'manual',
        agent_config: { instruction: trackerArgs('').instruction, score_meaning: '10 = no risk', skills: [] },
        notification_config: {
          email_enabled: true,
          notify_below: true,
          lower_threshold: LOWER,
          notify_above: true,
          upper_threshold: UPPER,
        },
      });
      trackerId = tracker.tracker_id;
      for (let i = 0; i < RUNS; i++) {
        const { run_id } = await api.runs.trigger(trackerId, {
          context: { emulator: { score: scoreOf(i) } },
        });
        await api.runs.wait(trackerId, run_id);
      }
      // The service's own record of which runs sent an alert: what the chart must ring.
      alertedRuns = [];
      for await (const run of api.runs.listAll(trackerId)) {
        if (run.notification_delivery.email || run.notification_delivery.webhook)
          alertedRuns.push(run.run_id);
      }
      mcp = await startHttpServer({
        port: 0,
        baseUrl: emulator.baseUrl,
        token: emulator.token,
        authToken: 'chart',
      });
      client = new Client({ name: 'chart-host', version: '0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(mcp.url), {
          requestInit: { headers: { authorization: 'Bearer chart' } },
        }),
      );
      const script = await bridgeBundle();
      host = createServer((req, res) => {
        if (req.url === '/bridge.js')
          return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          '<!doctype html><html><body style="margin:0"><script src="/bridge.js"></script></body></html>',
        );
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
      });
      mkdirSync(ARTIFACTS, { recursive: true });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      host?.close();
      await client?.close();
      await mcp?.close();
      await emulator?.close();
    });

    /** The assistant's side: list_runs called, the view it names read and shown by the host. */
    async function show(page: Page, theme: 'light' | 'dark'): Promise<Frame> {
      const listed = await client.listTools();
      const tool = listed.tools.find((t) => t.name === 'list_runs');
      const uri = (tool?._meta as { ui?: { resourceUri?: string } })?.ui?.resourceUri;
      expect(uri).toBe(SIGNAL_CHART_URI);
      const resource = await client.readResource({ uri: uri! });
      const html = (resource.contents[0] as { text: string; mimeType: string }).text;
      expect(resource.contents[0]?.mimeType).toBe('text/html;profile=mcp-app');
      const args = { tracker_id: trackerId, page_size: 5 };
      const result = await client.callTool({ name: 'list_runs', arguments: args });

      // The view's own tool calls reach the server through this real client, as a host forwards them.
      await page.exposeFunction(
        'hostCallTool',
        (params: { name: string; arguments?: Record<string, unknown> }) => client.callTool(params),
      );
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      await page.evaluate(
        async ({ html, args, result, theme }) => {
          const { AppBridge, PostMessageTransport } = globalThis as never as {
            AppBridge: new (
              ...a: unknown[]
            ) => {
              oncalltool: (p: unknown) => Promise<unknown>;
              oninitialized: () => void;
              connect(t: unknown): Promise<void>;
              sendToolInput(p: unknown): Promise<void>;
              sendToolResult(p: unknown): Promise<void>;
              setHostContext(c: unknown): void;
            };
            PostMessageTransport: new (target: Window, source: Window) => unknown;
          };
          const iframe = document.createElement('iframe');
          iframe.id = 'view';
          iframe.setAttribute('sandbox', 'allow-scripts');
          iframe.style.cssText = 'width:680px;height:420px;border:0;display:block';
          document.body.append(iframe);
          const bridge = new AppBridge(
            null,
            { name: 'trackerkit-test-host', version: '0' },
            { serverTools: {} },
            {
              hostContext: { theme },
            },
          );
          bridge.oncalltool = (params) =>
            (globalThis as never as { hostCallTool: (p: unknown) => Promise<unknown> }).hostCallTool(params);
          const initialized = new Promise<void>((resolve) => {
            bridge.oninitialized = resolve;
          });
          await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
          iframe.srcdoc = html;
          await initialized;
          await bridge.sendToolInput({ arguments: args });
          await bridge.sendToolResult(result);
          (globalThis as never as { bridge: unknown }).bridge = bridge;
        },
        { html, args, result, theme },
      );
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      await frame.waitForSelector(`body[data-drawn="${RUNS}"]`, { timeout: 20_000 });
      return frame;
    }

    it('draws 50 points, both bounds and the runs that alerted, with the signal on hover, fetching nothing', async () => {
      const page = await browser.newPage({ viewport: { width: 700, height: 440 } });
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.frame() !== page.mainFrame()) fetched.push(request.url());
      });
      const frame = await show(page, 'light');
      expect(await frame.locator('circle.point').count()).toBe(RUNS);
      expect(await frame.locator('line.bound.lower').getAttribute('data-threshold')).toBe(String(LOWER));
      expect(await frame.locator('line.bound.upper').getAttribute('data-threshold')).toBe(String(UPPER));
      const ringed = await frame
        .locator('circle.point.alerted')
        .evaluateAll((dots) => dots.map((d) => d.getAttribute('data-run-id')));
      expect(alertedRuns.length).toBeGreaterThan(0);
      expect(alertedRuns.length).toBeLessThan(RUNS);
      expect(ringed.sort()).toEqual([...alertedRuns].sort());
      // Every point beyond a bound alerted (email on), every other did not.
      const expectedAlerts = Array.from({ length: RUNS }, (_, i) => scoreOf(i)).filter(
        (s) => s <= LOWER || s >= UPPER,
      ).length;
      expect(ringed).toHaveLength(expectedAlerts);

      const first = frame.locator('circle.point').first();
      await first.hover();
      const tip = frame.locator('#tip');
      await expect.poll(() => tip.isVisible()).toBe(true);
      expect(await tip.textContent()).toMatch(
        /^[A-Za-z ]+ · score \d+ · \d{4}-\d\d-\d\d \d\d:\d\d( · alerted)?$/,
      );
      expect(fetched).toEqual([]);
      await page.locator('#view').screenshot({ path: `${ARTIFACTS}signal-chart-light.png` });
      await page.close();
    }, 60_000);

    it('follows the host theme: dark from the start and when the host switches', async () => {
      const page = await browser.newPage({ viewport: { width: 700, height: 440 } });
      const frame = await show(page, 'dark');
      const background = () => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      const dark = await background();
      await page.locator('#view').screenshot({ path: `${ARTIFACTS}signal-chart-dark.png` });
      await page.evaluate(() =>
        (globalThis as never as { bridge: { setHostContext(c: unknown): void } }).bridge.setHostContext({
          theme: 'light',
        }),
      );
      await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await background()).not.toBe(dark);
      await page.close();
    }, 60_000);
  },
);
