// What n8n itself decides about the node, asked of a running n8n 2.35.7 over its own REST API: where
// the editor's node picker files the triggers (from /types/nodes.json, the list the editor loads), which
// Skills fields Tracker › Create and Update show per node version, what the credential test answers,
// and what Tracker › Update sends to a service that replaces nested objects.
// Run from n8n.e2e.test.ts, after its suite: one build of the node per file.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SKILL_COSTS } from '@trackerkit/core';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium } from '../helpers/chromium.ts';
import { multiSelectInEditor } from './editor-page.ts';
import { freePort, N8n } from './harness.ts';
import { mergedTriggers, type NodeTypeDescription } from './node-picker.ts';
import { updateCredential, updateWorkflow } from './workflows-update.ts';

const OWNER = {
  email: 'owner@example.com',
  firstName: 'Tracker',
  lastName: 'Kit',
  password: 'Trackerkit-e2e-1',
};

export function editorAndRestSuite(app: () => string) {
  describe('n8n 2.35.7 REST: node picker, credential test, Tracker › Update', () => {
    let emulator: RunningEmulator;
    let replacing: RunningEmulator;
    let n8n: N8n;
    let cookie = '';
    let trackerId: string;
    let updateOutput: Awaited<ReturnType<N8n['execute']>>;

    async function rest(method: string, path: string, body?: unknown) {
      const response = await fetch(`http://127.0.0.1:${n8n.port}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = response.headers.getSetCookie();
      if (set.length > 0) cookie = set.map((c) => c.split(';')[0]).join('; ');
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return JSON.parse(text) as unknown;
    }

    beforeAll(async () => {
      emulator = await startEmulator({ validateResponses: true, log: () => {} });
      // A service that replaces nested objects on PATCH instead of merging them (the spec does not say).
      replacing = await startEmulator({ validateResponses: true, patchObjects: 'replace', log: () => {} });
      const created = await fetch(`${replacing.baseUrl}/api/spaces/${replacing.spaceId}/trackers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${replacing.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bounded',
          description: 'Alerts on a lower bound by webhook',
          run_mode: 'manual',
          agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: ['web_research'] },
          notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
        }),
      });
      trackerId = ((await created.json()) as { tracker_id: string }).tracker_id;

      n8n = new N8n(app(), await freePort());
      n8n.brokerPort = await freePort();
      await n8n.importJson('credentials', 'update-credentials', [
        updateCredential(`${replacing.baseUrl}`, replacing.token),
      ]);
      await n8n.importJson('workflow', 'update', updateWorkflow(trackerId));
      updateOutput = await n8n.execute('wfUpdate0001');
      // Resolves once n8n is ready (`/healthz/readiness`), as the REST API needs.
      await n8n.start();
      // Setting up the owner signs it in: n8n 2.35.7's OwnerController.setupOwner issues the session
      // cookie, which `rest` keeps. A separate login after it was refused once in CI (401 "Wrong
      // username or password") with the same credentials, and is not what these tests are about.
      await rest('POST', '/rest/owner/setup', OWNER);
    }, 600_000);

    afterAll(async () => {
      await n8n?.stop();
      await n8n?.dropDatabase();
      await emulator?.close();
      await replacing?.close();
    });

    it('files the polling trigger under the Tracker app in the node picker; old types stay loadable', async () => {
      const types = (await rest('GET', '/types/nodes.json')) as NodeTypeDescription[];
      const picker = mergedTriggers(types);
      // The Tracker app's triggers: new workflows get the polling trigger from it.
      expect(picker.get('CUSTOM.tracker')).toEqual(['CUSTOM.trackerTrigger']);
      const latest = types
        .filter((t) => t.name === 'CUSTOM.trackerTrigger')
        .sort((a, b) => +b.version - +a.version);
      expect(latest[0]).toMatchObject({ version: 2, polling: true, displayName: 'Tracker Trigger' });
      // The webhook trigger for new workflows, listed on its own.
      expect(picker.get('CUSTOM.trackerAlertTrigger')).toEqual(['CUSTOM.trackerAlertTrigger']);
      // Saved workflows keep working: trackerTrigger version 1 is the webhook, trackerSignalTrigger is
      // still loaded (hidden from the picker). The e2e suite runs workflows of both types.
      expect(latest[1]).toMatchObject({ version: 1, displayName: 'Tracker Trigger' });
      expect(latest[1]?.webhooks).toBeDefined();
      expect(types.find((t) => t.name === 'CUSTOM.trackerSignalTrigger')).toMatchObject({
        hidden: true,
        polling: true,
      });
    });

    it('shows Tracker › Create and Update › Skills as a multi-select in version 2, text in version 1', async () => {
      type Property = {
        name: string;
        type: string;
        displayOptions?: { show?: Record<string, unknown[] | undefined> };
        options?: Array<Partial<Property> & { value?: string }>;
      };
      const types = (await rest('GET', '/types/nodes.json')) as NodeTypeDescription[];
      const tracker = types.find((t) => t.name === 'CUSTOM.tracker') as unknown as {
        defaultVersion?: number;
        properties: Property[];
      };
      expect(tracker).toMatchObject({ version: [1, 2], defaultVersion: 2 });
      const skills = tracker.properties.filter(
        (p) => p.name === 'skills' && p.displayOptions?.show?.operation,
      );
      expect(skills.map((p) => [p.type, p.displayOptions?.show?.['@version']])).toEqual([
        ['string', [1]],
        ['multiOptions', [{ _cnd: { gte: 2 } }]],
      ]);
      // Update's Skills sits in Update Fields, one collection per version: the same known skills as Create.
      const known = skills[1]?.options?.map((o) => o.value);
      const update = tracker.properties
        // Vault › Update Source has an Update Fields of its own.
        .filter((p) => p.name === 'updateFields' && p.displayOptions?.show?.resource?.[0] === 'tracker')
        .map((p) => {
          const field = p.options?.find((o) => o.name === 'skills');
          return [
            p.displayOptions?.show?.['@version'],
            field?.type,
            field?.options?.map((o) => o.value),
            p.options?.some((o) => o.name === 'customSkills'),
          ];
        });
      expect(update).toEqual([
        [[1], 'string', undefined, false],
        [[{ _cnd: { gte: 2 } }], 'multiOptions', known, true],
      ]);
      expect(known).toContain('web_research');
      const polling = types.find((t) => t.name === 'CUSTOM.trackerTrigger' && t.version === 2);
      expect(polling?.properties.find((p) => p.name === 'events')).toMatchObject({
        default: ['completed'],
        options: [
          expect.objectContaining({ value: 'completed' }),
          expect.objectContaining({ value: 'failed' }),
        ],
      });
    });

    it.skipIf(!hasChromium)(
      `renders Tracker › Create › Skills in the editor as a multi-select of the known skills (needs Debian's chromium package at ${CHROMIUM})`,
      async () => {
        const types = (await rest('GET', '/types/nodes.json')) as unknown as Array<{
          name: string;
          properties: Array<{ name: string; type: string; options?: Array<{ name: string; value: string }> }>;
        }>;
        const known = types
          .find((t) => t.name === 'CUSTOM.tracker')
          ?.properties.find((p) => p.name === 'skills' && p.type === 'multiOptions')?.options;
        expect(known?.map((o) => o.value).sort()).toEqual(Object.keys(DEFAULT_SKILL_COSTS).sort());
        const label = (value: string) => known?.find((o) => o.value === value)?.name;
        // A workflow as the editor saves a new Tracker node (version 2) set to Create, two skills chosen.
        const nodeId = randomUUID();
        const saved = (await rest('POST', '/rest/workflows', {
          name: 'Skills in the editor',
          nodes: [
            {
              id: nodeId,
              name: 'Create Tracker',
              type: 'CUSTOM.tracker',
              typeVersion: 2,
              position: [0, 0],
              parameters: {
                resource: 'tracker',
                operation: 'create',
                spaceId: { __rl: true, mode: 'id', value: emulator.spaceId },
                name: 'ACME supplier news',
                skills: ['web_research', 'stock_research'],
              },
            },
          ],
          connections: {},
          settings: { executionOrder: 'v1' },
        })) as { data: { id: string } };
        const png = join(n8n.userFolder, 'tracker-create-skills.png');
        const field = await multiSelectInEditor(
          `http://127.0.0.1:${n8n.port}/workflow/${saved.data.id}/${nodeId}`,
          cookie,
          'skills',
          png,
        );
        // Two values chosen at once, as tags, and a dropdown of exactly the known skills.
        expect(field.chosen).toEqual([label('web_research'), label('stock_research')]);
        expect(field.options).toEqual(known?.map((o) => o.name));
        expect([...field.selected].sort()).toEqual([label('stock_research'), label('web_research')].sort());
        expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
      },
      300_000,
    );

    it('answers the credential test with what is wrong: the token, or the Base URL without /v1', async () => {
      const test = async (data: { baseUrl: string; apiToken: string }) =>
        (
          (await rest('POST', '/rest/credentials/test', {
            credentials: { id: '', name: 'Tracker API', type: 'trackerApi', data },
          })) as { data: { status: string; message: string } }
        ).data;
      expect(await test({ baseUrl: emulator.baseUrl, apiToken: emulator.token })).toEqual({
        status: 'OK',
        message: 'Connection successful!',
      });
      // A trailing slash is fine.
      expect((await test({ baseUrl: `${emulator.baseUrl}/`, apiToken: emulator.token })).status).toBe('OK');
      const refused = await test({ baseUrl: emulator.baseUrl, apiToken: 'qapi_not-a-real-token' });
      expect(refused.status).toBe('Error');
      expect(refused.message).toMatch(/^The service refused the API Token/);
      const unversioned = await test({ baseUrl: emulator.origin, apiToken: emulator.token });
      expect(unversioned.status).toBe('Error');
      expect(unversioned.message).toContain('the Base URL must include the version segment');
      expect(unversioned.message).toContain('/v1');
    });

    it('Tracker › Update adds an upper bound and keeps the webhook and the lower bound', async () => {
      const updated = updateOutput['Add Upper Bound']?.[0]?.json as {
        notification_config: Record<string, unknown>;
        agent_config: Record<string, unknown>;
      };
      const expected = {
        webhook_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      };
      expect(updated.notification_config).toMatchObject(expected);
      expect(updated.agent_config).toMatchObject({
        instruction: 'Assess again.',
        score_meaning: '10 is good.',
        skills: ['web_research'],
      });
      const stored = (await (
        await fetch(`${replacing.baseUrl}/api/trackers/${trackerId}`, {
          headers: { authorization: `Bearer ${replacing.token}` },
        })
      ).json()) as { notification_config: Record<string, unknown> };
      expect(stored.notification_config).toMatchObject(expected);
      expect(replacing.contractViolations()).toEqual([]);
    });
  });
}
