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

/** The engine's store, in memory: values are copied in and out as the engine serialises them. */
export function memoryStore(): Store & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  const key = (name: string, scope?: string) => `${scope ?? 'FLOW'}/${name}`;
  return {
    entries,
    async put<T>(name: string, value: T, scope?: string) {
      entries.set(key(name, scope), structuredClone(value));
      return value;
    },
    async get<T>(name: string, scope?: string) {
      const value = entries.get(key(name, scope));
      return value === undefined ? null : (structuredClone(value) as T);
    },
    async delete(name: string, scope?: string) {
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
  store: ReturnType<typeof memoryStore>;
  enable(): Promise<void>;
  disable(): Promise<void>;
  run(payload?: { body: unknown; rawBody?: unknown; headers: Record<string, string> }): Promise<unknown[]>;
  test(): Promise<unknown[]>;
}

/** One enabled trigger of one flow: every hook sees the same store, as the engine's flow store. */
export function triggerHarness(
  trigger: Trigger<typeof trackerAuth, Trigger['props'], TriggerStrategy>,
  auth: ConnectionValue,
  propsValue: Record<string, unknown>,
): TriggerHarness {
  checkProps(trigger.props, propsValue);
  const store = memoryStore();
  type Payload = {
    body: unknown;
    rawBody?: unknown;
    headers: Record<string, string>;
    queryParams: Record<string, string>;
  };
  const base = (payload: Payload = { body: {}, headers: {}, queryParams: {} }) => ({
    auth,
    propsValue,
    store,
    project: PROJECT,
    flows: FLOWS,
    step: { name: trigger.name },
    connections: { get: async () => null },
    server: SERVER,
    webhookUrl: 'http://127.0.0.1:9/webhooks/flow-1',
    payload,
    setSchedule: () => {},
    files: { write: async () => 'file://unused' },
  });
  return {
    store,
    enable: () => trigger.onEnable(base() as never),
    disable: () => trigger.onDisable(base() as never),
    run: (payload) => trigger.run(base(payload ? { queryParams: {}, ...payload } : undefined) as never),
    test: () => trigger.test(base() as never),
  };
}
