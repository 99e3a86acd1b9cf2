// A tools/call over stateless HTTP answered without an SDK server and transport made for it
// (issue 29): per request the SDK builds an McpServer, a transport, web Request and Response
// objects and zod-parses the message again, most of a call's CPU. Only the plain call is taken
// here: one JSON-RPC request to a tool without confirmation, tasks or app view, no progress token,
// every header the SDK checks already as it wants them, arguments the tool's schema accepts.
// Anything else (and so every rejection) goes on to the SDK, which answers it. The answer is the
// SDK's: the same bytes for 2026-07-28; for the 2025 era the same JSON-RPC message, sent as
// application/json where the SDK's stateless transport opens an SSE stream for it (both are the
// spec's, every client must take either, and a plain call has nothing else to stream; parsing SSE
// cost a v1 client a fifth of its CPU per call). test/integration/lean-call.test.ts holds real v1
// and v2 clients to that: both eras, success, tool error, refused arguments, unknown tool.
import type { IncomingHttpHeaders } from 'node:http';
import {
  type AuthInfo,
  classifyInboundRequest,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { checkToolArguments, type Logger, runTool, type ToolCallResult } from './call-tool.ts';
import { scopeChallengeOf } from './sdk-adapter.ts';
import type { ToolDefinition, ToolOptions } from './tool-definition.ts';
import { toolSchemas } from './tool-schema.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';
import { SERVER_INFO } from './version.ts';

/** The revision whose requests carry the per-request envelope (the SDK's modern path serves only it). */
const MODERN_REVISION = '2026-07-28';
const ENVELOPE_KEYS = new Set(
  ['protocolVersion', 'clientInfo', 'clientCapabilities'].map((key) => `io.modelcontextprotocol/${key}`),
);
const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAMS_KEYS = new Set(['name', 'arguments', '_meta']);
const JSON_HEADERS = { 'content-type': 'application/json' };

type Json = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Json, allowed: Set<string>) => Object.keys(value).every((key) => allowed.has(key));

export interface LeanAnswer {
  headers: Record<string, string>;
  body: string;
}

/** A call the fast path takes: run it to get the answer to write (status 200). */
export type LeanCall = (signal: AbortSignal) => Promise<LeanAnswer>;

export interface LeanDependencies {
  tools: readonly ToolDefinition[];
  options: ToolOptions;
  logger?: Logger | undefined;
  /** Under OAuth, the scopes a tool that changes the service needs (sdk-adapter.ts's challenge). */
  writeScopes?: readonly [string, ...string[]] | undefined;
}

/** Who calls: the client the tool runs with and, under OAuth, the verified token. */
export interface LeanCaller {
  client: TrackerClientLike;
  authInfo?: AuthInfo | undefined;
}

/** A tool the fast path may answer: what the SDK adapter's callback would do is runTool alone. */
const plainTool = (tool: ToolDefinition) => !tool.confirm && !tool.task && !tool.ui;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

type Route = 'legacy' | 'modern' | 'other';

/**
 * The SDK's era decision (classifyInboundRequest, the code createMcpHandler runs) for a request
 * plan() has checked. It zod-parses the body as each kind of JSON-RPC message, about a tenth of a
 * call's CPU; for such a request its verdict depends only on the version and method headers and the
 * `_meta` envelope, which a client sends alike on every call. So verdicts are kept per envelope:
 * a few, small ones (a bigger envelope is classified every time).
 */
function createClassifier() {
  const verdicts = new Map<string, Route>();
  return (message: Json, meta: unknown, version: string | undefined, methodHeader: string | undefined) => {
    const envelope = meta === undefined ? '' : JSON.stringify(meta);
    const key = `${version}\n${methodHeader}\n${envelope}`;
    const known = verdicts.get(key);
    if (known) return known;
    const route = classifyInboundRequest({
      httpMethod: 'POST',
      body: message,
      ...(version === undefined ? {} : { protocolVersionHeader: version }),
      ...(methodHeader === undefined ? {} : { mcpMethodHeader: methodHeader }),
    });
    const verdict: Route =
      route.kind === 'legacy'
        ? 'legacy'
        : route.kind === 'modern' && route.classification.revision === MODERN_REVISION
          ? 'modern'
          : 'other';
    if (key.length <= MAX_VERDICT_KEY) {
      if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
      verdicts.set(key, verdict);
    }
    return verdict;
  };
}
const MAX_VERDICTS = 64;
const MAX_VERDICT_KEY = 1024;

/** The era the SDK would serve this request in, when every header it checks is as it wants them. */
function eraOf(
  classify: ReturnType<typeof createClassifier>,
  headers: IncomingHttpHeaders,
  message: Json,
  params: Json,
  name: string,
) {
  const accept = header(headers, 'accept');
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  const version = header(headers, 'mcp-protocol-version');
  const methodHeader = header(headers, 'mcp-method');
  const nameHeader = header(headers, 'mcp-name');
  const meta = params._meta;
  const route = classify(message, meta, version, methodHeader);
  if (route === 'legacy') {
    // The legacy transport refuses an unknown version; one left out the SDK path answers.
    const known = version !== undefined && (SUPPORTED_PROTOCOL_VERSIONS as string[]).includes(version);
    return known && meta === undefined ? ('legacy' as const) : undefined;
  }
  if (route !== 'modern') return undefined;
  // Exactly the standard headers the request must carry; any other spelling is the SDK's to judge.
  if (version !== MODERN_REVISION || methodHeader !== 'tools/call' || nameHeader !== name) return undefined;
  return isPlainObject(meta) && onlyKeys(meta, ENVELOPE_KEYS) ? ('modern' as const) : undefined;
}

