import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Loose } from './harness.ts';

export interface ReceivedHook {
  id: string;
  timestamp: string;
  signature: string;
  raw: string;
  verified: boolean;
  body: Loose;
  /** performance.now() when the request arrived. */
  at: number;
}

/** A status to answer, optionally with headers (e.g. `Retry-After`). */
export type Answer = number | { status: number; headers: Record<string, string> };

/** Verifies a Standard Webhooks v1 signature independently of the emulator's signing code. */
export function verifyStandardWebhook(
  secret: string,
  id: string,
  timestamp: string,
  raw: string,
  header: string,
) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`).digest();
  return header.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A loopback webhook receiver; `statuses` are answered in order (then 200). */
export async function startReceiver(secret: () => string, statuses: Answer[] = []) {
  const hooks: ReceivedHook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id']);
      const timestamp = String(req.headers['webhook-timestamp']);
      const signature = String(req.headers['webhook-signature']);
      hooks.push({
        id,
        timestamp,
        signature,
        raw,
        body: JSON.parse(raw),
        verified: verifyStandardWebhook(secret(), id, timestamp, raw, signature),
        at: performance.now(),
      });
      const answer = statuses.shift() ?? 200;
      if (typeof answer === 'number') res.writeHead(answer).end();
      else res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hooks,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A loopback SMTP server that accepts everything. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
