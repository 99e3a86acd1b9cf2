// The floor under any receiver that keeps the same promises as ours, on either store: the least
// work a verified, durable, delivering outbox can do, with none of the receiver's features. It
// checks the Standard Webhooks signature (node:crypto), stores the alert with its delivery state
// in one row and commits before the 2xx, forwards it to the sink (undici, one keep-alive Pool)
// and commits that it was delivered. Every write is group-committed: the requests (or deliveries)
// of one event loop turn share one statement, as the receiver's do. One table, two indexes (the
// primary key, and the sender's id for deduplication); the delivered mark touches no indexed
// column, so PostgreSQL can update in place (HOT).
// The bench runs it on SQLite and on PostgreSQL beside the receiver: what PostgreSQL costs
// against SQLite for the floor is what no receiver on this machine can beat. Like the 40-line
// baseline it shares no code with the receiver (its own group commit included), so it measures the
// approach, not our implementation of it.
//   node floor-receiver.ts <secret> <sink url> sqlite <file>
//   node floor-receiver.ts <secret> <sink url> postgres <url> <schema>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { Pool } from 'undici';

const [secret = '', sinkUrl = '', kind, where = '', schema = ''] = process.argv.slice(2);
const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
const sink = new URL(sinkUrl);
const pool = new Pool(sink.origin, { connections: 32 });

interface Store {
  /** The new row's id for each [webhook id, body], 0 for a duplicate. */
  insert(rows: Array<[string, string]>): Promise<number[]>;
  delivered(ids: number[], at: number): Promise<void>;
}

function sqliteStore(path: string): Store {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  db.exec(`CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, webhook_id TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL, delivered_at INTEGER)`);
  const insert = db.prepare(
    'INSERT INTO floor (webhook_id, body) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING id',
  );
  const mark = db.prepare('UPDATE floor SET delivered_at = ? WHERE id = ?');
  const inTransaction = <T>(work: () => T): T => {
    db.exec('BEGIN');
    try {
      const out = work();
      db.exec('COMMIT');
      return out;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    insert: async (rows) =>
      inTransaction(() =>
        rows.map(([id, body]) => Number((insert.get(id, body) as { id?: number })?.id ?? 0)),
      ),
    delivered: async (ids, at) =>
      inTransaction(() => {
        for (const id of ids) mark.run(at, id);
      }),
  };
}

async function postgresStore(url: string, schemaName: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}; SET search_path = ${schemaName}`);
  await client.query(`CREATE TABLE IF NOT EXISTS floor (id bigserial PRIMARY KEY, webhook_id text NOT NULL UNIQUE,
    body text NOT NULL, delivered_at bigint) WITH (fillfactor = 80)`);
  return {
    insert: async (rows) => {
      const { rows: out } = await client.query<{ id: string; webhook_id: string }>({
        name: 'floor_insert',
        text: `INSERT INTO floor (webhook_id, body) SELECT w, b FROM unnest($1::text[], $2::text[]) AS u(w, b)
               ON CONFLICT DO NOTHING RETURNING id, webhook_id`,
        values: [rows.map((r) => r[0]), rows.map((r) => r[1])],
      });
      const ids = new Map(out.map((r) => [r.webhook_id, Number(r.id)]));
      return rows.map(([id]) => ids.get(id) ?? 0);
    },
    delivered: async (ids, at) => {
      await client.query({
        name: 'floor_mark',
        text: 'UPDATE floor SET delivered_at = $2 WHERE id = ANY($1::bigint[])',
        values: [ids, at],
      });
    },
  };
}

/** Calls made while the previous flush runs (or during one turn) go to `flush` together. */
function turnBatch<I, R>(flush: (items: I[]) => Promise<R[]>): (item: I) => Promise<R> {
  let queue: Array<{ item: I; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  let busy = false;
  const run = async () => {
    const group = queue;
    queue = [];
    try {
      const out = await flush(group.map((q) => q.item));
      for (const [i, q] of group.entries()) q.resolve(out[i]!);
    } catch (error) {
      for (const q of group) q.reject(error);
    }
    busy = queue.length > 0;
    if (busy) setImmediate(run);
  };
  return (item) =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(run);
      }
    });
}

const store = kind === 'postgres' ? await postgresStore(where, schema) : sqliteStore(where);
const storeAlert = turnBatch<[string, string], number>((rows) => store.insert(rows));
const markDelivered = turnBatch<number, void>(async (ids) => {
  await store.delivered(ids, Date.now());
  return ids.map(() => undefined);
});

function verified(body: Buffer, headers: Record<string, string | string[] | undefined>): string | undefined {
  const [id, timestamp, signatures] = [
    headers['webhook-id'],
    headers['webhook-timestamp'],
    headers['webhook-signature'],
  ];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    return undefined;
  const want = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  for (const part of signatures.split(' ')) {
    const given = Buffer.from(part.slice(3), 'base64');
    if (part.startsWith('v1,') && given.length === want.length && timingSafeEqual(given, want)) return id;
  }
  return undefined;
}

async function deliver(id: number, body: string) {
  const answer = await pool.request({
    path: sink.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await answer.body.dump();
  if (answer.statusCode < 300) await markDelivered(id);
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    const id = verified(body, req.headers);
    if (!id) return void res.writeHead(401).end();
    const text = body.toString('utf8');
    const stored = await storeAlert([id, text]);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    if (stored > 0) deliver(stored, text).catch((error: Error) => console.error(error.message));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
