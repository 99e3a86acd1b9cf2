import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';

/** A server binary run as a child process, ready once its URL answers 200. */
export interface Spawned {
  child: ChildProcess;
  /** The tail of its stderr, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/** Spawns `binary` and waits (bounded) until `readyUrl` answers 200; its stderr is kept for errors. */
export async function spawnReady(
  binary: string,
  args: string[],
  readyUrl: string,
  timeoutMs = 30_000,
): Promise<Spawned> {
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let tail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    tail = `${tail}${chunk}`.slice(-6000);
  });
  const spawned: Spawned = {
    child,
    log: () => tail,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`${binary} exited ${child.exitCode}`);
        return fetch(readyUrl).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: timeoutMs, interval: 50, what: `${binary} ready at ${readyUrl}` },
    );
  } catch (error) {
    await spawned.stop();
    throw new Error(`${(error as Error).message}: ${tail}`);
  }
  return spawned;
}

/** A Prometheus exporter on loopback: one gauge whose series' values the test sets. */
export interface Exporter {
  /** `127.0.0.1:port`, as a scrape target. */
  target: string;
  set(values: Record<string, number>): void;
  close(): Promise<void>;
}

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** Serves `metric{...labels} value` for each series (all 0 until set), in the text exposition format. */
export async function startExporter(
  metric: string,
  series: Record<string, Record<string, string>>,
): Promise<Exporter> {
  const values = new Map(Object.keys(series).map((name) => [name, 0]));
  const server: Server = createServer((_req, res) => {
    const lines = [`# TYPE ${metric} gauge`];
    for (const [name, labels] of Object.entries(series)) {
      const text = Object.entries(labels)
        .map(([k, v]) => `${k}=${quote(v)}`)
        .join(',');
      lines.push(`${metric}{${text}} ${values.get(name)}`);
    }
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(`${lines.join('\n')}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next) {
      for (const [name, value] of Object.entries(next)) {
        if (!values.has(name)) throw new Error(`exporter: no series ${name}`);
        values.set(name, value);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
