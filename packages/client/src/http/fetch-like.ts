// What the client needs from fetch, and no more: the global fetch satisfies it unchanged, and so
// can a leaner implementation (the MCP server's, on undici's request) with no web Request,
// Headers or streams per call.

/** One request as the transport sends it; `signal` aborts it (the caller's abort and the timeout). */
export interface FetchLikeInit {
  method: string;
  headers: Record<string, string>;
  /** A JSON text or a multipart form. */
  body?: string | FormData | undefined;
  signal: AbortSignal;
}

/** The answer, as much of it as the transport reads: the body is read once, as text. */
export interface FetchLikeResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * Sends one request. A failure on the way (refused, reset, a DNS error) rejects with an error
 * whose code, or whose `cause`'s, names it (core's outcomeOfThrown reads both).
 */
export type FetchLike = (url: string, init: FetchLikeInit) => Promise<FetchLikeResponse>;
