// A context harness built from the framework's own types: what the Activepieces engine hands an
// action or a trigger, with a real store (a Map), a real connection value and the props checked
// first by the framework's own schema builder, as the engine does before it runs a step.
import {
  type Action,
  type ActionContext,
  piecePropertiesUtils,
  type Store,
  type Trigger,
  type TriggerStrategy,
} from '@activepieces/pieces-framework';
import { AppConnectionType, ExecutionType } from '@activepieces/shared';
import type { ConnectionValue } from '../../src/index.ts';
import { trackerAuth } from '../../src/index.ts';

export function connection(baseUrl: string, token: string, webhookSecret?: string): ConnectionValue {
  return { type: AppConnectionType.CUSTOM_AUTH, props: { baseUrl, token, webhookSecret } };
}

/**
 * Holds the store's calls in flight, as the engine's store is a request to its API: while closed, a
 * call waits; `open()` lets every waiting one go, in the order they came. `arrived(n)` resolves once
 * `n` calls are waiting.
 */
export class StoreGate {
  #closed = false;
  #waiting: (() => void)[] = [];
  #watchers: { n: number; resolve: () => void }[] = [];

  close(): void {
    this.#closed = true;
  }

  open(): void {
    this.#closed = false;
    for (const go of this.#waiting.splice(0)) go();
  }

  arrived(n: number): Promise<void> {
    return new Promise((resolve) => {
      this.#watchers.push({ n, resolve });
      this.#notify();
    });
  }

  pass(): Promise<void> {
    if (!this.#closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#notify();
    });
  }

  #notify(): void {
    const due = this.#watchers.filter((w) => w.n <= this.#waiting.length);
    this.#watchers = this.#watchers.filter((w) => w.n > this.#waiting.length);
    for (const w of due) w.resolve();
  }
}

/**
 * The engine's store, in memory: values are copied in and out as the engine serialises them. The
 * engine makes a new store object for each execution over the same entries: pass `entries` to do
 * the same; `gate` holds each call in flight.
 */
export function memoryStore(
  entries = new Map<string, unknown>(),
  gate?: StoreGate,
): Store & { entries: Map<string, unknown> } {
  const key = (name: string, scope?: string) => `${scope ?? 'FLOW'}/${name}`;
  return {
    entries,
    async put<T>(name: string, value: T, scope?: string) {
      await gate?.pass();
      entries.set(key(name, scope), structuredClone(value));
      return value;
    },
    async get<T>(name: string, scope?: string) {
      await gate?.pass();
      const value = entries.get(key(name, scope));
      return value === undefined ? null : (structuredClone(value) as T);
    },
    async delete(name: string, scope?: string) {
      await gate?.pass();
      entries.delete(key(name, scope));
    },
  } as Store & { entries: Map<string, unknown> };
}

const SERVER = { apiUrl: 'http://127.0.0.1:9/api/', publicUrl: 'http://127.0.0.1:9/', token: 'engine-token' };
const PROJECT = { id: 'project-1', externalId: async () => undefined };
const FLOWS = {
  list: async () => ({ data: [], next: null, previous: null }),
  current: { id: 'flow-1', version: { id: 'flow-version-1' } },
};

/** The props as the engine checks them (the framework's schema of the step's properties). */
export function checkProps(props: Action['props'] | Trigger['props'], values: Record<string, unknown>): void {
  const parsed = piecePropertiesUtils.buildSchema(props, trackerAuth, false).safeParse(values);
  if (!parsed.success) throw new Error(`props refused by the framework: ${parsed.error.message}`);
}

export async function runAction(
  action: Action,
  auth: ConnectionValue,
  propsValue: Record<string, unknown>,
): Promise<unknown> {
  checkProps(action.props, propsValue);
  const context: ActionContext<typeof trackerAuth> = {
    executionType: ExecutionType.BEGIN,
    auth,
    propsValue: propsValue as ActionContext<typeof trackerAuth>['propsValue'],
    store: memoryStore(),
    project: PROJECT,
    flows: FLOWS,
    step: { name: action.name },
    connections: { get: async () => null },
    tags: { add: async () => {} },
    server: SERVER,
    files: { write: async () => 'file://unused' },
    output: { update: async () => {} },
    agent: { tools: async () => ({}) },
    run: {
      id: 'run-1',
      stop: () => {},
      respond: () => {},
      createWaitpoint: async () => {
        throw new Error('not used');
      },
      waitForWaitpoint: () => {},
    },
  };
  return action.run(context as never);
}

export interface TriggerHarness {
  /** The flow's store entries, which every execution's store reads and writes. */
  store: { entries: Map<string, unknown> };
  /** Holds store calls in flight (open unless a test closes it). */
  gate: StoreGate;
  enable(): Promise<void>;
  disable(): Promise<void>;
  run(payload?: { body: unknown; rawBody?: unknown; headers: Record<string, string> }): Promise<unknown[]>;
  test(): Promise<unknown[]>;
}

/**
 * One enabled trigger of one flow: every hook gets a store object of its own over the flow's
 * entries, as the engine builds one per execution. `flowId` names the flow (`flows.current`).
 */
export function triggerHarness(
  trigger: Trigger<typeof trackerAuth, Trigger['props'], TriggerStrategy>,
  auth: ConnectionValue,
  propsValue: Record<string, unknown>,
  flowId = FLOWS.current.id,
): TriggerHarness {
  checkProps(trigger.props, propsValue);
  const entries = new Map<string, unknown>();
  const gate = new StoreGate();
  const flows = { ...FLOWS, current: { ...FLOWS.current, id: flowId } };
  type Payload = {
    body: unknown;
    rawBody?: unknown;
    headers: Record<string, string>;
    queryParams: Record<string, string>;
  };
  const base = (payload: Payload = { body: {}, headers: {}, queryParams: {} }) => ({
    auth,
    propsValue,
    store: memoryStore(entries, gate),
    project: PROJECT,
    flows,
    step: { name: trigger.name },
    connections: { get: async () => null },
    server: SERVER,
    webhookUrl: `http://127.0.0.1:9/webhooks/${flowId}`,
    payload,
    setSchedule: () => {},
    files: { write: async () => 'file://unused' },
  });
  return {
    store: { entries },
    gate,
    enable: () => trigger.onEnable(base() as never),
    disable: () => trigger.onDisable(base() as never),
    run: (payload) => trigger.run(base(payload ? { queryParams: {}, ...payload } : undefined) as never),
    test: () => trigger.test(base() as never),
  };
}
