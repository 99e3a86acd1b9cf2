// Prism (Stoplight's validating proxy) on a free loopback port in front of an emulator's `/v1`,
// started from node_modules: each answer carries Prism's findings in `sl-violations`.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../tests/helpers/free-port.ts';

const PRISM = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));
const DOCUMENT = fileURLToPath(new URL('../../../../openapi/tracker-service.yaml', import.meta.url));

export interface Violation {
  location: string[];
  message: string;
}

export interface RunningPrism {
  /** Prism's own origin; paths are the document's (`/api/...`), Prism adds the upstream's `/v1`. */
  url: string;
  stop: () => void;
}

/** `prism proxy` in front of `upstream` (an emulator's `baseUrl`), once it says it is listening. */
export async function startPrism(upstream: string): Promise<RunningPrism> {
  const port = await freePort();
  const prism: ChildProcess = spawn(
    PRISM,
    ['proxy', DOCUMENT, upstream, '--port', String(port), '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      out += chunk;
      if (out.includes('Prism is listening')) resolve();
    };
    prism.stdout?.on('data', look);
    prism.stderr?.on('data', look);
    prism.once('exit', (code) => reject(new Error(`prism exited ${code}: ${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => prism.kill() };
}

/** What Prism found in one exchange, from its `sl-violations` header. */
export const violationsOf = (headers: Headers): Violation[] =>
  JSON.parse(headers.get('sl-violations') ?? '[]') as Violation[];
