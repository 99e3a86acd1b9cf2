// `n8n execute` exits cleanly in the harness, also when it exits while n8n's expression engine builds
// the isolate that replaces the one the execution used (tests/n8n/repro/README.md). The repro preload
// makes that replacement slow, so the exit meets it every time: unpatched, n8n 2.35.7 dies with a
// signal after printing its result; with the harness's preload it exits 0. When an n8n upgrade makes
// the unpatched run pass, the preload can go.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_AFTER_REPLENISHMENT, freePort, HERE, N8n, NODE_INSTALL, ROOT, run } from './harness.ts';

const SLOW = join(HERE, 'repro', 'slow-replenishment.cjs');
const WORKFLOW = {
  id: 'wfExitRace01',
  name: 'Exit race',
  active: false,
  nodes: [
    {
      id: 'start',
      name: 'Start',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
    {
      id: 'set',
      name: 'Set',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [220, 0],
      parameters: {
        assignments: { assignments: [{ id: 'sum', name: 'sum', value: '={{ 1 + 1 }}', type: 'number' }] },
        options: {},
      },
    },
  ],
  connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
  settings: { executionOrder: 'v1' },
  pinData: {},
};

describe('n8n execute exits while its expression engine replenishes', () => {
  let n8n: N8n;
  const execute = async (preloads: string[]) => {
    n8n.extraEnv = {
      NODE_OPTIONS: ['--no-node-snapshot', ...preloads.map((p) => `--require ${JSON.stringify(p)}`)].join(
        ' ',
      ),
    };
    return run(
      process.execPath,
      [join(n8n.app, 'node_modules', 'n8n', 'bin', 'n8n'), 'execute', '--id=wfExitRace01', '--rawOutput'],
      {
        env: n8n.env(),
        maxBuffer: 64 << 20,
      },
    ).then(
      ({ stdout }) => ({ code: 0, signal: null, stdout }),
      (failed: { code?: number; signal?: string | null; stdout?: string }) => ({
        code: failed.code,
        signal: failed.signal ?? null,
        stdout: failed.stdout ?? '',
      }),
    );
  };

  beforeAll(async () => {
    const setup = await run('bash', [join(HERE, 'setup.sh')], { cwd: ROOT, maxBuffer: 64 << 20 });
    // No community node is needed here; n8n only wants the folder to exist.
    mkdirSync(NODE_INSTALL, { recursive: true });
    n8n = new N8n(setup.stdout.trim().split('\n').pop() ?? '', await freePort());
    n8n.brokerPort = await freePort();
    await n8n.importJson('workflow', 'exit-race', WORKFLOW);
  }, 1_200_000);

  afterAll(async () => {
    await n8n?.dropDatabase();
    rmSync(NODE_INSTALL, { recursive: true, force: true });
  });

  it('unpatched, n8n 2.35.7 prints the result and is then killed by a signal', async () => {
    const result = await execute([SLOW]);
    expect(result.stdout).toMatch(/"sum": 2/);
    expect(result.signal).toMatch(/^SIG(SEGV|ABRT|BUS)$/);
  }, 180_000);

  it("with the harness's preload, it waits for the replacement isolate and exits 0", async () => {
    const result = await execute([SLOW, EXIT_AFTER_REPLENISHMENT]);
    expect(result.stdout).toMatch(/"sum": 2/);
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null });
  }, 180_000);
});
