// The action workflows of n8n.e2e.test.ts, each run with `n8n execute --id`: create, upload, run, list,
// errors and Continue On Fail, failed runs, the daily-summary example. Registered inside its describe,
// after startE2e; the first test keeps its execution in env.actions for the trigger suite.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DAILY_EXAMPLE, type E2eEnv, FAILURE, first, ROWS } from './e2e-env.ts';
import { CUSTOM_SKILL } from './workflows.ts';

export function actionsSuite(env: E2eEnv) {
  it('creates a tracker, uploads 2,500 items in 3 requests, runs it and lists runs by signal', async () => {
    const { n8n, proxy, api } = env;
    env.actions = await n8n.execute('wfActions01');
    const tracker = first(env.actions, 'Create Tracker') as {
      tracker_id: string;
      name: string;
      vault_ttl_days: number;
      agent_config: { reasoning_mode: string };
      notification_config: unknown;
    };
    expect(tracker.name).toBe('ACME supplier risk');
    expect(tracker.agent_config.reasoning_mode).toBe('advanced');
    expect(tracker.vault_ttl_days).toBe(30);
    expect(tracker.notification_config).toMatchObject({
      webhook_enabled: true,
      notify_below: true,
      lower_threshold: 3,
    });

    expect(env.actions['Fetch Rows']).toHaveLength(ROWS);
    const uploads = proxy.seen.filter(
      (r) =>
        r.method === 'POST' && r.path.endsWith('/vault/sources') && r.type.startsWith('application/json'),
    );
    expect(uploads.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(env.actions['Upload Rows']?.map((item) => item.json.rows_processed)).toEqual([1000, 1000, 500]);
    const sources = await api<{ data: Array<{ name: string; data_count: number }> }>(
      'GET',
      `/api/trackers/${tracker.tracker_id}/vault/sources`,
    );
    expect(sources.data.filter((source) => source.name === 'deliveries')).toEqual([
      expect.objectContaining({ name: 'deliveries', data_count: ROWS }),
    ]);

    const run = first(env.actions, 'Trigger Run') as { run_id: string; status: string; result: unknown };
    expect(run.status).toBe('completed');
    expect(run.result).toMatchObject({ score: 2, signal: 'Negative' });
    const negative = env.actions['Negative Runs']?.map((item) => item.json.run_id);
    expect(negative).toEqual([run.run_id]);
    const filtered = proxy.seen.filter(
      (r) => r.path.includes('/runs?') && r.path.includes('signal=Negative'),
    );
    expect(filtered.length).toBeGreaterThan(0);

    // Version 2's Skills: the chosen known skills, then the custom ids, each once.
    const withSkills = first(env.actions, 'Create With Skills') as { agent_config: { skills: string[] } };
    expect(withSkills.agent_config.skills).toEqual(['web_research', 'stock_research', CUSTOM_SKILL]);
    // Update in version 2 replaces the list with the chosen skills, then the custom ids.
    const updated = first(env.actions, 'Update Skills') as { agent_config: { skills: string[] } };
    expect(updated.agent_config.skills).toEqual(['financial_markets', CUSTOM_SKILL]);
  }, 300_000);

  it('uploads files that earlier nodes produced as binary data (Vault › Upload File)', async () => {
    const { proxy, api } = env;
    const trackerId = String(first(env.actions, 'Create Tracker').tracker_id);
    expect(first(env.actions, 'Upload File')).toMatchObject({
      name: 'late-deliveries.csv',
      source_type: 'CSV',
      rows_processed: 3,
      is_new_source: true,
    });
    expect(first(env.actions, 'Upload Image')).toMatchObject({
      name: 'delivery chart',
      source_type: 'PNG',
      description: 'Late deliveries per week, as a bar chart',
    });
    const sources = await api<{ data: Array<{ name: string; source_type: string; data_count: number }> }>(
      'GET',
      `/api/trackers/${trackerId}/vault/sources`,
    );
    expect(sources.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'late-deliveries.csv', source_type: 'CSV', data_count: 3 }),
        expect.objectContaining({ name: 'delivery chart', source_type: 'PNG', data_count: 1 }),
      ]),
    );
    const recent = await api<{ results: Array<{ source_name: string; content: unknown }> }>(
      'GET',
      `/api/trackers/${trackerId}/vault/recent?limit=10`,
    );
    const csvRows = recent.results.filter((item) => item.source_name === 'late-deliveries.csv');
    expect(csvRows).toHaveLength(3);
    expect(JSON.stringify(csvRows)).toContain('SKU-3');
    // One multipart request per file.
    const uploads = proxy.seen.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/vault/sources') && r.type.startsWith('multipart/'),
    );
    expect(uploads.map((r) => r.status)).toEqual([201, 201]);
  });

  it('reports a bad parameter before any request and the service detail of an API error', async () => {
    const { n8n, proxy, watchedTrackerId } = env;
    const before = proxy.seen.length;
    const out = await n8n.execute('wfErrors0001');
    const bad = out['Bad Name']?.[0]?.json as { error: string };
    expect(bad.error).toContain(
      'Name: String should have at most 50 characters (field name, rule maxLength: 50)',
    );
    const unknown = out['Unknown Tracker']?.[0]?.json as { error: string };
    expect(unknown.error).toMatch(/404.*Tracker not found/);
    const sent = proxy.seen.slice(before);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    expect(sent.filter((r) => r.path.includes('trk_does-not-exist')).map((r) => r.status)).toEqual([
      404, 404,
    ]);

    // Continue On Fail: the good item's result and the bad item's error, each paired with its input.
    const each = out['Get Each'] ?? [];
    expect(each).toHaveLength(2);
    expect(each[0]?.json).toMatchObject({ tracker_id: watchedTrackerId });
    expect(each[0]?.pairedItem).toMatchObject({ item: 0 });
    expect(String(each[1]?.json.error)).toMatch(/404.*Tracker not found/);
    expect(each[1]?.pairedItem).toMatchObject({ item: 1 });
  }, 300_000);

  it('fails on a failed run with its error_message, or returns it as an item when asked', async () => {
    const { n8n } = env;
    const out = await n8n.execute('wfFailed0001');
    const continued = out['Failing Run'] ?? [];
    expect(continued).toHaveLength(1);
    expect(Object.keys(continued[0]?.json ?? {})).toEqual(['error']);
    expect(String(continued[0]?.json.error)).toMatch(/^Run run_\S+ failed: /);
    expect(String(continued[0]?.json.error)).toContain(FAILURE);
    expect(first(out, 'Failed As Item')).toMatchObject({
      status: 'failed',
      result: null,
      error_message: FAILURE,
    });
  }, 300_000);

  it('routes a failed run of the daily-summary example to its failure notice, not the summary', async () => {
    const { n8n } = env;
    const out = await n8n.execute('wfDailySum01');
    expect(out['Send Summary']).toBeUndefined();
    const notice = out['Send Failure Notice'] ?? [];
    expect(notice).toHaveLength(1);
    expect(String(notice[0]?.json.error)).toContain(FAILURE);
    const example = JSON.parse(readFileSync(DAILY_EXAMPLE, 'utf8')) as {
      nodes: Array<{ name: string; parameters: { text?: string } }>;
    };
    // The notice's text is the field the error output carries.
    expect(example.nodes.find((n) => n.name === 'Send Failure Notice')?.parameters.text).toBe(
      '={{ $json.error }}',
    );
  }, 300_000);
}
