// Which bodies a server reads: the media types an endpoint takes, in UTF-8. One rule for the
// receiver's ingest and every state-changing endpoint of the suite (request-origin.ts). JSON
// between systems is UTF-8 (RFC 8259 §8.1): a body declared in another charset would be read as
// UTF-8 all the same and mean something else than the sender meant, so it is refused, not guessed.

export interface ContentTypeRefusal {
  reason: 'unsupported_media_type' | 'unsupported_charset';
  /** Names the header and the rule, without a package prefix (each layer adds its own). */
  message: string;
}

/** The media type every JSON endpoint takes; in `accepts` it also stands for `application/*+json`. */
export const JSON_MEDIA_TYPE = 'application/json';

/** Labels of UTF-8 (the Encoding Standard's, as senders write them). No charset at all is UTF-8 too. */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

const STRUCTURED_JSON = /^application\/[a-z0-9!#$&^_.-]+\+json$/;

const accepted = (type: string, accepts: readonly string[]) =>
  accepts.some((a) => a === type || (a === JSON_MEDIA_TYPE && STRUCTURED_JSON.test(type)));

const quoted = (value: string, max: number) => JSON.stringify(value.slice(0, max));

/**
 * Why a `Content-Type` header is refused by an endpoint that reads `accepts` (lower-case media
 * types), or undefined when it is accepted: the media type must be one of them and a `charset`
 * parameter, when present, UTF-8.
 */
export function contentTypeRefusal(
  header: string | undefined,
  accepts: readonly string[],
): ContentTypeRefusal | undefined {
  const [rawType = '', ...parameters] = (header ?? '').split(';');
  const type = rawType.trim().toLowerCase();
  if (!accepted(type, accepts)) {
    return {
      reason: 'unsupported_media_type',
      message: `content-type must be ${accepts.length === 1 ? accepts[0] : `one of ${accepts.join(', ')}`}, got ${type ? quoted(type, 100) : 'none'}`,
    };
  }
  for (const parameter of parameters) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!UTF8_LABELS.has(charset)) {
      return {
        reason: 'unsupported_charset',
        message: `content-type: charset must be utf-8 (or left out, which means utf-8), got ${quoted(charset, 40)}`,
      };
    }
  }
  return undefined;
}
