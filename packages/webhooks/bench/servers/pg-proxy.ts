// A TCP proxy in front of PostgreSQL that counts round trips: on each connection, every time the
// client speaks after the server has answered (or first) is one round trip; statements sent
// together (a pipeline, one multi-statement write) are one. GET on the control port says how many.
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';

const [host, port] = (process.argv[2] ?? '127.0.0.1:5432').split(':') as [string, string];
let roundTrips = 0;
let connections = 0;
const proxy = createServer((client) => {
  connections++;
  let waiting = false;
  const upstream = connect(Number(port), host);
  client.on('data', (chunk) => {
    if (!waiting) roundTrips++;
    waiting = true;
    upstream.write(chunk);
  });
  upstream.on('data', (chunk) => {
    waiting = false;
    client.write(chunk);
  });
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
const control = createHttpServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ roundTrips, connections }));
});
proxy.listen(0, '127.0.0.1', () => {
  control.listen(0, '127.0.0.1', () => {
    const portOf = (s: { address(): unknown }) => (s.address() as { port: number }).port;
    process.stdout.write(`${JSON.stringify({ port: portOf(proxy), control: portOf(control) })}\n`);
  });
});
process.on('SIGTERM', () => process.exit(0));
