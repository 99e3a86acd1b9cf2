// What a request that threw tells the retry rule: refused (nothing was sent, so even a POST may be
// resent), a timeout, or another network failure. fetch (undici) puts the system error in `cause`,
// axios (n8n's helper) on the error itself and may wrap it again; happy eyeballs reports one error per
// address tried, in an AggregateError's `errors`. undici's `request` (the MCP server's lean fetch)
// throws the system error itself, and its own errors carry UND_ERR_* codes (fetch puts those in
// `cause`): its timers' as timeouts, a socket closed under a request as the network's.
import type { Outcome } from '../retry/retry-decision.ts';

const TIMEOUTS = new Set([
  'ETIMEDOUT',
  'ECONNABORTED',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const NETWORK = new Set([
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
]);

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** The outcome of a thrown request error; undefined when nothing on its cause chain names the network's. */
export function outcomeOfThrown(error: unknown): Outcome | undefined {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const errors = (at as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => codeOf(e) === 'ECONNREFUSED')) {
      return { kind: 'refused' };
    }
    const code = codeOf(at);
    if (code === 'ECONNREFUSED') return { kind: 'refused' };
    if (typeof code === 'string' && TIMEOUTS.has(code)) return { kind: 'timeout' };
    if (typeof code === 'string' && NETWORK.has(code)) return { kind: 'network' };
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}
