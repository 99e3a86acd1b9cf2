// The HTTP sink deliveries go to: answers every POST 200 at once and remembers which alerts it has
// seen (each `run_<seq>` in a body: a forwarded alert, or the alerts of Alertmanager's webhook
// payload), so the bench can wait until every accepted alert has arrived. GET /count says how many.
import { createServer } from 'node:http';

const seen = new Set<number>();
const RUN = /run_(\d+)/g;
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: seen.size }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    for (const m of Buffer.concat(chunks).toString('latin1').matchAll(RUN)) seen.add(Number(m[1]));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
