// The peer: a real Alertmanager (Debian's prometheus-alertmanager), alone in its process, taking
// alerts on /api/v2/alerts and sending each (group_by: ['...'], so every alert is a group of its
// own) after group_wait 100ms to a webhook sink. Absent binary: the bench says so and goes on.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../test/helpers/spawn-receiver.ts';
import { type LoadRequest, nextSequence } from './load.ts';
import { adopt } from './spawn.ts';

export const ALERTMANAGER_BIN = process.env.BENCH_ALERTMANAGER ?? '/usr/bin/prometheus-alertmanager';

export async function startAlertmanager(
  dir: string,
  sink: URL,
): Promise<{ url: URL; child: ChildProcess } | undefined> {
  if (!existsSync(ALERTMANAGER_BIN)) return undefined;
  const config = join(dir, 'alertmanager.yml');
  writeFileSync(
    config,
    `route:
  receiver: sink
  group_by: ['...']
  group_wait: 100ms
  group_interval: 5m
  repeat_interval: 4h
receivers:
  - name: sink
    webhook_configs:
      - url: '${sink.href}'
        send_resolved: false
`,
  );
  const port = await freePort();
  // Adopted: killAll stops it with the bench's other servers (its open stderr would keep the bench alive).
  const child = adopt(
    spawn(
      ALERTMANAGER_BIN,
      [
        `--config.file=${config}`,
        `--storage.path=${join(dir, 'alertmanager-data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    ),
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`alertmanager exited ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/-/ready`)).ok) break;
    } catch {}
    if (i > 200) throw new Error(`alertmanager not ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: new URL(`${base}/api/v2/alerts`), child };
}

/** One distinct alert as Prometheus posts it to /api/v2/alerts (a list of one), carrying `run_<seq>`. */
export function alertmanagerAlert(): LoadRequest {
  const seq = nextSequence();
  const body = JSON.stringify([
    {
      labels: {
        alertname: 'TrackerAlert',
        tracker_id: `trk_${seq % 50}`,
        run_id: `run_${seq}`,
        signal: 'Negative',
      },
      annotations: {
        summary: 'ACME supplier risk: score 2',
        description: 'Two shipments are more than a week late and a lender filed a notice.',
      },
      startsAt: new Date().toISOString(),
      generatorURL: 'http://127.0.0.1/trackers/trk_1',
    },
  ]);
  return {
    body,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  };
}
