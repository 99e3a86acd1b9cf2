// Public API of @trackerkit/mcp-server. Explicit named exports only.

export { isLoopbackHost } from '@trackerkit/core';
export { type CliOptions, DEFAULT_HTTP_PORT, parseCliOptions, USAGE } from './config/cli-options.ts';
export { ACCEPTED_BOOLEANS, parseEnvBoolean } from './config/env-boolean.ts';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_MAX_CONCURRENT_REQUESTS,
  MAX_MESSAGE_BYTES,
} from './config/limits.ts';
export type { Logger } from './config/logger.ts';
export { TOOLSETS, type Toolset } from './config/toolsets.ts';
export { SERVER_NAME, SERVER_VERSION } from './config/version.ts';
export { NO_FILES_ROOT, resolveUnderRoots } from './files/files-root.ts';
export { isPublicAddress, type SpecialAddressKind, specialAddressKind } from './files/public-address.ts';
export { systemLookup } from './files/url-check.ts';
export { connectDirect, MAX_URL_REDIRECTS } from './files/url-fetch.ts';
export { createRequestGuard, type GuardOptions, type GuardRejection } from './http-edge/request-guard.ts';
export { RESOURCE_NOT_FOUND, RUN_URI_TEMPLATE, TRACKER_URI_TEMPLATE } from './resources/resources.ts';
export { CACHE_HINTS, CATALOGUE_TTL_MS } from './server/cache-hints.ts';
export { designTrackerText } from './server/prompts.ts';
export {
  ANNOTATION_DEFAULTS,
  listedAnnotations,
  registerTools,
  toToolListEntry,
} from './server/sdk-adapter.ts';
export { createTrackerMcpServer, resolveToolOptions, type TrackerMcpServerOptions } from './server/server.ts';
export type { TrackerClientLike } from './service/tracker-client-like.ts';
export {
  type ArgumentCheck,
  callTool,
  checkToolArguments,
  runTool,
  type ToolCallDependencies,
  type ToolCallResult,
} from './tool-api/call-tool.ts';
export type { ToolContext, ToolOptions, ToolResult } from './tool-api/tool-context.ts';
export { defineTool, type ToolAnnotations, type ToolDefinition } from './tool-api/tool-definition.ts';
export {
  describeProblems,
  describeToolError,
  PartialSuccessError,
  ToolInputError,
} from './tool-api/tool-errors.ts';
export { type ToolSchemas, toolSchemas } from './tool-api/tool-schema.ts';
export type { ConnectAddress, ConnectTarget, HostLookup, ResolvedAddress } from './tool-api/url-seams.ts';
export { selectTools, type ToolSelection, toolDefinitions } from './tools/index.ts';
export { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './transport/http-server.ts';
export { type LimitedStdioOptions, LimitedStdioServerTransport } from './transport/stdio-transport.ts';
