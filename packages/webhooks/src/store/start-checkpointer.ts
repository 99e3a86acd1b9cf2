import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

// The compiled package runs checkpoint-thread.js, the sources (tests, the bench) the .ts file.
const threadUrl = new URL(
  `./checkpoint-thread${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`,
  import.meta.url,
);

/**
 * The thread, with the process's options plus a quiet node:sqlite (it warns in every thread that
 * loads it; the process's main thread decides that). A Worker refuses V8's flags in an explicit
 * list (`node --max-old-space-size=4096 …`, `--trace-gc`) but accepts them inherited, so with one
 * of those on the command line the thread inherits and may print the warning once.
 */
function startThread(workerData: { path: string; intervalMs: number }): Worker {
  try {
    return new Worker(threadUrl, {
      workerData,
      execArgv: [...process.execArgv, '--disable-warning=ExperimentalWarning'],
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    return new Worker(threadUrl, { workerData });
  }
}

/** SQLite's own threshold (pages), put back if the checkpointer stops. */
const AUTO_CHECKPOINT_PAGES = 1000;
/** Past this many pages (64 MB of 4 KB pages) the owner starts the log over itself. */
const RESTART_PAGES = 16_384;

/**
 * Moves WAL checkpoints off the caller's thread. SQLite checkpoints inside the COMMIT that takes
 * the log past 1,000 pages: that COMMIT then copies megabytes and fsyncs the database file, and
 * every request waiting on the event loop waits with it. Here a thread with its own connection copies the log every
 * `intervalMs`. Under constant writes its copy never quite catches up, and only the writer can
 * start the log over, so once the log passes RESTART_PAGES the owner checkpoints once itself:
 * nearly everything is copied by then, and its next write starts the log from the beginning.
 * If the thread fails, the connection checkpoints as SQLite does by default again.
 */
export function startCheckpointer(
  db: DatabaseSync,
  path: string,
  { intervalMs = 1000, restartPages = RESTART_PAGES } = {},
): { stop(): void } {
  // A log started over is cut back to this length, so the file does not keep its high-water mark.
  db.exec(`PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = ${restartPages * 4096};`);
  let stopped = false;
  const worker = startThread({ path, intervalMs });
  worker.unref();
  worker.on('message', (pages: number) => {
    if (!stopped && db.isOpen && !db.isTransaction && pages > restartPages)
      db.exec('PRAGMA wal_checkpoint(PASSIVE);');
  });
  const fallBack = () => {
    if (!stopped && db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES};`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    stop() {
      stopped = true;
      void worker.terminate();
    },
  };
}
