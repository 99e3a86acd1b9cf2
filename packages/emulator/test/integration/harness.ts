import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../src/index.ts';

// Test bodies are read loosely: the response validator checks every one against the document.
// biome-ignore lint/suspicious/noExplicitAny: one deliberate escape hatch for the tests.
export type Loose = any;

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Harness {
  emu: RunningEmulator;
  /** Calls the API with the seeded token (or `token`), JSON in and out. */
  api<T = Loose>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  /** Calls the console stand-in. */
  console<T = Loose>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** Creates a tracker in the seeded space with sensible defaults. */
  tracker(overrides?: Record<string, unknown>, agent?: Record<string, unknown>): Promise<Loose>;
}

async function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body);
    if (!(body instanceof FormData))
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ validateResponses: true, log: () => {}, ...options });
  const harness: Harness = {
    emu,
    api: (method, path, body, token = emu.token) =>
      call(`${emu.baseUrl}${path}`, method, { authorization: `Bearer ${token}` }, body) as Promise<
        Answer<Loose>
      >,
    console: (method, path, body) =>
      call(`${emu.origin}/_emulator${path}`, method, {}, body) as Promise<Answer<Loose>>,
    tracker: async (overrides = {}, agent = {}) => {
      const answer = await harness.api('POST', `/api/spaces/${emu.spaceId}/trackers`, {
        name: 'Supplier risk',
        description: 'Watches supplier deliveries',
        run_mode: 'manual',
        agent_config: { instruction: 'Weigh delays', score_meaning: '10 is no risk', skills: [], ...agent },
        ...overrides,
      });
      if (answer.status !== 201) throw new Error(`tracker create failed: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
  };
  return harness;
}

/** Polls a run until it leaves pending/running (bounded: fails naming the run after 5 s). */
export function waitRun(h: Harness, trackerId: string, runId: string): Promise<Loose> {
  return waitUntil(
    async () => {
      const { body } = await h.api('GET', `/api/trackers/${trackerId}/runs/${runId}`);
      return (body.status === 'completed' || body.status === 'failed') && body;
    },
    { timeout: 5000, interval: 10, what: `run ${runId} finished` },
  );
}
