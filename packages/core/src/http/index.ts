// @trackerkit/core/http: the edge every layer that calls the service shares (the client, the n8n
// node): requests typed from the document's `paths`, the request path and its id rule, the answer's
// body and `detail`, and what a thrown request means for the retry rule (sendWithRetries, in the
// rulebook's entry). And the other side of the edge, every server of the suite (the receiver, the
// MCP server, the emulator's console): who may reach an endpoint and change state through it
// (originRefusal). Sans I/O like the rest of the core: the caller brings fetch or its own server.
export { describeDetail, detailOf, parseBody } from './answer.ts';
export type {
  ApiPath,
  BodyOf,
  HttpMethod,
  MethodsOf,
  ParamsOf,
  QueryOf,
  ResultOf,
} from './paths.ts';
export {
  allowedHostnames,
  asHostname,
  LOOPBACK_HOSTNAMES,
  type OriginCredentials,
  type OriginPolicy,
  type OriginRefusal,
  originRefusal,
} from './request-origin.ts';
export { expandPath, requestPathProblems } from './request-path.ts';
export { outcomeOfThrown } from './thrown.ts';
