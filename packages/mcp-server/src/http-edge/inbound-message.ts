// The body of an HTTP request to the endpoint, parsed once: the SDK's handler takes it as
// `parsedBody` (so it neither clones the request nor parses it again), the listen feed reads its
// URIs from it, and the server made for the request registers only what the request can reach.

/** The JSON-RPC body as parsed; undefined for no body or one that is not JSON (the SDK answers those). */
export function parseInbound(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The tool a single tools/call request names; undefined for any other body (a batch too). */
export function calledToolName(message: unknown): string | undefined {
  const request = message as { method?: unknown; params?: { name?: unknown } } | undefined;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return undefined;
  if (request.method !== 'tools/call') return undefined;
  return typeof request.params?.name === 'string' ? request.params.name : undefined;
}
