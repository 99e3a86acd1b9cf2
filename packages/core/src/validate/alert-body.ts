// What every receiver of the suite's alerts reads before it trusts a verified body: JSON in UTF-8,
// nested no deeper than any step after it can copy. One rule for the n8n Alert Trigger and the
// Activepieces piece (the trackerkit receiver applies the same pieces at its HTTP edge).
import { contentTypeRefusal, JSON_MEDIA_TYPE } from '../net/content-type.ts';
import { jsonDepthRule, jsonNestsDeeper, MAX_ALERT_JSON_DEPTH } from './json-depth.ts';

export type AlertBodyCheck =
  | { ok: true; text: string }
  | {
      ok: false;
      /** The HTTP status a receiver answers: 415 media type, 400 not UTF-8, 422 nested too deep. */
      status: 400 | 415 | 422;
      reason: 'unsupported_media_type' | 'unsupported_charset' | 'invalid_utf8' | 'too_deep';
      message: string;
    };

/** The body's text, or why it is refused (a string body is text already). */
export function alertBodyCheck(contentType: string | undefined, body: Uint8Array | string): AlertBodyCheck {
  const refusedType = contentTypeRefusal(contentType, [JSON_MEDIA_TYPE]);
  if (refusedType) return { ok: false, status: 415, ...refusedType };
  let text: string;
  try {
    text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ok: false, status: 400, reason: 'invalid_utf8', message: 'body is not valid UTF-8' };
  }
  if (jsonNestsDeeper(text, MAX_ALERT_JSON_DEPTH))
    return {
      ok: false,
      status: 422,
      reason: 'too_deep',
      message: `body: ${jsonDepthRule(MAX_ALERT_JSON_DEPTH)}`,
    };
  return { ok: true, text };
}
