// A port for a server a test starts as a child process, or stops and starts again on the same port
// (n8n between its restarts, a receiver after kill -9). Asking the kernel for port 0 and closing it
// hands out a port of the ephemeral range, and so does every outgoing connection: in the seconds
// before the child binds it (or between a stop and the next start) any connection of the machine,
// the child's own included, may take that number as its local port, and the child then fails to
// bind or, worse, a probe reaches something else. Ports below the ephemeral range are never handed
// out that way. Each vitest worker (or other process) takes its own slice of them, counting up
// from a random start and checking each port is free now: one process hands out a port again only
// after going round its whole slice.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Above every fixed port of the services the suite talks to (RabbitMQ's 25672 is the highest).
const FIRST = 26_000;
const SLICE = 400;

function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768;
  }
}

const slices = Math.max(1, Math.floor((ephemeralStart() - FIRST) / SLICE));
const worker = Number(process.env.VITEST_POOL_ID ?? process.pid);
const base = FIRST + (worker % slices) * SLICE;
let next = Math.floor(Math.random() * SLICE);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port that is free now and that no outgoing connection will take in the meantime. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < SLICE; tried += 1) {
    const port = base + (next % SLICE);
    next += 1;
    if (await bindable(port)) return port;
  }
  throw new Error(`free-port: no free port in ${base}-${base + SLICE - 1}`);
}
