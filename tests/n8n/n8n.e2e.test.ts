// The Tracker community node inside a real n8n 2.x (n8n 2.35.7 on Node 24, installed by setup.sh),
// against the emulator over real HTTP: `n8n execute --id` for the action workflows, `n8n start` with
// published workflows for the webhook and polling triggers, n8n on PostgreSQL (harness.ts). Cold:
// installs n8n (minutes, once per lockfile); warm: mostly n8n start-ups.
// The one entry of the suites below: vitest gives each test file its own install of the packed node
// (prepare) and its own workers, so the suites are modules registered here, in the order they run.
import { afterAll, beforeAll, describe } from 'vitest';
import { actionsSuite } from './actions.suite.ts';
import { type E2eEnv, startE2e, stopE2e } from './e2e-env.ts';
import { editorAndRestSuite } from './editor-rest.suite.ts';
import { prepare } from './harness.ts';
import { packSuite } from './pack.suite.ts';
import { restartsSuite } from './restarts.suite.ts';
import { triggersSuite } from './triggers.suite.ts';

let app: string;
// Once per file: install n8n (warm: instant) and build the node. The pack suite reuses the build, so
// nothing rebuilds dist while n8n is loading it.
beforeAll(async () => {
  app = await prepare();
}, 1_200_000);

describe('Tracker node in n8n 2.35.7', () => {
  // Filled by startE2e before the first test; the suites read it when their tests run.
  const env = {} as E2eEnv;
  beforeAll(() => startE2e(env, app), 1_200_000);
  afterAll(() => stopE2e(env));

  actionsSuite(env);
  triggersSuite(env);
  restartsSuite(env);
});

editorAndRestSuite(() => app);

packSuite();
