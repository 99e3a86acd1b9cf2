// The root README's receiver.yaml, as a reader copies it: it must load as the receiver loads it and
// route as its comments say. (An earlier version paged on-call with `continue: true` on the only
// child route: Slack never saw low scores and PagerDuty never saw a resolve.) That every README's
// configuration passes the real `trackerkit-webhooks check` is tests/docs/readme-blocks.test.ts's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AlertEvent, loadConfig, matchRouteTree } from '@trackerkit/webhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { plausibleEnv } from './docs/receiver-config.ts';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const block = /```yaml\n(# receiver\.yaml[\s\S]*?)```/.exec(readme)?.[1];

// Loaded from a file, as `trackerkit-webhooks serve --config receiver.yaml` loads it.
const dir = mkdtempSync(join(tmpdir(), 'tk-readme-'));
const file = join(dir, 'receiver.yaml');
writeFileSync(file, block ?? '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = plausibleEnv(parse(block ?? ''));

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
