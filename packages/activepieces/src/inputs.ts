// Turning Activepieces property values into request bodies. No rule of the service lives here: the
// bodies go to the client, which checks them against the document before sending.
import { TrackerValidationError } from '@trackerkit/client';

/** A JSON property's value (Activepieces hands an object, or the text typed into it). */
export function jsonObject(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw invalid(field, `must be a JSON object (${(error as Error).message})`);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(field, 'must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** A list of objects from a JSON or array property (vault rows). */
export function jsonRows(value: unknown, field: string): Record<string, unknown>[] {
  const parsed = typeof value === 'string' ? parseOr(value, field) : value;
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  rows.forEach((row, index) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      throw invalid(`${field}[${index}]`, 'must be a JSON object');
  });
  return rows as Record<string, unknown>[];
}

function parseOr(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(field, `must be JSON (${(error as Error).message})`);
  }
}

/** Drops the fields the user left empty, so only what was given is sent. */
export function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

const invalid = (field: string, message: string) =>
  new TrackerValidationError([{ field, rule: 'json', message: `${field} ${message}` }]);
