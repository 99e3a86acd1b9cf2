// stdio with a message limit that matches the largest advertised upload (limits.ts). The SDK's
// own transport, past its 10 MiB buffer, closed itself and let the process exit 0 with nothing on
// stderr. Here a message over the limit is skipped: its request (when its id can be found) gets
// a JSON-RPC error naming the limit, the operator gets a line on stderr, and the server goes on.
import process from 'node:process';
import { deserializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { MAX_MESSAGE_BYTES } from '../config/limits.ts';
import type { Logger } from '../config/logger.ts';

const NEWLINE = 0x0a;
/** Bytes kept from each end of an oversized line to find its request id. */
const EDGE_BYTES = 512;
const ID_PATTERN = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;

export interface LimitedStdioOptions {
  maxMessageBytes?: number;
  logger: Logger;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

export class LimitedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #max: number;
  readonly #logger: Logger;
  readonly #stdin: NodeJS.ReadableStream;
  readonly #stdout: NodeJS.WritableStream;
  #chunks: Buffer[] = [];
  #size = 0;
  /** Set while the rest of an oversized line is being skipped: its first and last bytes. */
  #oversized: { head: Buffer; tail: Buffer; size: number } | undefined;

  constructor(options: LimitedStdioOptions) {
    this.#max = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.#logger = options.logger;
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
  }

  readonly #onData = (chunk: Buffer) => {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      this.#take(piece);
      if (end === -1) return;
      this.#endLine();
      start = end + 1;
    }
  };

  readonly #onError = (error: Error) => {
    this.#logger.error('stdin failed', error);
    this.onerror?.(error);
  };

  #outputFailed = false;
  // The client stopped reading (EPIPE when it closed its end): nothing more can reach it. Kept for
  // the transport's life, as a write still in flight after the close may fail the same way.
  readonly #onOutputError = (error: Error) => {
    if (this.#outputFailed) return;
    this.#outputFailed = true;
    this.#logger.error('stdout failed: the client no longer reads the answers', error);
  };

  #take(piece: Buffer) {
    if (this.#oversized) {
      this.#oversized.size += piece.length;
      this.#oversized.tail = Buffer.concat([this.#oversized.tail, piece]).subarray(-EDGE_BYTES);
      return;
    }
    this.#chunks.push(piece);
    this.#size += piece.length;
    if (this.#size > this.#max) {
      const line = Buffer.concat(this.#chunks);
      this.#oversized = {
        head: line.subarray(0, EDGE_BYTES),
        tail: line.subarray(-EDGE_BYTES),
        size: line.length,
      };
      this.#chunks = [];
      this.#size = 0;
    }
  }

  #endLine() {
    const oversized = this.#oversized;
    if (oversized) {
      this.#oversized = undefined;
      return this.#refuse(oversized);
    }
    const line = Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, '');
    this.#chunks = [];
    this.#size = 0;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.#logger.error('stdin: a line that is not a JSON-RPC message was ignored', error);
      void this.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } as never);
      return;
    }
    this.onmessage?.(message);
  }

  #refuse(oversized: { head: Buffer; tail: Buffer; size: number }) {
    const match =
      ID_PATTERN.exec(oversized.tail.toString('utf8')) ?? ID_PATTERN.exec(oversized.head.toString('utf8'));
    const id = match?.[1] === undefined ? null : (JSON.parse(match[1]) as string | number);
    const text = `message of ${oversized.size} bytes exceeds this server's limit of ${this.#max} bytes; send a smaller file, or for rows a path under --files-root or a url (upload_vault_data)`;
    this.#logger.error(`stdin: ${text}${id === null ? '' : ` (request id ${JSON.stringify(id)})`}`);
    if (id !== null) void this.send({ jsonrpc: '2.0', id, error: { code: -32600, message: text } });
  }

  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
    this.#stdout.on('error', this.#onOutputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#outputFailed) return resolve();
      // Settled by the write itself: a failed write (its error above) never drains.
      if (this.#stdout.write(`${JSON.stringify(message)}\n`, () => resolve())) resolve();
    });
  }

  async close(): Promise<void> {
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    this.#chunks = [];
    this.onclose?.();
  }
}