/** The SDK's error result of a tools/call whose handler or output check failed (McpServer.createToolError). */
const toolError = (text: string): ToolCallResult => ({ content: [{ type: 'text', text }], isError: true });

/** The SDK's check of structuredContent against the output schema (McpServer.validateToolOutput). */
async function checkedOutput(tool: ToolDefinition, result: ToolCallResult): Promise<ToolCallResult> {
  if (result.isError) return result;
  if (result.structuredContent === undefined) {
    return toolError(
      `Output validation error: Tool ${tool.name} has an output schema but no structured content was provided`,
    );
  }
  const checked = await toolSchemas(tool).outputSchema['~standard'].validate(result.structuredContent);
  if (!checked.issues?.length) return result;
  const issues = checked.issues.map((issue) => issue.message).join(', ');
  return toolError(`Output validation error: Invalid structured content for tool ${tool.name}: ${issues}`);
}

/**
 * The SDK's projection of a result for each era: a structuredContent that is no object gets a text
 * copy, and for the 2025 era is wrapped as `{ result }` (our output schemas are all objects).
 */
function projected(result: ToolCallResult, era: Era): Json {
  const content = result.structuredContent as unknown;
  if (content === undefined || isPlainObject(content)) return result;
  const withText = result.content.some((part) => part.type === 'text')
    ? result
    : { ...result, content: [...result.content, { type: 'text', text: JSON.stringify(content) }] };
  return era === 'legacy' ? { ...withText, structuredContent: { result: content } } : withText;
}

/** The JSON-RPC response; for 2026-07-28 stamped as the SDK's encoder does (resultType, serverInfo). */
function response(result: Json, id: string | number, era: Era): Json {
  if (era === 'legacy') return { result, jsonrpc: '2.0', id };
  const stamped = { ...result, resultType: 'complete', _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO } };
  return { result: stamped, jsonrpc: '2.0', id };
}

type Era = 'legacy' | 'modern';

/** A plain call the fast path takes: run it to get the JSON-RPC response to send. */
export type LeanMessageCall = (signal: AbortSignal) => Promise<Json>;

/**
 * The fast path of one process: `plan` says whether it takes an HTTP request (its headers and
 * parsed body) and returns the call to run, or undefined for the SDK to serve it; `planStdio` does
 * the same for a message on a stdio connection whose era the transport knows (lean-stdio.ts).
 */
export function createLeanToolCalls(dependencies: LeanDependencies) {
  const tools = new Map(
    dependencies.tools
      .filter(plainTool)
      .map((tool) => [tool.name, { tool, challenge: scopeChallengeOf(tool, dependencies.writeScopes) }]),
  );
  const classify = createClassifier();

  /** Everything but the era: a plain tools/call of a plain tool the caller may call, arguments checked. */
  function prepare(
    message: unknown,
    caller: LeanCaller,
    eraFor: (message: Json, params: Json) => Era | undefined,
  ) {
    if (!isPlainObject(message) || !onlyKeys(message, MESSAGE_KEYS)) return undefined;
    if (message.jsonrpc !== '2.0' || message.method !== 'tools/call') return undefined;
    const { id, params } = message;
    if (!(typeof id === 'string' || Number.isSafeInteger(id)) || !isPlainObject(params)) return undefined;
    if (!onlyKeys(params, PARAMS_KEYS) || typeof params.name !== 'string') return undefined;
    const { tool, challenge } = tools.get(params.name) ?? {};
    if (!tool || !(params.arguments === undefined || isPlainObject(params.arguments))) return undefined;
    // A token without the scopes the tool needs: the SDK answers its 403 step-up challenge.
    if (challenge) {
      const request = message as Parameters<typeof challenge>[0]['request'];
      if (challenge(caller.authInfo ? { request, authInfo: caller.authInfo } : { request })) return undefined;
    }
    const era = eraFor(message, params);
    if (!era) return undefined;
    // Refused arguments: the SDK words the refusal.
    const checked = checkToolArguments(tool, params.arguments ?? {});
    if (!checked.ok) return undefined;
    const call: LeanMessageCall = async (signal) => {
      let result: ToolCallResult;
      try {
        const { options, logger } = dependencies;
        const { client } = caller;
        result = await checkedOutput(
          tool,
          await runTool(tool, checked.args, { client, options, logger, signal }),
        );
      } catch (error) {
        result = toolError(error instanceof Error ? error.message : String(error));
      }
      return response(projected(result, era), id as string | number, era);
    };
    return call;
  }

  return {
    plan(headers: IncomingHttpHeaders, message: unknown, caller: LeanCaller): LeanCall | undefined {
      const call = prepare(message, caller, (json, params) =>
        eraOf(classify, headers, json, params, params.name as string),
      );
      return (
        call && (async (signal) => ({ headers: JSON_HEADERS, body: JSON.stringify(await call(signal)) }))
      );
    },
    /**
     * A message on a stdio connection: `legacy` once the connection's `initialize` was answered
     * (then only a call without `_meta`, which the 2025 session serves as it is), else a call whose
     * `_meta` is a 2026-07-28 envelope the SDK accepts, judged as for a client that sends the
     * standard headers over HTTP.
     */
    planStdio(message: unknown, legacy: boolean, caller: LeanCaller): LeanMessageCall | undefined {
      return prepare(message, caller, (json, params) => {
        if (legacy) return params._meta === undefined ? 'legacy' : undefined;
        const meta = params._meta;
        if (!isPlainObject(meta) || !onlyKeys(meta, ENVELOPE_KEYS)) return undefined;
        if (meta[`io.modelcontextprotocol/protocolVersion`] !== MODERN_REVISION) return undefined;
        return classify(json, meta, MODERN_REVISION, 'tools/call') === 'modern' ? 'modern' : undefined;
      });
    },
  };
}
