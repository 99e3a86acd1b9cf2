// `pnpm start` as its tests run it: node on scripts/start.ts from the workspace root, with the
// flags of the root package.json's start script, so a test can watch the process itself.
import { fileURLToPath } from 'node:url';

/** The workspace root, where `pnpm start` runs. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Node's arguments for `pnpm start` (the start script of the root package.json). */
export const SCRIPT = [
  '--conditions=trackerkit-source',
  '--disable-warning=ExperimentalWarning',
  'scripts/start.ts',
];

/** Every port the stack listens on, chosen by the system. */
export const FREE_PORTS = ['--emulator-port=0', '--mcp-port=0', '--receiver-port=0'];
