// tasks/result of the 2025-era wire (src/tasks/legacy-task-wire.ts) for each state a backing can
// report: held while working, then the tool's result or the task's error; past the hold, an error
// that says to poll. The end-to-end flows are in test/integration/legacy-tasks.test.ts.
import { describe, expect, it } from 'vitest';
import { legacyTaskResult } from '../../src/tasks/legacy-task-wire.ts';
import type { TaskState } from '../../src/tool-api/task-backing.ts';

const working: TaskState = { status: 'working', statusMessage: 'Run r1 is running.' };
const completed: TaskState = {
  status: 'completed',
  statusMessage: 'Run r1 completed.',
  result: { structured: { done: true }, text: 'done' },
};
const failed: TaskState = {
  status: 'failed',
  statusMessage: 'Run r1 is gone.',
  error: { code: -32603, message: 'Run r1 was deleted.' },
};
const cancelled: TaskState = { status: 'cancelled', statusMessage: 'Cancelled.' };

/** A backing that reports `states` in turn, the last one from then on. */
function reporting(states: TaskState[]) {
  let asked = 0;
  return {
    stateNow: async () => states[Math.min(asked++, states.length - 1)] as TaskState,
    asked: () => asked,
  };
}

const toCallResult = (state: Extract<TaskState, { status: 'completed' }>) => ({
  content: [{ type: 'text' as const, text: state.result.text }],
  structuredContent: state.result.structured as Record<string, unknown>,
});

const resultOf = (states: TaskState[], holdMs: number) => {
  const backing = reporting(states);
  const answer = legacyTaskResult('t1', backing.stateNow, toCallResult, {
    holdMs,
    signal: new AbortController().signal,
  });
  return { answer, asked: backing.asked };
};

describe('legacy tasks/result', () => {
  it('answers a completed task with its result, the related task in _meta', async () => {
    const { answer } = resultOf([completed], 0);
    await expect(answer).resolves.toEqual({
      content: [{ type: 'text', text: 'done' }],
      structuredContent: { done: true },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } },
    });
  });

  it('holds a working task until it ends, asking the backing again', async () => {
    const { answer, asked } = resultOf([working, working, completed], 5000);
    await expect(answer).resolves.toMatchObject({ structuredContent: { done: true } });
    expect(asked()).toBe(3);
  });

  it.each([
    ['failed: the task error', [failed], { code: -32603, message: 'Run r1 was deleted.' }],
    ['cancelled: no result', [cancelled], { message: /was cancelled: it has no result/ }],
    [
      'still working past the hold: poll tasks/get',
      [working],
      { code: -32600, message: /still working after 0\.2s .*poll tasks\/get.*Run r1 is running\./ },
    ],
  ])('%s', async (_name, states, error) => {
    const { answer } = resultOf(states as TaskState[], 200);
    const expected =
      'message' in error && error.message instanceof RegExp
        ? { ...error, message: expect.stringMatching(error.message) }
        : error;
    await expect(answer).rejects.toMatchObject(expected);
  });
});
