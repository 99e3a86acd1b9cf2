// A child process that enables Node's compile cache (the receiver's bin does, for a fast restart)
// writes it to the system's temporary folder unless NODE_COMPILE_CACHE names another: a test puts
// it in its own temporary directory, so nothing outlives the test outside it.
import { join } from 'node:path';

/** The environment entry that keeps a child's compile cache under `dir`. */
export function compileCacheIn(dir: string): { NODE_COMPILE_CACHE: string } {
  return { NODE_COMPILE_CACHE: join(dir, 'node-compile-cache') };
}
