// The client session record-replay.test.ts and prism-replay.test.ts record through a proxying
// emulator and replay: one place, so both prove things about the same realistic traffic.

export interface Seen {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Seen> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-api-key': token };
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = form ? body : JSON.stringify(body);
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * The client session: create, read twice around an update (identical requests, different answers),
 * list, run, read the run, upload rows and a file, a 404 and a 422. `after` runs between requests that need
 * the upstream to settle (the run finishing); it does nothing on replay.
 */
export async function session(baseUrl: string, token: string, spaceId: string, after: () => Promise<void>) {
  const api = (method: string, path: string, body?: unknown) => call(baseUrl, token, method, path, body);
  const out: Seen[] = [];
  const created = await api('POST', `/api/spaces/${spaceId}/trackers`, {
    name: 'Supplier risk',
    description: 'Watches supplier deliveries',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh delays', score_meaning: '10 is no risk', skills: [] },
  });
  out.push(created);
  const id = (created.body as { tracker_id: string }).tracker_id;
  out.push(await api('GET', `/api/trackers/${id}`));
  out.push(await api('PATCH', `/api/trackers/${id}`, { name: 'Supplier risk (EU)' }));
  out.push(await api('GET', `/api/trackers/${id}`));
  out.push(await api('GET', `/api/trackers?space_id=${spaceId}&page_size=5`));
  const run = await api('POST', `/api/trackers/${id}/runs`, {});
  out.push(run);
  await after();
  const runId = (run.body as { run_id: string }).run_id;
  out.push(await api('GET', `/api/trackers/${id}/runs/${runId}`));
  out.push(await api('POST', `/api/trackers/${id}/vault/sources`, { source_name: 's', data: [{ a: 1 }] }));
  // A file upload: fetch picks a new multipart boundary each time, the parts are what is matched.
  const csv = new FormData();
  csv.set('file', new Blob(['supplier,delay\nacme,3\n']), 'deliveries.csv');
  out.push(await api('POST', `/api/trackers/${id}/vault/sources`, csv));
  out.push(await api('GET', '/api/trackers/trk_missing'));
  out.push(await api('PATCH', `/api/trackers/${id}`, { run_mode: 'sometimes' }));
  return { answers: out, trackerId: id };
}

export const shape = (answers: Seen[]) =>
  answers.map((a) => ({ status: a.status, type: a.headers.get('content-type'), body: a.body }));
