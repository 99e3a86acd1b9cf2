// The commit thread. node:sqlite is synchronous, so a COMMIT under synchronous=FULL holds its
// thread for the whole fsync; here that wait does not stop the receiver's event loop, which keeps
// reading, verifying and queueing requests meanwhile.
import { DatabaseSync } from 'node:sqlite';
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { type IngestStatements, ingestOne, prepareIngest } from './ingest-one.ts';
import { decodeItems, encodeResults, type WireItems, type WireResults } from './ingest-wire.ts';

export interface IngestWorkerData {
  path: string;
  /** A connection setting: the main connection's PRAGMA does not reach this one. */
  synchronous: 'FULL' | 'NORMAL';
  port: MessagePort;
  /** Int32 count of requests posted and not yet answered (a close counts until the file is closed). */
  pending: SharedArrayBuffer;
}

/** `items` is `encodeItems` of the group, `count` how many items it holds. */
export type IngestRequest =
  | { type: 'batch'; now: number; count: number; items: WireItems }
  | { type: 'close' };

/** One reply per batch, in the order the batches were posted. */
export type IngestReply = { results: WireResults } | { error: string };

// Bounds one transaction when many batches are waiting; the rest go into the next one.
const MAX_ITEMS_PER_TRANSACTION = 2048;

const { path, synchronous, port, pending } = workerData as IngestWorkerData;
const counter = new Int32Array(pending);

let db: DatabaseSync | undefined;
let statements: IngestStatements | undefined;
let openError: string | undefined;
try {
  db = new DatabaseSync(path);
  db.exec(
    `PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'};`,
  );
  statements = prepareIngest(db);
} catch (error) {
  openError = (error as Error).message;
}

/** One transaction for every batch given; each batch gets its own reply. */
function commit(batches: Array<Extract<IngestRequest, { type: 'batch' }>>): IngestReply[] {
  if (!db || !statements) return batches.map(() => ({ error: openError ?? 'store is closed' }));
  try {
    db.exec('BEGIN IMMEDIATE');
    const replies = batches.map((batch) => ({
      results: encodeResults(decodeItems(batch.items).map((item) => ingestOne(statements!, item, batch.now))),
    }));
    // Replies (and so every 2xx they carry) are posted only after COMMIT has returned.
    db.exec('COMMIT');
    return replies;
  } catch (error) {
    try {
      if (db.isTransaction) db.exec('ROLLBACK');
    } catch {}
    const message = (error as Error).message;
    return batches.map(() => ({ error: message }));
  }
}

function answered(count: number) {
  // After the posts, so a main thread woken by this finds the replies already on its port.
  Atomics.sub(counter, 0, count);
  Atomics.notify(counter, 0);
}

function close() {
  try {
    db?.close();
  } catch {}
  db = undefined;
  port.close();
  answered(1);
}

port.on('message', (first: IngestRequest) => {
  if (first.type === 'close') return close();
  // Group commit across turns: whatever the receiver posted while the last COMMIT was waiting
  // on the disk joins this transaction.
  const batches = [first];
  let items = first.count;
  let closing = false;
  while (items < MAX_ITEMS_PER_TRANSACTION) {
    const next = receiveMessageOnPort(port)?.message as IngestRequest | undefined;
    if (next === undefined) break;
    if (next.type === 'close') {
      closing = true;
      break;
    }
    batches.push(next);
    items += next.count;
  }
  for (const reply of commit(batches)) port.postMessage(reply);
  answered(batches.length);
  if (closing) close();
});
