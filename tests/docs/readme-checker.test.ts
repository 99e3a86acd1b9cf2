// The README checks themselves, on made-up blocks: each kind of mistake they exist for is caught,
// and named by file and line (a check that cannot fail would let examples drift again).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { killAll, writeCurlShim } from './block-processes.ts';
import { referenceProblems, workspacePackages } from './block-references.ts';
import { blocksOf, checkOf } from './markdown-blocks.ts';
import { checkReceiverConfig, configText, envNames, plausibleEnv } from './receiver-config.ts';
import { blockEnv, runBlock, serveEach, serveThenRun } from './shell-blocks.ts';
import { removeBlockDirs, typecheckBlocks } from './typecheck-blocks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runName = `docs-checker-${process.pid}`;
const work = join(root, '.tmp', runName);
const dirs = [work];
mkdirSync(work, { recursive: true });
writeCurlShim(
  join(work, 'bin'),
  execFileSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim(),
);
const context = { cwd: work, env: blockEnv(join(work, 'bin')) };

afterAll(() => {
  killAll();
  removeBlockDirs(dirs);
});

const fence = '```';

describe('markers', () => {
  it.each([
    [
      'an unmarked block',
      { given: `# T\n\n${fence}sh\nls\n${fence}\n`, want: /^X\.md:3: .*no docs-check marker.*skip \(/ },
    ],
    [
      'a marker with a blank line before the fence',
      {
        given: `<!-- docs-check: run -->\n\n${fence}sh\nls\n${fence}\n`,
        want: /^X\.md:3: .*no docs-check marker/,
      },
    ],
    [
      'a skip without its reason',
      {
        given: `<!-- docs-check: skip -->\n${fence}sh\nls\n${fence}\n`,
        want: /X\.md:2: a skip needs its reason/,
      },
    ],
    [
      'an empty reason',
      { given: `<!-- docs-check: skip ( ) -->\n${fence}sh\nls\n${fence}\n`, want: /needs its reason/ },
    ],
    [
      'an unknown marker',
      {
        given: `<!-- docs-check: execute -->\n${fence}sh\nls\n${fence}\n`,
        want: /unknown docs-check marker "execute"/,
      },
    ],
    [
      'a check the language cannot have',
      {
        given: `<!-- docs-check: run -->\n${fence}ts\nx;\n${fence}\n`,
        want: /a ```ts block cannot have "run"/,
      },
    ],
    [
      'a skip with its reason',
      {
        given: `<!-- docs-check: skip (needs a Slack workspace) -->\n${fence}sh\nls\n${fence}\n`,
        want: { kind: 'skip', reason: 'needs a Slack workspace' },
      },
    ],
    [
      'a typecheck with a preamble',
      {
        given: `<!-- docs-check: typecheck; declare const x: number; -->\n${fence}ts\nx;\n${fence}\n`,
        want: { kind: 'typecheck', preamble: 'declare const x: number;' },
      },
    ],
    [
      'a receiver fragment',
      {
        given: `<!-- docs-check: check receiver fragment -->\n${fence}yaml\na: 1\n${fence}\n`,
        want: { kind: 'check receiver', fragment: true },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const [block] = blocksOf('X.md', given);
    const check = checkOf(block!);
    if (want instanceof RegExp) expect('problem' in check ? check.problem : check).toMatch(want);
    else expect(check).toEqual(want);
  });

  it('reads fences of tildes, longer fences and indented fences, with their lines', () => {
    const text = [
      '~~~yaml',
      `${fence}not a fence here`,
      '~~~',
      '',
      '  ````ts',
      '  const a = 1;',
      '  ````',
      '',
    ].join('\n');
    expect(blocksOf('X.md', text).map(({ line, lang, code }) => ({ line, lang, code }))).toEqual([
      { line: 1, lang: 'yaml', code: `${fence}not a fence here\n` },
      { line: 5, lang: 'ts', code: 'const a = 1;\n' },
    ]);
  });
});

describe('typecheck', () => {
  it('names the README line of an error, and a preamble declares what the example assumes', async () => {
    const code =
      "import { LIMITS } from '@trackerkit/core';\nconst n: string = LIMITS.uploadRowsMax;\nconsole.log(rows);\n";
    const { errors, dirs: made } = await typecheckBlocks(
      [
        { file: 'tests/docs/README.md', line: 10, code, preamble: '' },
        {
          file: 'tests/docs/README.md',
          line: 20,
          code: 'console.log(rows.length);\n',
          preamble: 'declare const rows: unknown[];',
        },
      ],
      { root, runName },
    );
    dirs.push(...made);
    expect(errors.get('tests/docs/README.md:10')).toEqual([
      expect.stringMatching(
        /^tests\/docs\/README\.md:12:7: error TS2322: Type 'number' is not assignable to type 'string'/,
      ),
      expect.stringMatching(/^tests\/docs\/README\.md:13:13: error TS2304: Cannot find name 'rows'/),
    ]);
    expect(errors.has('tests/docs/README.md:20')).toBe(false);
  }, 120_000);
});

describe('shell blocks', () => {
  it('a failing command fails the block, with its output', async () => {
    expect(await runBlock('echo about to fail\nfalse\necho never\n', context)).toMatch(
      /exited 1\n--- stdout\nabout to fail\n/,
    );
  });

  it('an unset variable fails the block (a placeholder the reader was never told to fill in)', async () => {
    expect(await runBlock('echo "$ORIGIN/x"\n', context)).toMatch(/ORIGIN: unbound variable/);
  });

  it('curl refuses an address off loopback before any connection', async () => {
    const failure = await runBlock('curl https://example.com/\n', context);
    expect(failure).toMatch(/exited 97/);
    expect(failure).toMatch(/curl refused a URL that is not loopback: https:\/\/example\.com\//);
  });

  // A loopback server printing a ready line, as every trackerkit command does.
  const server = (status: number) =>
    `node -e 'const s = require("node:http").createServer((q, r) => { r.statusCode = q.url === "/ok" ? 200 : ${status}; r.end("x") }).listen(0, "127.0.0.1", () => console.log(JSON.stringify({ event: "ready", url: "http://127.0.0.1:" + s.address().port + "/v1", token: "qapi_t" })))'`;

  it('serve then run: the rest runs against the server, PORT filled in; a refused request fails it', async () => {
    const block = (path: string) => `${server(404)}\nORIGIN=http://127.0.0.1:PORT\ncurl "$ORIGIN${path}"\n`;
    expect(await serveThenRun(block('/ok'), context)).toMatchObject({
      problems: [],
      ready: [{ token: 'qapi_t' }],
    });
    const refused = await serveThenRun(block('/missing'), context);
    expect(refused.problems.join()).toMatch(/curl: \(22\) The requested URL returned error: 404/);
  });

  it('serve: a command that exits without a ready line, and one that ignores SIGTERM, fail', async () => {
    const { problems } = await serveEach(
      [
        'node -e "process.exit(3)"',
        `node -e 'process.on("SIGTERM", () => {}); console.log("{\\"event\\":\\"ready\\"}"); setInterval(() => {}, 1000)'`,
      ].join('\n'),
      context,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^`node -e "process.exit\(3\)"` exited 3/),
      expect.stringMatching(/did not stop within 10 s of SIGTERM$/),
    ]);
  }, 30_000);
});

describe('receiver configurations', () => {
  const yaml = [
    'sources:',
    '  - { name: t, path: /t, secrets: [{ env: HOOK_SECRET }, { env: HOOK_SECRET_PREVIOUS }] }',
    '# storage: { url: { env: COMMENTED_OUT_URL } }',
    'destinations: [{ name: s, type: slack, url: { env: SLACK_URL } }]',
    'route: { destination: s }',
  ].join('\n');

  it('sets each variable in use, a rotation’s previous secret left unset, a comment’s ignored', () => {
    expect(envNames(parse(yaml))).toEqual(['HOOK_SECRET', 'HOOK_SECRET_PREVIOUS', 'SLACK_URL']);
    expect(Object.keys(plausibleEnv(parse(yaml)))).toEqual(['HOOK_SECRET', 'SLACK_URL']);
    expect(plausibleEnv(parse(yaml)).HOOK_SECRET).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
  });

  it('a fragment is checked inside a minimal configuration', () => {
    expect(parse(configText('inhibit_rules: []\n', true))).toMatchObject({
      route: { destination: 'out' },
      inhibit_rules: [],
    });
  });

  it('the real check passes a good configuration and names the field of a bad one', async () => {
    const file = join(work, 'receiver.yaml');
    writeFileSync(file, yaml);
    expect(await checkReceiverConfig(file, yaml, work)).toBeUndefined();
    const bad = yaml.replace('destination: s', 'destination: pager');
    writeFileSync(file, bad);
    expect(await checkReceiverConfig(file, bad, work)).toMatch(
      /route\.destination: unknown destination pager/,
    );
  });
});

describe('what a block names', () => {
  const packages = workspacePackages(root);
  const problems = (code: string) =>
    referenceProblems({ file: 'X.md', line: 1, lang: 'sh', code, marker: 'skip (x)' }, root, packages);

  it.each([
    [
      'files, scripts and packages that exist',
      {
        given:
          'pnpm exec vitest run packages/client tests/start.test.ts\npnpm --filter @trackerkit/webhooks run bench\npnpm -s emulator --port 0\nnpm i @trackerkit/core\n',
        want: [],
      },
    ],
    [
      'a file that does not exist',
      {
        given: 'node packages/client/src/nope.ts\n',
        want: [
          'X.md:1: `node packages/client/src/nope.ts` names packages/client/src/nope.ts, which does not exist',
        ],
      },
    ],
    [
      'a root script that does not exist',
      {
        given: 'pnpm install && pnpm serve\n',
        want: [expect.stringMatching(/runs the script "serve", which .* does not have/)],
      },
    ],
    [
      'a package script that does not exist',
      {
        given: 'pnpm --filter @trackerkit/core run bench:all\n',
        want: [expect.stringMatching(/runs the script "bench:all"/)],
      },
    ],
    [
      'a package that is not in the workspace',
      {
        given: 'npm install @trackerkit/cli\n',
        want: ['X.md:1: @trackerkit/cli is not a package of this workspace'],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(problems(given)).toEqual(want);
  });
});
