import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True when a package's dist/index.js is missing or older than any file under its src/. */
export function isStale(packageDir: string): boolean {
  const built = join(packageDir, 'dist', 'index.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const src = join(packageDir, 'src');
  return readdirSync(src, { recursive: true, withFileTypes: true }).some(
    (entry) => entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
  );
}
