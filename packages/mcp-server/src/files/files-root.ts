// Local file reads only under the directories the operator names (--files-root). A model, or
// anyone who can reach the server, must not read /etc/passwd back through a vault; symlinks and
// `..` are resolved before the check, so neither leads out of a root.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ToolInputError } from '../tool-errors.ts';

export const NO_FILES_ROOT =
  'this server reads no local files: its operator named no --files-root directory; send the content instead';

const inside = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/**
 * The real path of `path` if it lies under one of `roots` (a relative path is taken from the
 * first root); otherwise a ToolInputError on `field` that says which directories are allowed.
 */
export async function resolveUnderRoots(
  path: string,
  roots: readonly string[],
  field = 'path',
): Promise<string> {
  if (roots.length === 0) throw new ToolInputError(field, NO_FILES_ROOT);
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => resolve(root))));
  const wanted = resolve(realRoots[0] as string, path);
  const real = await realpath(wanted).catch(() => undefined);
  if (real === undefined) throw new ToolInputError(field, `no readable file at ${wanted}`);
  if (!realRoots.some((root) => inside(root, real))) {
    throw new ToolInputError(
      field,
      `${path} is outside the directories this server may read (${realRoots.join(', ')})`,
    );
  }
  return real;
}
