// Sends a request byte for byte over a socket (fetch would normalise `..` and refuse odd methods
// and hosts) and reads the status line of the answer.
import { connect } from 'node:net';
import type { RawRequest } from './malformed.ts';

/** The answer's status, `'closed'` when the server hung up without one, `'timeout'` when it hung. */
export type RawAnswer = number | 'closed' | 'timeout';

export function sendRaw(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    const done = (answer: RawAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (status) done(Number(status[1]));
      else if (head.length > 64) done('closed');
    });
    // A reset after the server wrote its answer still counts as answered (handled in 'data').
    socket.on('error', () => done('closed'));
    socket.on('end', () => done('closed'));
    socket.on('connect', () => {
      const lines = [
        `${request.method} ${request.target} HTTP/1.1`,
        ...request.headers.map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
      if (request.body.length > 0) socket.write(request.body);
    });
  });
}

/** Requests, `concurrency` at a time; returns each answer with its request. */
export async function sendAll(
  port: number,
  requests: RawRequest[],
  concurrency = 8,
): Promise<{ request: RawRequest; answer: RawAnswer }[]> {
  const results: { request: RawRequest; answer: RawAnswer }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      results.push({ request, answer: await sendRaw(port, request) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** A one-line description of a request for a failure message (bodies cut short). */
export function describeRequest(request: RawRequest): string {
  const type = request.headers.find(([k]) => k === 'content-type')?.[1] ?? '-';
  const start = Buffer.from(request.body.slice(0, 60)).toString('latin1');
  return `${request.method} ${request.target.slice(0, 120)} [${type}] ${request.body.length}B ${JSON.stringify(start)}`;
}
