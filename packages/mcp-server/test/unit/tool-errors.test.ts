import {
  TrackerApiError,
  TrackerBadRequestError,
  TrackerNetworkError,
  TrackerNotFoundError,
  TrackerRateLimitError,
  TrackerTimeoutError,
  TrackerUnprocessableError,
  TrackerValidationError,
} from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import { describeToolError, PartialSuccessError, ToolInputError } from '../../src/index.ts';

const api = (status: number, detail: TrackerApiError['detail'], extra: { retryAfterMs?: number } = {}) => ({
  status,
  method: 'GET',
  path: '/api/x',
  detail,
  requestId: undefined,
  body: { detail },
  ...extra,
});

describe('describeToolError', () => {
  it.each([
    [
      '404 tracker → list first',
      {
        given: new TrackerNotFoundError(api(404, 'Tracker not found')),
        want: [/404: Tracker not found/, /list_trackers/],
      },
    ],
    [
      '404 run → list_runs',
      { given: new TrackerNotFoundError(api(404, 'Run not found')), want: [/list_runs/] },
    ],
    [
      '429 → when to retry',
      {
        given: new TrackerRateLimitError(api(429, 'Rate limit exceeded', { retryAfterMs: 12_500 })),
        want: [/Rate limit exceeded/, /wait 13 s/],
      },
    ],
    [
      '429 without Retry-After',
      { given: new TrackerRateLimitError(api(429, 'slow down')), want: [/about a minute/] },
    ],
    [
      'zen sync → async',
      {
        given: new TrackerBadRequestError(
          api(400, 'Zen reasoning mode runs asynchronously only; send sync false.'),
        ),
        want: [/asynchronous/, /get_run/],
      },
    ],
    [
      '402 → estimate',
      { given: new TrackerBadRequestError(api(402, 'Insufficient quants')), want: [/estimate_run_cost/] },
    ],
    [
      '401 → token',
      { given: new TrackerApiError(api(401, 'Invalid or missing API token')), want: [/TRACKER_API_TOKEN/] },
    ],
    [
      '422 → names the field',
      {
        given: new TrackerUnprocessableError(
          api(422, [
            {
              loc: ['body', 'notification_config', 'lower_threshold'],
              msg: 'must be <= upper_threshold',
              type: 'value_error',
            },
          ]),
        ),
        want: [/`notification_config.lower_threshold`: must be <= upper_threshold/],
      },
    ],
    ['500 → retry later', { given: new TrackerApiError(api(503, 'down')), want: [/retry in a minute/] }],
    [
      'client validation → the field',
      {
        given: new TrackerValidationError([
          { field: 'agent_config.instruction', rule: 'maxLength', message: 'at most 1000 characters' },
        ]),
        want: [/`agent_config.instruction`: at most 1000 characters/],
      },
    ],
    [
      'tool validation → the field',
      { given: new ToolInputError('path', 'no readable file'), want: [/`path`: no readable file/] },
    ],
    [
      'timeout with run → get_run',
      { given: new TrackerTimeoutError('late', 1000, 'run_1'), want: [/run_1/, /get_run/] },
    ],
    [
      'network → TRACKER_API_URL',
      {
        given: new TrackerNetworkError('GET', '/api/spaces', true, new Error('ECONNREFUSED')),
        want: [/unreachable/, /TRACKER_API_URL/],
      },
    ],
    [
      'timeout without a run → retry, checking creates first',
      {
        given: new TrackerTimeoutError('late', 1000),
        want: [/did not answer in time/, /Retry once/, /list_\*/],
      },
    ],
    [
      'partial success → the error, then what already happened',
      {
        given: new PartialSuccessError(
          new TrackerApiError(api(503, 'down')),
          'run run_9 was started; call get_run instead of run_tracker again.',
        ),
        want: [/failed with 503: down\. .*retry in a minute.* Note: run run_9 was started; call get_run/],
      },
    ],
    [
      'anything else → its message and what to do',
      { given: new Error('boom'), want: [/^some_tool failed: boom\. This is unexpected: retry once/] },
    ],
  ])('%s', (_name, { given, want }) => {
    const text = describeToolError('some_tool', given);
    for (const pattern of want) expect(text).toMatch(pattern);
  });

  // Every failure must tell the model what to do, not only what went wrong.
  it.each([400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503])(
    'a %i answer carries the detail and a hint',
    (status) => {
      const text = describeToolError('some_tool', new TrackerApiError(api(status, 'the detail')));
      const [, hint = ''] = text.split('the detail. ');
      expect(text).toContain(`failed with ${status}: the detail.`);
      expect(hint).toMatch(/\b(call|retry|wait|fix|correct|set|send|upload|check|cannot)\b/i);
    },
  );
});
