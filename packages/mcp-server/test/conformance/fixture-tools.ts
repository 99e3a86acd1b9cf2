// The tools the official conformance suite's task scenarios call by name (greet, slow_compute,
// failing_job, protocol_error_job, confirm_delete, multi_input, test_tool_with_task), written as
// this server's own tool definitions and added through its `extraTools` option: the suite then
// judges the server's task protocol (src/tasks/task-protocol.ts: CreateTaskResult, tasks/get,
// cancel, update, the -32021 gates), which serves these fixtures' backing exactly as it serves
// run_tracker's. Only the work behind the tasks is the fixtures' own.
//
// The fixtures' jobs are kept in memory, in this module: the conformance run talks to one process.
// (Production backings keep nothing: run_tracker's task is the service's run.)
import { randomUUID } from 'node:crypto';
import { acceptedContent, type InputRequests, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { TaskBacking, TaskState } from '../../src/tool-api/task-backing.ts';
import type { ToolResult } from '../../src/tool-api/tool-context.ts';
import { CREATES, defineTool, READ_ONLY } from '../../src/tool-api/tool-definition.ts';

interface Job {
  state: TaskState;
  timer?: ReturnType<typeof setTimeout>;
  /** Requests still unanswered, the answers so far, and what the job does once all are in. */
  asked?: {
    pending: InputRequests;
    answers: Record<string, unknown>;
    then(answers: Record<string, unknown>): void;
  };
}

const jobs = new Map<string, Job>();
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

function settle(job: Job, state: TaskState): void {
  job.state = { ...state, lastUpdatedAt: new Date().toISOString() };
}

function newJob(): { id: string; job: Job } {
  const id = randomUUID();
  const job: Job = { state: { status: 'working', statusMessage: 'Started.' } };
  settle(job, job.state);
  jobs.set(id, job);
  return { id, job };
}

function finishAfter(job: Job, ms: number, end: () => TaskState): void {
  job.timer = setTimeout(() => settle(job, end()), ms).unref();
}

function ask(job: Job, requests: InputRequests, then: (answers: Record<string, unknown>) => void): void {
  job.asked = { pending: { ...requests }, answers: {}, then };
  settle(job, {
    status: 'input_required',
    statusMessage: 'Waiting for the client.',
    inputRequests: requests,
  });
}

const fixtureOutput = z.object({ message: z.string() });
const said = (message: string, isError = false): ToolResult<z.input<typeof fixtureOutput>> => ({
  structured: { message },
  text: message,
  ...(isError ? { isError: true } : {}),
});
const completed = (message: string, isError = false): TaskState => ({
  status: 'completed',
  statusMessage: 'Done.',
  result: said(message, isError),
});

const fixtureJobs: TaskBacking<{ id: string }> = {
  kind: 'conformance-fixture',
  fields: z.object({ id: z.string() }),
  ttlMs: 3_600_000,
  pollIntervalMs: 200,
  async state({ id }) {
    const job = jobs.get(id);
    if (job) return job.state;
    return {
      status: 'failed',
      statusMessage: 'Lost.',
      error: { code: -32603, message: `fixture job ${id} is not in this process (restarted?)` },
    };
  },
  async cancel({ id }) {
    const job = jobs.get(id);
    if (!job || TERMINAL.has(job.state.status)) return;
    clearTimeout(job.timer);
    job.asked = undefined;
    settle(job, { status: 'cancelled', statusMessage: 'Cancelled by the client.' });
  },
  async update({ id }, responses) {
    const job = jobs.get(id);
    const asked = job?.asked;
    if (!job || !asked) return;
    // Keys this job did not ask for are ignored; an answered key leaves the pending requests.
    for (const [key, answer] of Object.entries(responses)) {
      if (!(key in asked.pending)) continue;
      asked.answers[key] = answer;
      delete asked.pending[key];
    }
    if (Object.keys(asked.pending).length > 0) {
      settle(job, {
        status: 'input_required',
        statusMessage: 'Waiting for the client.',
        inputRequests: { ...asked.pending },
      });
      return;
    }
    job.asked = undefined;
    settle(job, { status: 'working', statusMessage: 'Resumed.' });
    asked.then(asked.answers);
  },
};

/** Started: what a fixture's CreateTaskResult carries besides the task. */
const started = (id: string, what: string) => ({
  fields: { id },
  statusMessage: `${what} started.`,
  result: said(`${what} started as a task.`),
});

/** The handler of a tool that runs only as a task: the server refuses other calls before it. */
const onlyAsTask = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} runs only as a task`);
};

const confirmSchema = z.object({ confirm: z.boolean() });
const nameSchema = z.object({ name: z.string() });
const emptyInput = z.object({});

const greet = defineTool({
  name: 'greet',
  title: 'Greet',
  description: 'Conformance fixture: a tool that never runs as a task.',
  toolset: 'runs',
  operationId: null,
  input: z.object({ name: z.string() }),
  output: fixtureOutput,
  annotations: READ_ONLY,
  async handler({ name }) {
    return said(`Hello, ${name}!`);
  },
});

const slowCompute = defineTool({
  name: 'slow_compute',
  title: 'Slow compute',
  description: 'Conformance fixture: sleeps `seconds`, as a task when the client takes tasks.',
  toolset: 'runs',
  operationId: null,
  input: z.object({ seconds: z.number().min(0).max(600), label: z.string().default('compute') }),
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    async start({ seconds, label }) {
      const { id, job } = newJob();
      finishAfter(job, seconds * 1000, () => completed(`Computed ${label} in ${seconds}s.`));
      return started(id, `slow_compute ${label}`);
    },
  },
  async handler({ seconds, label }, { signal }) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      signal.addEventListener('abort', () => clearTimeout(timer));
    });
    return said(`Computed ${label} in ${seconds}s.`);
  },
});

const failingJob = defineTool({
  name: 'failing_job',
  title: 'Failing job',
  description: 'Conformance fixture: only as a task; ends with a tool execution error after about 1 s.',
  toolset: 'runs',
  operationId: null,
  input: emptyInput,
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    required: true,
    async start() {
      const { id, job } = newJob();
      finishAfter(job, 1000, () => completed('failing_job: the job failed, as this fixture does.', true));
      return started(id, 'failing_job');
    },
  },
  handler: onlyAsTask('failing_job'),
});

const protocolErrorJob = defineTool({
  name: 'protocol_error_job',
  title: 'Protocol error job',
  description: 'Conformance fixture: only as a task; fails at the protocol level.',
  toolset: 'runs',
  operationId: null,
  input: emptyInput,
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    required: true,
    async start() {
      const { id, job } = newJob();
      finishAfter(job, 200, () => ({
        status: 'failed',
        statusMessage: 'Crashed.',
        error: { code: -32603, message: 'protocol_error_job: the job crashed, as this fixture does.' },
      }));
      return started(id, 'protocol_error_job');
    },
  },
  handler: onlyAsTask('protocol_error_job'),
});

const confirmDelete = defineTool({
  name: 'confirm_delete',
  title: 'Confirm delete',
  description: 'Conformance fixture: only as a task; asks the client to confirm, then ends.',
  toolset: 'runs',
  operationId: null,
  input: z.object({ filename: z.string() }),
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    required: true,
    async start({ filename }) {
      const { id, job } = newJob();
      const requests = {
        confirm: inputRequired.elicit({ message: `Delete ${filename}?`, requestedSchema: confirmSchema }),
      };
      ask(job, requests, (answers) => {
        const yes = acceptedContent(answers, 'confirm', confirmSchema)?.confirm === true;
        settle(job, completed(yes ? `Deleted ${filename}.` : `Kept ${filename}.`));
      });
      return started(id, 'confirm_delete');
    },
  },
  handler: onlyAsTask('confirm_delete'),
});

const multiInput = defineTool({
  name: 'multi_input',
  title: 'Multiple inputs',
  description: 'Conformance fixture: only as a task; asks two things at once, ends when both are answered.',
  toolset: 'runs',
  operationId: null,
  input: emptyInput,
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    required: true,
    async start() {
      const { id, job } = newJob();
      const requests = {
        name: inputRequired.elicit({ message: 'Your name?', requestedSchema: nameSchema }),
        confirm: inputRequired.elicit({ message: 'Go on?', requestedSchema: confirmSchema }),
      };
      ask(job, requests, (answers) => {
        const name = acceptedContent(answers, 'name', nameSchema)?.name ?? 'nobody';
        settle(job, completed(`Both answered; name ${name}.`));
      });
      return started(id, 'multi_input');
    },
  },
  handler: onlyAsTask('multi_input'),
});

const testToolWithTask = defineTool({
  name: 'test_tool_with_task',
  title: 'Input, then a task',
  description: "Conformance fixture: only as a task; asks the user's name before the task exists.",
  toolset: 'runs',
  operationId: null,
  input: emptyInput,
  output: fixtureOutput,
  annotations: CREATES,
  task: {
    backing: fixtureJobs,
    required: true,
    async start(_args, { inputResponses }) {
      const name = acceptedContent(inputResponses, 'user_name', nameSchema)?.name;
      if (name === undefined) {
        return {
          inputRequests: {
            user_name: inputRequired.elicit({ message: 'What is your name?', requestedSchema: nameSchema }),
          },
        };
      }
      const { id, job } = newJob();
      finishAfter(job, 100, () => completed(`Hello, ${name}!`));
      return started(id, 'test_tool_with_task');
    },
  },
  handler: onlyAsTask('test_tool_with_task'),
});

export const conformanceFixtures = [
  greet,
  slowCompute,
  failingJob,
  protocolErrorJob,
  confirmDelete,
  multiInput,
  testToolWithTask,
];
