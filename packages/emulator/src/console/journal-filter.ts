import type { ValidationIssue } from '@trackerkit/core';
import { ValidationFailure } from '../errors/errors.ts';
import type { JournalFilter } from '../journal/journal.ts';

const TEXT = [
  'operation_id',
  'method',
  'path',
  'space_id',
  'tracker_id',
  'run_id',
  'source_id',
  'account_id',
] as const;

const whole = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);

/**
 * `GET /_emulator/requests?operation_id=&tracker_id=&status=429,503&since=&limit=`: the JS API's
 * filter in query form (`status` a comma-separated list); unknown names and non-numbers are 422.
 */
export function journalQuery(search: URLSearchParams): { filter: JournalFilter; limit?: number } {
  const issues: ValidationIssue[] = [];
  const filter: JournalFilter = {};
  let limit: number | undefined;
  const number = (name: string, value: string) => {
    const n = whole(value);
    if (n === null)
      issues.push({ loc: ['query', name], msg: 'Input should be a whole number', type: 'int_parsing' });
    return n ?? 0;
  };
  for (const [name, value] of search) {
    if ((TEXT as readonly string[]).includes(name)) filter[name as (typeof TEXT)[number]] = value;
    else if (name === 'status') filter.status = value.split(',').map((s) => number(name, s.trim()));
    else if (name === 'since') filter.since = number(name, value);
    else if (name === 'limit') limit = number(name, value);
    else issues.push({ loc: ['query', name], msg: 'Unknown filter', type: 'extra_forbidden' });
  }
  if (issues.length > 0) throw new ValidationFailure(issues);
  return limit === undefined ? { filter } : { filter, limit };
}
