// CPU time a process has used (utime + stime from /proc/PID/stat, every thread included), in µs:
// what a server spends per alert does not depend on who else is on the machine, as a rate does.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_US = 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/** CPU-µs used so far by `pid` (0 once it has gone). */
export function cpuMicros(pid: number): number {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command name, which may hold spaces: rest[0] is field 3 (state); utime is 14, stime 15.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) * TICK_US;
}

/** CPU-µs of every PostgreSQL process now, by pid (backends started later count from zero). */
export function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres')
        out.set(Number(name), cpuMicros(Number(name)));
    } catch {}
  }
  return out;
}

/** The pids of the backends serving connections named `applicationName`. */
export async function backendPids(url: string, applicationName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU-µs the backends in `pids` used since `before` (a `postgresCpu` snapshot). */
export function backendCpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuMicros(pid) - (before.get(pid) ?? 0), 0);
}

/** The 1-minute load average, to say how busy the machine was. */
export const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
