// Drives a spawned trackerkit-mcp over raw stdio, keeping every stdout line for inspection.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface JsonRpcMessage {
  jsonrpc: string;
  id?: number;
  method?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export class StdioProcess {
  readonly lines: string[] = [];
  stderr = '';
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #waiting = new Map<number, (message: JsonRpcMessage) => void>();
  #nextId = 1;

  constructor(args: string[], env: Record<string, string>, cwd: string) {
    this.#child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    this.#child.stderr.on('data', (chunk) => {
      this.stderr += chunk;
    });
    createInterface({ input: this.#child.stdout }).on('line', (line) => {
      this.lines.push(line);
      try {
        const message = JSON.parse(line) as JsonRpcMessage;
        if (message.id !== undefined) this.#waiting.get(message.id)?.(message);
      } catch {
        // Kept in `lines`; the test asserts every line parses.
      }
    });
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<JsonRpcMessage> {
    const id = this.#nextId++;
    const answer = new Promise<JsonRpcMessage>((resolve) => this.#waiting.set(id, resolve));
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answer;
  }

  notify(method: string) {
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }

  async initialize() {
    const init = await this.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'stdio-test', version: '0' },
    });
    this.notify('notifications/initialized');
    return init;
  }

  /** Closes stdin and resolves with the exit code. */
  end(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.#child.once('exit', (code) => resolve(code)));
    this.#child.stdin.end();
    return exited;
  }

  kill() {
    this.#child.kill();
  }
}
