// The checkpointer: copies the write-ahead log into the database file from a connection of its
// own, so the bulk of that copy and its fsync never hold the thread that answers senders.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000;');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE);');
// PASSIVE never waits for the writer: it copies what is committed and leaves the rest for the
// next round. It reports the log's length (pages) so the owner knows when to start it over.
setInterval(() => parentPort!.postMessage((checkpoint.get() as { log: number }).log), intervalMs);
