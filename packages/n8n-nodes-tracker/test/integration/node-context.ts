// A stand-in for n8n's execute and load-options contexts over real HTTP. n8n's request helper lives in
// n8n-core (not a dependency of this package): this one performs each request with fetch and the
// credential's declared authentication, so every request reaches the emulator on a loopback socket.
import type { RunningEmulator } from '@trackerkit/emulator';
import type {
  IExecuteFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
} from 'n8n-workflow';
import { expect } from 'vitest';
import { TrackerApi } from '../../credentials/TrackerApi.credentials';

export type Sent = { method: string; url: URL };

/** A parameter's value, the same for every item or per item index. */
export type Parameter = unknown | ((itemIndex: number) => unknown);
export interface Setup {
  items?: INodeExecutionData[];
  continueOnFail?: boolean;
  /** The node's typeVersion (default 1). */
  typeVersion?: number;
}

export function nodeContext(
  emulator: RunningEmulator,
  parameters: Record<string, Parameter> = {},
  setup: Setup = {},
) {
  const sent: Sent[] = [];
  const node: INode = {
    id: 'node-1',
    name: 'Tracker',
    type: 'CUSTOM.tracker',
    typeVersion: setup.typeVersion ?? 1,
    position: [0, 0],
    parameters: {},
  };
  const credentials = { baseUrl: `${emulator.baseUrl}/`, apiToken: emulator.token };
  const authorization = String(new TrackerApi().authenticate.properties.headers?.Authorization).replace(
    /^=(.*)\{\{\$credentials\.apiToken\}\}$/,
    `$1${credentials.apiToken}`,
  );
  const helpers = {
    async httpRequestWithAuthentication(credentialType: string, options: IHttpRequestOptions) {
      expect(credentialType).toBe('trackerApi');
      const url = new URL(options.url);
      for (const [key, value] of Object.entries(options.qs ?? {})) url.searchParams.set(key, String(value));
      const method = options.method ?? 'GET';
      sent.push({ method, url });
      const body =
        options.body === undefined ? undefined : options.json ? JSON.stringify(options.body) : options.body;
      const response = await fetch(url, {
        method,
        headers: {
          ...(options.json && body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.headers as Record<string, string>),
          authorization,
        },
        body: body as BodyInit | undefined,
      });
      const text = await response.text();
      expect(options.returnFullResponse && options.ignoreHttpStatusErrors).toBe(true);
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: options.json && text ? JSON.parse(text) : text,
      };
    },
  };
  const items: INodeExecutionData[] = setup.items ?? [{ json: {} }];
  const parameter = (name: string, i: number, fallback?: unknown, options?: { extractValue?: boolean }) => {
    if (!(name in parameters)) {
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    }
    const given = parameters[name];
    const value = (typeof given === 'function' ? given(i) : given) as { __rl?: boolean; value?: unknown };
    return options?.extractValue && value && typeof value === 'object' && value.__rl ? value.value : value;
  };
  const binary = (i: number, property: string) => {
    const data = items[i]?.binary?.[property];
    if (!data)
      throw new Error(`This operation expects the node's input data to contain a binary file '${property}'`);
    return data;
  };
  Object.assign(helpers, {
    assertBinaryData: binary,
    getBinaryDataBuffer: async (i: number, property: string) =>
      Buffer.from(binary(i, property).data, 'base64'),
  });
  const ctx = {
    getNode: () => node,
    getCredentials: async () => credentials,
    getCurrentNodeParameter: (name: string, options?: { extractValue?: boolean }) =>
      parameter(name, 0, undefined, options),
    getNodeParameter: parameter,
    getInputData: () => items,
    continueOnFail: () => setup.continueOnFail ?? false,
    helpers,
  } as unknown as ILoadOptionsFunctions & IExecuteFunctions;
  return { ctx, sent };
}

/** A direct call to the emulator's API, for a test's own setup. */
export async function callApi<T>(
  emulator: RunningEmulator,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
