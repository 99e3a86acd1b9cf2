// Local file reads only under the directories the operator names (--files-root). A model, or
// anyone who can reach the server, must not read /etc/passwd back through a vault, nor learn
// which files exist outside the roots: a path is judged against the roots by its text first,
// before the filesystem is touched, and every path outside gets the same answer, existing or
// not, without the absolute path it resolved to. Symlinks are resolved only inside a root; one
// that leads out (to a file or to nothing) is outside like any other path.
import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ToolInputError } from '../tool-errors.ts';

export const NO_FILES_ROOT =
  'this server reads no local files: its operator named no --files-root directory; send the content instead';

/** Symlinks followed while resolving one path (Linux's own limit is 40). */
const MAX_LINKS = 40;

const inside = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/**
 * Where `path` leads with every symlink that exists followed, and whether a file is there: like
 * realpath, but for a path that does not exist (or a dangling link) it still says where the
 * links lead, so a link out of a root is judged outside whether its target exists or not.
 */
async function followLinks(path: string, links = 0): Promise<{ path: string; exists: boolean }> {
  const real = await realpath(path).catch(() => undefined);
  if (real !== undefined) return { path: real, exists: true };
  const parent = dirname(path);
  if (parent === path || links > MAX_LINKS) return { path, exists: false };
  const up = await followLinks(parent, links);
  const here = join(up.path, basename(path));
  if (!up.exists) return { path: here, exists: false };
  const target = await readlink(here).catch(() => undefined);
  if (target === undefined) return { path: here, exists: false };
  const next = await followLinks(resolve(up.path, target), links + 1);
  return { path: next.path, exists: false };
}

/**
 * The real path of `path` if it lies under one of `roots` (a relative path is taken from the
 * first root); otherwise a ToolInputError on `field` that says which directories are allowed,
 * the same for every path outside them.
 */
export async function resolveUnderRoots(
  path: string,
  roots: readonly string[],
  field = 'path',
): Promise<string> {
  if (roots.length === 0) throw new ToolInputError(field, NO_FILES_ROOT);
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => resolve(root))));
  const outside = () =>
    new ToolInputError(
      field,
      `${path} is outside the directories this server may read (${realRoots.join(', ')})`,
    );
  // Judged by its text first: a path outside every root is refused before any file is looked at.
  const wanted = resolve(realRoots[0] as string, path);
  const named = [...realRoots, ...roots.map((root) => resolve(root))];
  if (!named.some((root) => inside(root, wanted))) throw outside();
  const followed = await followLinks(wanted);
  if (!realRoots.some((root) => inside(root, followed.path))) throw outside();
  if (!followed.exists) throw new ToolInputError(field, `no readable file at ${path}`);
  return followed.path;
}
