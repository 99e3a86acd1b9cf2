// The root README's receiver.yaml, as a reader copies it: it must load as the receiver loads it and
// route as its comments say. (An earlier version paged on-call with `continue: true` on the only
// child route: Slack never saw low scores and PagerDuty never saw a resolve.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AlertEvent, loadConfig, matchRouteTree } from '@trackerkit/webhooks';
import { afterAll, describe, expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const block = /```yaml\n(# receiver\.yaml[\s\S]*?)```/.exec(readme)?.[1];

// Loaded from a file, as `trackerkit-webhooks serve --config receiver.yaml` loads it.
const dir = mkdtempSync(join(tmpdir(), 'tk-readme-'));
const file = join(dir, 'receiver.yaml');
writeFileSync(file, block ?? '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  TRACKER_WEBHOOK_SECRET: `whsec_${Buffer.from('readme-example-secret-0123').toString('base64')}`,
  PAGERDUTY_ROUTING_KEY: 'R0UTINGKEY0123456789012345678901',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.test/services/T0/B0/x',
};

function alert(type: string, data: Record<string, unknown>): AlertEvent {
  return {
    type,
    timestamp: '2026-11-24T08:00:05Z',
    data: {
      account_id: 'acc_1',
      space_id: 'spc_1',
      tracker_id: 'trk_1',
      tracker_name: 'ACME supplier risk',
      run_id: 'run_1',
      analysis: 'x',
      rule: 'bounds',
      trigger_type: 'scheduled',
      completed_at: '2026-11-24T08:00:04Z',
      url: null,
      ...data,
    },
  } as AlertEvent;
}

describe("the root README's receiver.yaml", () => {
  it('is there, and loads as the receiver loads it', () => {
    expect(block).toBeDefined();
    expect(() => loadConfig(file, { env })).not.toThrow();
  });

  it.each([
    [
      'a score below the lower bound pages on-call and reaches Slack',
      alert('tracker.alert', { score: 2, signal: 'Negative', bound: 'lower', threshold: 3 }),
      ['oncall', 'team'],
    ],
    [
      'a score above the upper bound reaches Slack only',
      alert('tracker.alert', { score: 9, signal: 'Positive', bound: 'upper', threshold: 8 }),
      ['team'],
    ],
    [
      'back inside the bounds resolves the incident and tells Slack',
      alert('tracker.alert.resolved', { score: 6, signal: 'Positive', bound: null, threshold: null }),
      ['oncall', 'team'],
    ],
  ])('%s', (_name, event, want) => {
    const config = loadConfig(file, { env });
    const destinations = matchRouteTree(config.route, event).flatMap((match) => match.destinations);
    expect([...new Set(destinations)].sort()).toEqual(want);
  });
});

// The receiver README's full configuration, through the real `check` with each variable it names
// set, except the previous signing secret: outside a rotation that one stays unset.
describe("the receiver README's full configuration", () => {
  const webhooksReadme = readFileSync(
    fileURLToPath(new URL('../packages/webhooks/README.md', import.meta.url)),
    'utf8',
  );
  const full = /```yaml\n(server:[\s\S]*?)```/.exec(webhooksReadme)?.[1];
  const valueFor = (name: string) =>
    /SECRET/.test(name)
      ? `whsec_${Buffer.from(`${name}-readme-secret-value`).toString('base64')}`
      : /URL/.test(name)
        ? 'https://hooks.example.test/services/T0/B0/readme'
        : `${name.toLowerCase()}-readme-value-0123456789`;

  it('passes `trackerkit-webhooks check` with TRACKER_WEBHOOK_SECRET_PREVIOUS unset', () => {
    expect(full).toContain('TRACKER_WEBHOOK_SECRET_PREVIOUS');
    const path = join(dir, 'full.yaml');
    writeFileSync(path, full ?? '');
    const names = [...new Set([...(full ?? '').matchAll(/\{ env: (\w+) \}/g)].map((m) => m[1]!))];
    const env = Object.fromEntries(
      names
        .filter((name) => name !== 'TRACKER_WEBHOOK_SECRET_PREVIOUS')
        .map((name) => [name, valueFor(name)]),
    );
    delete env.WEBHOOKS_DATABASE_URL; // commented out in the example: the SQLite store is the one used
    const bin = fileURLToPath(new URL('../packages/webhooks/src/bin.ts', import.meta.url));
    const run = spawnSync(
      process.execPath,
      ['--conditions=trackerkit-source', bin, 'check', '--config', path],
      {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
