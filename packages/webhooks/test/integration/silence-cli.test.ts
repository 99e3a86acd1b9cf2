import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { openStore } from '../../src/store/open-store.ts';
import { runCli } from '../helpers/spawn-receiver.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-silence-cli-'));
const dbPath = join(dir, 'store.db');
const configPath = join(dir, 'webhooks.yaml');
writeFileSync(configPath, stringify({ storage: { path: dbPath } }));

const cli = (...args: string[]) => runCli(['silence', ...args], dir);

describe('trackerkit-webhooks silence (like amtool silence), on the store file', () => {
  it('add prints the id, query lists it active, expire ends it', async () => {
    // A store the receiver made; the CLI never takes its owner lock, so one may be running.
    openStore(dbPath).close();
    const owner = openStore(dbPath);
    try {
      const add = await cli(
        'add',
        '--config',
        configPath,
        'signal=~"Poor|Negative"',
        'tracker_id=trk_1',
        '--duration',
        '2h',
        '--comment',
        'maintenance',
        '--author',
        'ops',
      );
      expect(add).toMatchObject({ code: 0, stderr: '' });
      const id = add.stdout.trim();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const silence = (await owner.silences.get(id))!;
      expect(silence.endsAt - silence.startsAt).toBe(2 * 3_600_000);
      expect(silence).toMatchObject({ createdBy: 'ops', comment: 'maintenance' });

      const query = await cli('query', '--db', dbPath);
      expect(query.code).toBe(0);
      expect(query.stdout).toMatch(
        new RegExp(
          `^${id}\\s+active\\s.*ops\\s+signal=~"Poor\\|Negative" tracker_id="trk_1"  maintenance$`,
          'm',
        ),
      );
      expect((await cli('query', '-q', '--db', dbPath)).stdout).toBe(`${id}\n`);

      expect(await cli('expire', id, '--db', dbPath)).toMatchObject({ code: 0, stdout: `${id}\n` });
      expect((await cli('query', '-q', '--db', dbPath)).stdout).toBe('');
      expect((await cli('query', '--expired', '--db', dbPath)).stdout).toMatch(
        new RegExp(`^${id}\\s+expired`, 'm'),
      );
    } finally {
      owner.close();
    }
  });

  it('add before the first serve: the store is created (and said so), and the receiver finds the silence', async () => {
    const fresh = join(dir, 'not-yet', 'webhooks.db');
    const freshConfig = join(dir, 'fresh.yaml');
    writeFileSync(freshConfig, stringify({ storage: { path: fresh } }));
    const add = await cli('add', '--config', freshConfig, 'tracker_id=trk_9', '--comment', 'planned');
    expect(add.code).toBe(0);
    expect(add.stderr).toBe(
      `@trackerkit/webhooks: created the store ${fresh} (no receiver has used it yet)\n`,
    );
    const store = openStore(fresh);
    try {
      expect((await store.silences.list()).map((s) => s.id)).toEqual([add.stdout.trim()]);
    } finally {
      store.close();
    }
  });

  it('clear failures: bad matcher, no comment, unknown id, missing store', async () => {
    const [badMatcher, noComment, unknown, noStore] = await Promise.all([
      cli('add', 'signal~Poor', '--comment', 'c', '--db', dbPath),
      cli('add', 'signal=Poor', '--db', dbPath),
      cli('expire', 'no-such-id', '--db', dbPath),
      cli('query', '--db', join(dir, 'typo.db')),
    ]);
    expect(badMatcher.code).toBe(2);
    expect(badMatcher.stderr).toContain('silence add: matchers.0: bad matcher');
    expect(noComment.code).toBe(2);
    expect(noComment.stderr).toContain('--comment: required');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain('no silence with id no-such-id');
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain('no store at');
  });
});
