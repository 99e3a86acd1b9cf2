// The contract table against the core itself: the reference every other layer is held to.
import {
  alertRuleOf,
  createUploadPlanner,
  evaluateAlert,
  extensionOf,
  fileContentProblems,
  fileNameProblems,
  imageDescriptionProblems,
  isAlertEventType,
  jsonUploadProblems,
  mayResend,
  type NotificationConfig,
  nextPage,
  type Problem,
  pacingDecision,
  parseRetryAfter,
  pathIdProblems,
  queryProblems,
  trackerCreateProblems,
  trackerUpdateProblems,
  waitDecision,
  zenSyncProblems,
} from '@trackerkit/core';
import { CSV_PARSE_OPTIONS, csvRows } from '@trackerkit/core/csv';
import { describeDetail, outcomeOfThrown, parseBody } from '@trackerkit/core/http';
import { secretProblems, verifyWebhook } from '@trackerkit/core/signing';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CASES, type Given, type Want } from './cases.ts';
import { rowsOf, signedRequest, VERIFY_NOW } from './inputs.ts';

const answer = (problems: Problem[]): Want =>
  problems.length === 0 ? 'accepted' : { field: problems[0]!.field, rule: problems[0]!.rule };

function fileProblems(given: Extract<Given, { kind: 'file' }>): Problem[] {
  const named = fileNameProblems(given.filename);
  if (named.length > 0) return named;
  const ext = extensionOf(given.filename)!;
  return [...imageDescriptionProblems(ext, given.description), ...fileContentProblems(ext, given.bytes)];
}

function run(given: Given): unknown {
  switch (given.kind) {
    case 'trackerCreate':
      return answer(trackerCreateProblems(given.body));
    case 'trackerUpdate':
      return answer(trackerUpdateProblems(given.body));
    case 'runTrigger':
      return answer(zenSyncProblems(given.body.sync, given.mode));
    case 'query':
      return answer(queryProblems(given.operation, given.query));
    case 'jsonUpload':
      return answer(jsonUploadProblems(given.body as never).problems);
    case 'file':
      return answer(fileProblems(given));
    case 'secret':
      return secretProblems(given.secret).length === 0 ? 'accepted' : 'refused';
    case 'signature': {
      const result = verifyWebhook(given.verifyWith, signedRequest(given), {
        scheme: 'standard-webhooks',
        nowMs: VERIFY_NOW,
      });
      return result.ok ? 'ok' : result.reason;
    }
    case 'eventName':
      return isAlertEventType(given.type);
    case 'alert': {
      const decision = evaluateAlert(given.config as Partial<NotificationConfig>, {
        score: given.score,
        signal: given.signal as never,
      });
      if (!decision) return null;
      return decision.rule === 'signal_level' ? 'signal_level' : decision.bound;
    }
    case 'retryAfter':
      return parseRetryAfter(given.header, VERIFY_NOW) ?? 'backoff';
    case 'resend':
      return mayResend(given.method, given.outcome);
    case 'batches': {
      const planner = createUploadPlanner({ source_name: 'contract' });
      const { batches, problem } = planner.add(rowsOf(given));
      if (problem) return 'refused';
      const last = planner.finish();
      return [...batches, ...(last ? [last] : [])].map((b) => b.rows);
    }
    case 'pacing':
      return pacingDecision({ answered: given.answered, inFlight: given.inFlight }, given.nowMs);
    case 'nextPage':
      return nextPage(given.page, {
        data: Array(given.items),
        pagination: { page: given.page, page_size: 100, total_items: 0, total_pages: given.totalPages },
      });
    case 'wait':
      return waitDecision(given.status, {
        intervalMs: given.intervalMs,
        deadlineMs: 1_000 + given.leftMs,
        nowMs: 1_000,
      });
    case 'pathId':
      return answer(pathIdProblems(given.name, given.value));
    case 'csv':
      // The core's reader configuration with the parser both readers use (csv-parse).
      try {
        return csvRows(parseCsv(given.text, CSV_PARSE_OPTIONS) as unknown[][]);
      } catch {
        return 'unreadable';
      }
    case 'httpAnswer': {
      if (given.answer === 'refused') {
        // What fetch (undici) throws when the connection is refused; the client's and the n8n
        // node's cases meet the real thing on a closed loopback port.
        const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        return { outcome: outcomeOfThrown(new TypeError('fetch failed', { cause })) };
      }
      const { status, headers = {}, body } = given.answer;
      return {
        outcome: { kind: 'status', status, retryAfter: headers['retry-after'] ?? null },
        detail: describeDetail(parseBody(body)),
      };
    }
  }
}

describe('contract: the core', () => {
  it('has at least 150 cases, each named once', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CASES.map(([name]) => name)).size).toBe(CASES.length);
  });
  it.each(CASES)('%s', (_name, { given, want }) => {
    expect(run(given)).toEqual(want);
  });
  // Keep alertRuleOf in the import list honest: the rule chosen for an empty config is signal_level.
  it('an empty config alerts by signal_level', () => expect(alertRuleOf({})).toBe('signal_level'));
});
