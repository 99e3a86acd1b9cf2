// The ceiling: an express hello-world, in a process of its own as the receiver is.
import express from 'express';

const app = express();
app.post('/', (_req, res) => {
  res.send('ok');
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
