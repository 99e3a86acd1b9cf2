// The baseline a careful engineer writes in 40 lines: node:http, the standardwebhooks reference
// library, and one durable INSERT (WAL, synchronous=FULL) per request before the 2xx.
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { Webhook } from 'standardwebhooks';

const [path, secret] = process.argv.slice(2) as [string, string];
const db = new DatabaseSync(path);
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
db.exec('CREATE TABLE IF NOT EXISTS alerts (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO alerts (id, body) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
const webhook = new Webhook(secret);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      webhook.verify(body, req.headers as Record<string, string>);
    } catch {
      res.writeHead(401).end();
      return;
    }
    insert.run(String(req.headers['webhook-id']), body);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
