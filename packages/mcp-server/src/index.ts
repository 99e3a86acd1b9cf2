// Public API of @trackerkit/mcp-server. Explicit named exports only.

export { isLoopbackHost } from '@trackerkit/core';
export { CACHE_HINTS, CATALOGUE_TTL_MS } from './cache-hints.ts';
export {
  type ArgumentCheck,
  callTool,
  checkToolArguments,
  type Logger,
  runTool,
  type ToolCallDependencies,
  type ToolCallResult,
} from './call-tool.ts';
export { type CliOptions, DEFAULT_HTTP_PORT, parseCliOptions, USAGE } from './cli-options.ts';
export { ACCEPTED_BOOLEANS, parseEnvBoolean } from './config/env-boolean.ts';
export { NO_FILES_ROOT, resolveUnderRoots } from './files/files-root.ts';
export { isPublicAddress, type SpecialAddressKind, specialAddressKind } from './files/public-address.ts';
export { type HostLookup, type ResolvedAddress, systemLookup } from './files/url-check.ts';
export {
  type ConnectAddress,
  type ConnectTarget,
  connectDirect,
  MAX_URL_REDIRECTS,
} from './files/url-fetch.ts';
export { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http-server.ts';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_MAX_CONCURRENT_REQUESTS,
  MAX_MESSAGE_BYTES,
} from './limits.ts';
export { designTrackerText } from './prompts.ts';
export { createRequestGuard, type GuardOptions, type GuardRejection } from './request-guard.ts';
export { RESOURCE_NOT_FOUND, RUN_URI_TEMPLATE, TRACKER_URI_TEMPLATE } from './resources.ts';
export { ANNOTATION_DEFAULTS, listedAnnotations, registerTools, toToolListEntry } from './sdk-adapter.ts';
export { createTrackerMcpServer, resolveToolOptions, type TrackerMcpServerOptions } from './server.ts';
export { type LimitedStdioOptions, LimitedStdioServerTransport } from './stdio-transport.ts';
export {
  defineTool,
  TOOLSETS,
  type ToolAnnotations,
  type ToolContext,
  type ToolDefinition,
  type ToolOptions,
  type ToolResult,
  type Toolset,
} from './tool-definition.ts';
export { describeProblems, describeToolError, PartialSuccessError, ToolInputError } from './tool-errors.ts';
export { type ToolSchemas, toolSchemas } from './tool-schema.ts';
export { selectTools, type ToolSelection, toolDefinitions } from './tools/index.ts';
export type { TrackerClientLike } from './tracker-client-like.ts';
export { SERVER_NAME, SERVER_VERSION } from './version.ts';
