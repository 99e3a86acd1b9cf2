// Runs the real n8n (installed by setup.sh outside the workspace) headless against the emulator, on
// PostgreSQL (the project's test database, a schema per installation): no sqlite3 driver to compile,
// and each n8n command starts in about a third of the time it takes on n8n's SQLite.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freshSchema, TEST_DATABASE_URL } from '../helpers/test-database.ts';
import { waitUntil } from '../helpers/wait-until.ts';

export { freePort } from '../helpers/free-port.ts';

export const run = promisify(execFile);
export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '..', '..');
/**
 * The folder n8n loads the node from (N8N_CUSTOM_EXTENSIONS): the PACKED package installed there
 * the way n8n's community-package installer installs one, so every workflow of the suite runs what a
 * user installs, not the workspace's build.
 */
export const NODE_INSTALL = join(tmpdir(), `trackerkit-n8n-node-${process.pid}`);

/** Installs n8n (warm: instant), packs the node package and installs the tarball; returns the n8n install folder. */
export async function prepare(): Promise<string> {
  const setup = await run('bash', [join(HERE, 'setup.sh')], { cwd: ROOT, maxBuffer: 64 << 20 });
  const app = setup.stdout.trim().split('\n').pop() ?? '';
  await installPacked(NODE_INSTALL);
  process.once('exit', () => rmSync(NODE_INSTALL, { recursive: true, force: true }));
  return app;
}

/**
 * `pnpm pack` (its prepack builds), then what n8n 2.35.7's CommunityPackagesService.downloadPackage
 * does with the tarball: extract it into node_modules/<name>, drop the dev, peer and optional
 * dependencies from its package.json, and run its `npm install` there.
 */
async function installPacked(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  const packs = join(folder, 'tarballs');
  mkdirSync(packs, { recursive: true });
  await run(
    'bash',
    [
      '-c',
      `source scripts/toolchain.sh && cd packages/n8n-nodes-tracker && pnpm pack --pack-destination ${packs}`,
    ],
    { cwd: ROOT, maxBuffer: 64 << 20 },
  );
  const tarball = join(packs, readdirSync(packs).find((name) => name.endsWith('.tgz')) ?? '');
  const target = join(folder, 'node_modules', '@trackerkit', 'n8n-nodes-tracker');
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  rmSync(packs, { recursive: true, force: true });
  const manifest = join(target, 'package.json');
  const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(
    readFileSync(manifest, 'utf8'),
  );
  writeFileSync(manifest, JSON.stringify(kept, null, 2));
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  await run(
    'npm',
    [
      'install',
      '--audit=false',
      '--fund=false',
      '--bin-links=false',
      '--install-strategy=shallow',
      '--ignore-scripts=true',
      '--package-lock=false',
    ],
    { cwd: target, env, maxBuffer: 64 << 20 },
  );
}

/**
 * n8n's settings for a schema of the test database (created on first use, dropped by dropDatabase).
 * n8n creates its tables but not the schema.
 */
function postgresEnv(schema: string): NodeJS.ProcessEnv {
  const url = new URL(TEST_DATABASE_URL);
  return {
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: url.hostname,
    DB_POSTGRESDB_PORT: url.port || '5432',
    DB_POSTGRESDB_USER: decodeURIComponent(url.username),
    DB_POSTGRESDB_PASSWORD: decodeURIComponent(url.password),
    DB_POSTGRESDB_DATABASE: url.pathname.slice(1),
    DB_POSTGRESDB_SCHEMA: schema,
  };
}

async function inTestDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Preloaded into every n8n process: n8n 2.35.7's `n8n execute` exits while its expression engine
 * builds an isolate, which kills it with SIGSEGV (tests/n8n/repro/README.md); this waits for it.
 */
export const EXIT_AFTER_REPLENISHMENT = join(HERE, 'exit-after-replenishment.cjs');

