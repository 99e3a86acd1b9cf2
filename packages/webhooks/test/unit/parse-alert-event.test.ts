import { describe, expect, it } from 'vitest';
import { WebhooksError } from '../../src/errors.ts';
import { knownEventTypes } from '../../src/events/alert-schemas.ts';
import { parseAlertEvent } from '../../src/events/parse-alert-event.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';

function failure(input: unknown): string {
  try {
    parseAlertEvent(typeof input === 'string' ? input : JSON.stringify(input));
  } catch (error) {
    expect(error).toBeInstanceOf(WebhooksError);
    expect((error as WebhooksError).status).toBe(400);
    return (error as WebhooksError).message;
  }
  return 'ok';
}

describe('parseAlertEvent', () => {
  it('parses the document examples of both event types', () => {
    expect(parseAlertEvent(JSON.stringify(exampleAlert())).known).toBe(true);
    expect(parseAlertEvent(Buffer.from(JSON.stringify(exampleResolved()))).event.type).toBe(
      'tracker.alert.resolved',
    );
  });

  it('knows exactly the event types of the document', () => {
    expect(knownEventTypes().sort()).toEqual(['tracker.alert', 'tracker.alert.resolved']);
  });

  it('keeps unknown fields at every level', () => {
    const input = { ...exampleAlert(), extra: 1, data: { ...exampleAlert().data, future_field: 'x' } };
    const { event } = parseAlertEvent(JSON.stringify(input));
    expect(event).toMatchObject({ extra: 1, data: { future_field: 'x' } });
  });

  const { tracker_name: _n, ...withoutName } = exampleAlert().data;
  const cases: Array<[string, { given: unknown; want: RegExp }]> = [
    [
      'missing required field',
      { given: { ...exampleAlert(), data: withoutName }, want: /data\.tracker_name: required/ },
    ],
    ['score out of range', { given: exampleAlert({ score: 11 }), want: /data\.score: maximum: 10$/ }],
    ['signal not in the enum', { given: exampleAlert({ signal: 'Great' as 'Poor' }), want: /data\.signal/ }],
    [
      'bound not lower/upper/null',
      { given: exampleAlert({ bound: 'middle' as 'lower' }), want: /data\.bound/ },
    ],
    ['url not a URI', { given: exampleAlert({ url: 'not a url' }), want: /data\.url/ }],
    [
      'missing data',
      { given: { type: 'tracker.alert', timestamp: '2026-11-21T08:00:05Z' }, want: /data: required/ },
    ],
    ['not JSON', { given: '{"type":', want: /not valid JSON/ }],
    ['not an object', { given: '[1,2]', want: /must be a JSON object/ }],
    ['no type', { given: { data: {} }, want: /type: required/ }],
  ];
  it.each(cases)('%s is a 400 naming the field', (_name, { given, want }) =>
    expect(failure(given)).toMatch(want),
  );

  it('names every problem, each with its field and the rule', () => {
    const given = { ...exampleAlert(), timestamp: 'yesterday', data: { ...exampleAlert().data, score: 'x' } };
    expect(failure(given)).toBe(
      '@trackerkit/webhooks: timestamp: format: date-time; data.score: type: number',
    );
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a type of %s is an unknown event, not a lookup on Object',
    (type) => {
      expect(parseAlertEvent(`{"type":${JSON.stringify(type)},"data":{}}`).known).toBe(false);
    },
  );

  it('returns unknown event types as unknown, unvalidated', () => {
    const parsed = parseAlertEvent('{"type":"tracker.deleted","data":{"anything":true}}');
    expect(parsed).toEqual({ known: false, event: { type: 'tracker.deleted', data: { anything: true } } });
  });
});
