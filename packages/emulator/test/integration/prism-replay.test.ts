// Prism as a validating proxy over a replayed recording: a client session (trackers created, read,
// updated and listed, a run, rows and a file uploaded, a 404 and a 422, then the lists a client reads
// after) is recorded through a proxying emulator, replayed by a third emulator with no upstream, and
// sent again through Prism in front of the replayer. Prism must find every replayed answer within the
// document, and the replayer must have had an answer for every request Prism forwarded.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/index.ts';
import { type RunningPrism, startPrism, violationsOf } from './prism.ts';
import { call, type Seen, session, shape } from './recorded-session.ts';

const dir = mkdtempSync(join(tmpdir(), 'trackerkit-prism-replay-'));
const running: RunningEmulator[] = [];
const prisms: RunningPrism[] = [];
afterAll(async () => {
  for (const prism of prisms) prism.stop();
  for (const emu of running) await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (options: Parameters<typeof startEmulator>[0]) => {
  const emu = await startEmulator({
    clock: 'manual',
    clockStart: '2030-01-01T00:00:00Z',
    validateResponses: true,
    log: () => {},
    ...options,
  });
  running.push(emu);
  return emu;
};

/** What a client reads once the session's writes are done: the lists, with their filters. */
async function readBack(baseUrl: string, token: string, trackerId: string, runId: string) {
  const api = (path: string) => call(baseUrl, token, 'GET', path);
  const t = `/api/trackers/${trackerId}`;
  return [
    await api('/api/spaces?page=1&page_size=5'),
    await api(`${t}/runs?status=completed&min_score=0&max_score=10`),
    await api(`${t}/runs/${runId}`),
    await api(`${t}/vault/sources`),
    await api(`${t}/vault/recent?limit=5&content_types=json,text&since_hours=24`),
  ];
}

async function whole(baseUrl: string, token: string, spaceId: string, after: () => Promise<void>) {
  const { answers, trackerId } = await session(baseUrl, token, spaceId, after);
  const runId = String((answers[5]?.body as { run_id?: string } | undefined)?.run_id);
  return { answers: [...answers, ...(await readBack(baseUrl, token, trackerId, runId))], trackerId };
}

it('finds 0 violations in a recorded session replayed behind it', { timeout: 120_000 }, async () => {
  const upstream = await start({ token: 'qapi_upstream_secret_token_0123456789' });
  const file = join(dir, 'session.jsonl');
  const recorder = await start({ proxyTo: upstream.baseUrl, record: file });
  const recorded = await whole(recorder.baseUrl, upstream.token, upstream.spaceId, () => upstream.idle());
  const statuses = [201, 200, 200, 200, 200, 202, 200, 201, 201, 404, 422, 200, 200, 200, 200, 200];
  expect(recorded.answers.map((a) => a.status)).toEqual(statuses);

  const replayer = await start({ replay: file });
  const prism = await startPrism(replayer.baseUrl);
  prisms.push(prism);
  const replayed = await whole(prism.url, 'qapi_any', upstream.spaceId, async () => {});

  // Prism forwarded every request and the replayer answered each from the recording.
  expect(shape(replayed.answers).map(({ status, body }) => ({ status, body }))).toEqual(
    shape(recorded.answers).map(({ status, body }) => ({ status, body })),
  );
  replayer.requests.verify({}, { count: statuses.length, notStatus: 501 });

  // Prism finds every replayed answer within the document, and every request valid but the one
  // that is bad on purpose (run_mode outside its enum, answered 422).
  expect(found(replayed.answers, 'response')).toEqual([]);
  expect(found(replayed.answers, 'request')).toEqual([
    expect.stringMatching(/^#10 422 request\.body\.run_mode: /),
  ]);
  for (const emu of running) expect(emu.contractViolations()).toEqual([]);

  // The control: the same recording with one answer broken (the tracker's name a number) is caught.
  const [header, ...exchanges] = readFileSync(file, 'utf8').trim().split('\n');
  const tampered = exchanges.map((line, i) => {
    const exchange = JSON.parse(line);
    if (i === 1) exchange.response_body.name = 42;
    return JSON.stringify(exchange);
  });
  writeFileSync(join(dir, 'tampered.jsonl'), `${[header, ...tampered].join('\n')}\n`);
  const broken = await startEmulator({ replay: join(dir, 'tampered.jsonl'), log: () => {} });
  running.push(broken);
  const judge = await startPrism(broken.baseUrl);
  prisms.push(judge);
  const again = await whole(judge.url, 'qapi_any', upstream.spaceId, async () => {});
  expect(found(again.answers, 'response')).toEqual([expect.stringMatching(/^#1 200 response\.body\.name: /)]);
});

/** Prism's findings of one kind in a list of answers, each with its place in the session. */
const found = (answers: Seen[], where: 'request' | 'response') =>
  answers.flatMap((a, i) =>
    violationsOf(a.headers)
      .filter((v) => v.location[0] === where)
      .map((v) => `#${i} ${a.status} ${v.location.join('.')}: ${v.message}`),
  );
