import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../src/store/start-checkpointer.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-checkpoint-'));

describe('checkpointer', () => {
  it('copies the log from its own thread and keeps it bounded under constant writes', async () => {
    const path = join(dir, 'c.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const checkpointer = startCheckpointer(db, path, { intervalMs: 20, restartPages: 256 });
    // The writer's connection never checkpoints on its own.
    expect((db.prepare('PRAGMA wal_autocheckpoint').get() as Record<string, number>).wal_autocheckpoint).toBe(
      0,
    );
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    let largestLog = 0;
    // ~40 MB through the log: without a restart it would hold all of it.
    for (let i = 0; i < 2_500; i++) {
      db.exec('BEGIN');
      for (let j = 0; j < 4; j++) insert.run('x'.repeat(4000));
      db.exec('COMMIT');
      largestLog = Math.max(largestLog, statSync(`${path}-wal`).size);
      await new Promise((r) => setImmediate(r));
    }
    checkpointer.stop();
    expect(statSync(path).size).toBeGreaterThan(20_000_000);
    expect(largestLog).toBeLessThan(20_000_000);
    db.close();
  });
});
