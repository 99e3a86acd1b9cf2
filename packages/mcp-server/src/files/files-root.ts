// Local file reads only under the directories the operator names (--files-root). A model, or
// anyone who can reach the server, must not read /etc/passwd back through a vault, nor learn
// which files exist outside the roots: a path is judged against the roots by its text first,
// before the filesystem is touched, and every path outside gets the same answer, existing or
// not, without the absolute path it resolved to. Symlinks are resolved only inside a root; one
// that leads out (to a file or to nothing) is outside like any other path. Only regular files are
// read, judged on the opened handle: a directory, FIFO or device is refused by name.
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ToolInputError } from '../tool-api/tool-errors.ts';

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

/** The real path of `path` and of the roots, or the one answer for every path outside them. */
async function locate(path: string, roots: readonly string[], field: string) {
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
  return { real: followed.path, realRoots, outside };
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
  return (await locate(path, roots, field)).real;
}

/** What a file that is not a regular one is, for the error that refuses it. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'of another kind';
}

// Not blocking: opening a FIFO for reading would wait for a writer (a thread of the pool for good).
// Not following a link: the real path has none left, so one there now was put there since.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** The file a handle has open, as the kernel tells it (Linux); undefined where it cannot tell. */
const openedPath = (handle: FileHandle) => readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);

/** An open regular file under the roots: its real path, and its size when it was opened. */
export interface OpenedFile {
  handle: FileHandle;
  path: string;
  size: number;
}

/**
 * Opens `path` for reading if it is a regular file under one of `roots`: what is judged is the
 * opened handle (fstat), not the path looked at earlier, so a directory, FIFO, device or socket
 * is refused whatever the path held a moment before, and a handle that ended up outside the roots
 * (a directory swapped for a link meanwhile) is closed and refused like any path outside.
 */
export async function openUnderRoots(
  path: string,
  roots: readonly string[],
  field = 'path',
): Promise<OpenedFile> {
  const { real, realRoots, outside } = await locate(path, roots, field);
  const handle = await open(real, OPEN_FLAGS).catch((error: NodeJS.ErrnoException) => {
    const why = error.code === 'ENXIO' ? 'is a socket' : `cannot be opened (${error.code ?? error.message})`;
    throw new ToolInputError(field, `${path} ${why}; only regular files are read`);
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new ToolInputError(
        field,
        `${path} is ${kindOf(info)}, not a regular file; only regular files are read`,
      );
    }
    const opened = await openedPath(handle);
    if (opened !== undefined && !realRoots.some((root) => inside(root, opened))) throw outside();
    return { handle, path: real, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
