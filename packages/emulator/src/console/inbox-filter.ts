import type { ValidationIssue } from '@trackerkit/core';
import { ValidationFailure } from '../errors/errors.ts';
import type { InboxFilter } from '../inbox/inbox.ts';

const FIELDS = ['tracker_id', 'event', 'channel', 'since', 'until'] as const;

/** `GET /_emulator/inbox?tracker_id=&event=&channel=&since=&until=`: unknown names and bad dates are 422. */
export function inboxFilter(search: URLSearchParams): InboxFilter {
  const issues: ValidationIssue[] = [];
  const filter: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!(FIELDS as readonly string[]).includes(name)) {
      issues.push({ loc: ['query', name], msg: 'Unknown filter', type: 'extra_forbidden' });
    } else if ((name === 'since' || name === 'until') && Number.isNaN(Date.parse(value))) {
      issues.push({
        loc: ['query', name],
        msg: 'Input should be an ISO 8601 datetime',
        type: 'datetime_parsing',
      });
    } else filter[name] = value;
  }
  if (issues.length > 0) throw new ValidationFailure(issues);
  return filter;
}
