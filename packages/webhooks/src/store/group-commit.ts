import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { decodeResult, encodeItems } from './ingest-wire.ts';
import type { IngestReply, IngestRequest, IngestWorkerData } from './ingest-worker.ts';
import type { IngestItem, IngestResult } from './types.ts';

export interface GroupCommit {
  /** Resolves only after the transaction holding this item has committed. */
  ingest(item: IngestItem): Promise<IngestResult>;
  /** Settles every item queued or being committed, synchronously, then closes the commit thread's connection. */
  close(): void;
}

export interface GroupCommitOptions {
  now: () => number;
  /** One transaction on the caller's connection: for `:memory:` and for what is left at close. */
  commitHere(items: IngestItem[], now: number): IngestResult[];
  /** Commit on a thread of its own with a second connection to this file (WAL allows it). */
  thread?: { path: string; synchronous: 'FULL' | 'NORMAL' };
  storageError(error: unknown): Error;
}

interface Waiter {
  item: IngestItem;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  port: MessagePort;
  pending: Int32Array;
  /** Groups posted and not answered yet, oldest first (replies come back in order). */
  posted: Waiter[][];
}

const CLOSE_WAIT_MS = 10_000;
const WORKER_URL = new URL(
  `./ingest-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

function reject(group: Waiter[], message: string, storageError: (error: unknown) => Error) {
  const error = storageError(new Error(message));
  for (const waiter of group) waiter.reject(error);
}

function settle(group: Waiter[], reply: IngestReply, storageError: (error: unknown) => Error) {
  if ('error' in reply) return reject(group, reply.error, storageError);
  for (let i = 0; i < group.length; i++) group[i]!.resolve(decodeResult(reply.results, i));
}

/** Blocks until the thread has answered everything posted to it, or the deadline passes. */
function waitIdle(thread: Thread): void {
  const until = performance.now() + CLOSE_WAIT_MS;
  for (let left = Atomics.load(thread.pending, 0); left > 0; left = Atomics.load(thread.pending, 0)) {
    const ms = until - performance.now();
    if (ms <= 0) return;
    Atomics.wait(thread.pending, 0, left, ms);
  }
}

/**
 * Group commit. Requests read in one turn of the event loop form a group; groups are posted to
 * a commit thread, which puts every group waiting for it into one transaction. A busy receiver
 * therefore pays one fsync per transaction instead of one per alert, and its event loop never
 * waits on the disk. Nothing resolves before the COMMIT that holds it has returned.
 */
export function createGroupCommit(options: GroupCommitOptions): GroupCommit {
  const { now, storageError } = options;
  let queue: Waiter[] = [];
  let thread: Thread | undefined;
  let scheduled = false;
  let closed = false;

  const commitHere = (group: Waiter[]) => {
    let results: IngestResult[];
    try {
      results = options.commitHere(
        group.map((w) => w.item),
        now(),
      );
    } catch (error) {
      reject(group, (error as Error).message, storageError);
      return;
    }
    for (let i = 0; i < group.length; i++) group[i]!.resolve(results[i]!);
  };

  const spawn = (config: NonNullable<GroupCommitOptions['thread']>): Thread => {
    const { port1, port2 } = new MessageChannel();
    const shared = new SharedArrayBuffer(4);
    const workerData: IngestWorkerData = { ...config, port: port2, pending: shared };
    const worker = new Worker(WORKER_URL, {
      workerData,
      transferList: [port2],
      // The main thread has already said node:sqlite is experimental; once per process is enough.
      execArgv: [...process.execArgv, '--disable-warning=ExperimentalWarning'],
    });
    // Only groups in flight keep the process alive: the port is ref'd for exactly that long.
    worker.unref();
    const self: Thread = { port: port1, pending: new Int32Array(shared), posted: [] };
    const answer = (reply: IngestReply) => {
      const group = self.posted.shift();
      if (self.posted.length === 0) port1.unref();
      if (group) settle(group, reply, storageError);
    };
    port1.on('message', (reply: IngestReply) => {
      if (thread === self) answer(reply);
    });
    port1.unref();
    const fail = (error: Error) => {
      if (thread !== self) return;
      thread = undefined;
      // Replies posted just before the thread died still count; the rest may or may not have
      // committed, so they get a 503 and the sender retries (a duplicate is answered 200).
      for (let r = receiveMessageOnPort(port1); r; r = receiveMessageOnPort(port1))
        answer(r.message as IngestReply);
      for (const group of self.posted.splice(0))
        reject(group, `commit thread failed: ${error.message}`, storageError);
      port1.close();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    return self;
  };

  const dispatch = () => {
    scheduled = false;
    if (closed || queue.length === 0) return;
    const group = queue;
    queue = [];
    if (!options.thread) {
      commitHere(group);
      return;
    }
    thread ??= spawn(options.thread);
    thread.posted.push(group);
    Atomics.add(thread.pending, 0, 1);
    thread.port.ref();
    const request: IngestRequest = {
      type: 'batch',
      now: now(),
      count: group.length,
      items: encodeItems(group.map((w) => w.item)),
    };
    thread.port.postMessage(request);
  };

  return {
    ingest(item) {
      if (closed) return Promise.reject(storageError(new Error('store is closed')));
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // An idle commit thread starts on this item at once, so its fsync overlaps the reading of
        // the rest of this turn; while it is busy, requests group until the turn ends (and it
        // takes every group waiting for it into its next transaction).
        if (thread !== undefined && thread.posted.length === 0) {
          dispatch();
          return;
        }
        if (!scheduled) {
          scheduled = true;
          setImmediate(dispatch);
        }
      });
    },
    close() {
      if (closed) return;
      closed = true;
      const current = thread;
      thread = undefined;
      if (current) {
        // Groups in flight are settled by their outcome: wait for it rather than guess.
        waitIdle(current);
        for (let r = receiveMessageOnPort(current.port); r; r = receiveMessageOnPort(current.port)) {
          const group = current.posted.shift();
          if (group) settle(group, r.message as IngestReply, storageError);
        }
        for (const group of current.posted.splice(0))
          reject(group, 'commit thread did not answer in time', storageError);
        // Closed before this returns, so the caller may reopen, move or delete the file at once.
        const request: IngestRequest = { type: 'close' };
        Atomics.add(current.pending, 0, 1);
        current.port.postMessage(request);
        waitIdle(current);
        current.port.close();
      }
      if (queue.length > 0) commitHere(queue.splice(0));
    },
  };
}