export class N8n {
  readonly userFolder: string;
  readonly app: string;
  readonly port: number;
  /** n8n's task broker listens even with runners off; its default 5679 would collide across instances. */
  brokerPort = 0;
  /** Settings of this process beyond the defaults (queue mode: database, Redis, role). */
  extraEnv: NodeJS.ProcessEnv = {};
  /** This installation's schema of the test database, unless extraEnv names a database of its own. */
  readonly schema = freshSchema('tk_n8n');
  private schemaReady: Promise<void> | undefined;
  /** Everything the running process printed. */
  log = '';
  private server: ChildProcess | undefined;

  /** Processes of one installation (queue mode: main, worker, webhook) share a user folder. */
  constructor(app: string, port: number, userFolder = mkdtempSync(join(tmpdir(), 'trackerkit-n8n-'))) {
    this.app = app;
    this.port = port;
    this.userFolder = userFolder;
  }

  env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      // vitest sets NODE_ENV=test, which makes n8n skip its database and settings.
      NODE_ENV: 'production',
      NODE_OPTIONS: `--no-node-snapshot --require ${JSON.stringify(EXIT_AFTER_REPLENISHMENT)}`,
      ...(this.extraEnv.DB_TYPE ? {} : postgresEnv(this.schema)),
      N8N_USER_FOLDER: this.userFolder,
      N8N_CUSTOM_EXTENSIONS: NODE_INSTALL,
      N8N_ENCRYPTION_KEY: 'trackerkit-e2e-encryption-key',
      N8N_PORT: String(this.port),
      N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_RUNNERS_ENABLED: 'false',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      // `n8n execute` prints the execution through the logger at info level.
      N8N_LOG_LEVEL: 'info',
      N8N_SECURE_COOKIE: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      ...this.extraEnv,
    };
  }

  private bin(): string {
    return join(this.app, 'node_modules', 'n8n', 'bin', 'n8n');
  }

  /** Creates this installation's schema once (n8n migrates it on its first command). */
  private database(): Promise<void> {
    if (this.extraEnv.DB_TYPE) return Promise.resolve();
    this.schemaReady ??= inTestDatabase(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
    return this.schemaReady;
  }

  /** Drops this installation's schema (afterAll, once its processes are stopped). */
  async dropDatabase(): Promise<void> {
    if (this.schemaReady === undefined) return;
    this.schemaReady = undefined;
    await inTestDatabase(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  /** Runs an n8n CLI command; any failure, a signal included, fails with its output. */
  async cli(args: string[]): Promise<string> {
    await this.database();
    try {
      const { stdout } = await run(process.execPath, [this.bin(), ...args], {
        env: this.env(),
        maxBuffer: 256 << 20,
        timeout: 180_000,
      });
      return stdout;
    } catch (error) {
      const failed = error as {
        stdout?: string;
        stderr?: string;
        message: string;
        code?: number | string;
        signal?: string | null;
      };
      throw new Error(
        `n8n ${args.join(' ')} failed (exit ${failed.code}, signal ${failed.signal}): ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
      );
    }
  }

  async importJson(kind: 'credentials' | 'workflow', name: string, value: unknown): Promise<void> {
    const file = join(this.userFolder, `${name}.json`);
    writeFileSync(file, JSON.stringify(value));
    await this.cli([`import:${kind}`, `--input=${file}`]);
  }

  /** `n8n execute --id`: the execution's run data, node name → output items. */
  async execute(
    id: string,
  ): Promise<Record<string, Array<{ json: Record<string, unknown>; pairedItem?: unknown }>>> {
    const stdout = await this.cli(['execute', `--id=${id}`, '--rawOutput']);
    const start = stdout.search(/^\{$/m);
    // The pretty-printed execution closes with a `}` alone on a line; n8n may log after it.
    const end = start < 0 ? -1 : stdout.slice(start).search(/^\}$/m);
    if (end < 0) throw new Error(`n8n execute --id=${id} printed no execution:\n${stdout}`);
    const result = JSON.parse(stdout.slice(start, start + end + 1)) as {
      status: string;
      data: {
        resultData: {
          runData: Record<
            string,
            Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
          >;
        };
      };
    };
    const out: Record<string, Array<{ json: Record<string, unknown> }>> = {};
    for (const [node, runs] of Object.entries(result.data.resultData.runData)) {
      out[node] = runs.at(-1)?.data?.main[0] ?? [];
    }
    return out;
  }

  /**
   * Starts `n8n <command>` (start, worker, webhook) and waits until `/healthz/readiness` on the port
   * answers 200: connected, migrated and fully started. `/healthz` answers as soon as the server
   * binds, while n8n may still be taking its migration lock; requests meanwhile get 200 "n8n is
   * starting up. Please wait" (a CI run's tampered-signature test got exactly that).
   */
  async start(command: 'start' | 'worker' | 'webhook' = 'start'): Promise<void> {
    await this.database();
    const child = spawn(process.execPath, [this.bin(), command], {
      env: this.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.server = child;
    this.log = '';
    child.stdout?.on('data', (chunk) => {
      this.log += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      this.log += chunk;
    });
    const log = () => this.log;
    // What n8n 2.35.7 logs once its server is bound: "n8n ready on <address>, port <port>" (main,
    // webhook), "n8n worker server listening on port <port>" (worker).
    const listening = new RegExp(`(ready on \\S+, port|listening on port) ${this.port}\\b`);
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`n8n ${command} exited ${child.exitCode}:\n${log()}`);
        const status = await fetch(`http://127.0.0.1:${this.port}/healthz/readiness`)
          .then((response) => response.status)
          .catch(() => 0);
        // Ready only when this child says it listens on the port: an answer alone could come from
        // whatever else holds the port (then n8n fails to bind and exits, which the next turn reports).
        return status === 200 && listening.test(this.log);
      },
      { timeout: 120_000, interval: 500, what: `n8n ${command} healthy` },
    ).catch((error: Error) => {
      throw child.exitCode !== null ? error : new Error(`n8n ${command} did not become healthy:\n${log()}`);
    });
  }

  async stop(): Promise<void> {
    const child = this.server;
    this.server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

/** What the collector answers: JSON, or raw bytes (files for HTTP Request nodes) with their type. */
export type CollectorAnswer = { status: number; body: unknown; contentType?: string };

/** A loopback HTTP server that records every request body by path. */
export async function startCollector(
  respond: (req: IncomingMessage, body: Buffer) => CollectorAnswer = () => ({
    status: 200,
    body: {},
  }),
) {
  const received: Array<{ path: string; body: unknown }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (req.method === 'POST') {
        received.push({ path: req.url ?? '/', body: raw.length ? JSON.parse(raw.toString('utf8')) : null });
      }
      const answer = respond(req, raw);
      const payload = answer.body instanceof Buffer ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' }).end(payload);
    });
  });
  const url = await listen(server);
  return { url, received, close: () => close(server) };
}

/** Forwards everything to `target` and records the requests the service receives: method, path, status, type. */
export async function startCountingProxy(target: string) {
  const seen: Array<{ method: string; path: string; status: number; type: string }> = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          status: answer.statusCode ?? 0,
          type: String(req.headers['content-type'] ?? ''),
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const url = await listen(server);
  return { url, seen, close: () => close(server) };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const found = await waitUntil(
    async () => {
      const value = await probe();
      return value === undefined ? undefined : { value };
    },
    { timeout: ms, interval: 250, what },
  );
  return found.value;
}

/** The emulator's REST API as the suites call it to arrange and check state (JSON in and out). */
export function emulatorApi(emulator: { baseUrl: string; token: string }) {
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  // One run now, finished, with the score it is told to give.
  const runOnce = (trackerId: string, score: number) =>
    api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
      sync: true,
      context: { emulator: { score } },
    });
  return { api, runOnce };
}
