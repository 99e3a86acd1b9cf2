// --files-root on a real directory tree: nothing outside the roots can be read, nor probed. Every
// path outside gets the same answer whether a file is there or not, and no answer names the
// absolute path a `..` or a symlink led to.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveUnderRoots } from '../../src/index.ts';

let base: string;
let root: string;
let elsewhere: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'trackerkit-roots-')));
  root = join(base, 'root');
  elsewhere = join(base, 'elsewhere');
  await mkdir(join(root, 'sub'), { recursive: true });
  await mkdir(elsewhere);
  await writeFile(join(root, 'rows.csv'), 'a\n1\n');
  await writeFile(join(elsewhere, 'secret.txt'), 'secret');
  await symlink(join(elsewhere, 'secret.txt'), join(root, 'to-secret'));
  await symlink(join(elsewhere, 'no_such'), join(root, 'to-nothing-outside'));
  await symlink(elsewhere, join(root, 'to-elsewhere'));
  await symlink(join(root, 'rows.csv'), join(root, 'sub', 'to-rows'));
  await symlink(join(root, 'missing.csv'), join(root, 'to-nothing-inside'));
  await symlink(join(root, 'loop-b'), join(root, 'loop-a'));
  await symlink(join(root, 'loop-a'), join(root, 'loop-b'));
});
afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

/** The error message for `path`, with the path itself (as given) replaced by <path>. */
async function answer(path: string): Promise<string> {
  try {
    return `read ${await resolveUnderRoots(path, [root])}`;
  } catch (error) {
    const message = (error as Error).message;
    expect(message).toMatch(/^@trackerkit\/mcp-server: invalid arguments: `path`: /);
    return message.slice(message.indexOf('`path`: ') + 8).replaceAll(path, '<path>');
  }
}

describe('resolveUnderRoots', () => {
  it.each([
    ['a file outside that exists', () => join(elsewhere, 'secret.txt')],
    ['a file outside that does not exist', () => join(elsewhere, 'no_such')],
    ['/etc/shadow (exists, unreadable)', () => '/etc/shadow'],
    ['/etc/no_such (does not exist)', () => '/etc/no_such'],
    ['a directory outside', () => elsewhere],
    ['a path in a directory outside that does not exist', () => '/no_such_dir/x'],
    ['.. to a file that exists', () => '../elsewhere/secret.txt'],
    ['.. to a file that does not exist', () => '../elsewhere/no_such'],
    ['.. to the filesystem root', () => '../../../../../../../../etc/passwd'],
    ['a symlink out to a file that exists', () => 'to-secret'],
    ['a symlink out to nothing', () => 'to-nothing-outside'],
    ['through a symlinked directory out, existing', () => 'to-elsewhere/secret.txt'],
    ['through a symlinked directory out, missing', () => 'to-elsewhere/no_such'],
  ])('%s: the one answer for outside, naming no resolved path', async (_name, path) => {
    const given = path();
    const said = await answer(given);
    expect(said).toBe(`<path> is outside the directories this server may read (${root})`);
    expect(said).not.toContain(elsewhere);
  });

  it.each([
    ['a file in the root', 'rows.csv', () => `read ${join(root, 'rows.csv')}`],
    ['an absolute path in the root', join('ROOT', 'rows.csv'), () => `read ${join(root, 'rows.csv')}`],
    ['a symlink within the root', 'sub/to-rows', () => `read ${join(root, 'rows.csv')}`],
    ['.. that stays inside', 'sub/../rows.csv', () => `read ${join(root, 'rows.csv')}`],
    ['a missing file in the root', 'missing.csv', () => 'no readable file at <path>'],
    ['a symlink within the root to nothing', 'to-nothing-inside', () => 'no readable file at <path>'],
    ['a symlink loop', 'loop-a', () => 'no readable file at <path>'],
  ])('%s', async (_name, path, want) => {
    expect(await answer(path.replace('ROOT', root))).toBe(want());
  });
});
