// A replica's claims are bound to a database session of its own, so that the claims of a replica
// that died are free at once rather than when their lease runs out. The replica keeps one
// connection open and idle for its whole life and records that session's backend (its pid and
// start time) in its `replicas` row. When the process dies (kill -9, a crash, an OOM kill), its
// operating system closes the socket and PostgreSQL ends the session at once; another replica's
// next claim sees that no session of the claimer is left and takes its rows. If the replica's
// machine itself vanishes (no socket closed), the server's TCP keepalives below end the session
// within about 25 s; the lease remains the bound when nothing else can tell.
import pg from 'pg';

/**
 * The replicas whose session has ended: their claims may be taken now. A replica that recorded no
 * session (an earlier version, or a tool) is never in it: its claims wait for their lease. Where
 * the database hides other sessions' start times (a role without pg_read_all_stats reading
 * another role's session), the pid alone tells. Either way a live session is never taken for an
 * ended one; an ended one passes for live only if its pid was reused, and then the lease is waited for.
 */
export const ENDED_REPLICAS = `SELECT r.id FROM replicas r
  WHERE r.session_pid IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM pg_stat_activity s
     WHERE s.pid = r.session_pid AND (s.backend_start IS NULL OR s.backend_start = r.session_start))`;

// Seconds: idle before the first probe, between probes, probes unanswered before the end.
const KEEPALIVE = { idle: 10, interval: 5, count: 3 };
const RECONNECT_MS = { first: 100, max: 5_000 };

export interface Presence {
  close(): Promise<void>;
}

export interface PresenceOptions {
  url: string;
  schema?: string;
  /** The replica's name: its `replicas` row and what its claims carry. */
  me: string;
  /** A session lost and not yet made again (its claims may be taken meanwhile): logged by the caller. */
  onLost?: (error: Error) => void;
}

/**
 * Opens the replica's own session and records it; if the session is lost while the replica runs
 * (a database restart, a network cut), it is made again and recorded again, retrying with
 * backoff. Resolves once the first session is recorded.
 */
export async function startPresence(options: PresenceOptions): Promise<Presence> {
  const settings = [
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    `-c tcp_keepalives_idle=${KEEPALIVE.idle}`,
    `-c tcp_keepalives_interval=${KEEPALIVE.interval}`,
    `-c tcp_keepalives_count=${KEEPALIVE.count}`,
  ];
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.first;

  const open = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      options: settings.join(' '),
    });
    const lost = (error: Error) => {
      if (client !== next || closed) return;
      client = undefined;
      options.onLost?.(error);
      again();
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('session ended')));
    try {
      await next.connect();
      await next.query(
        `UPDATE replicas SET session_pid = pg_backend_pid(),
           session_start = (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())
         WHERE id = $1`,
        [options.me],
      );
      // Replicas that ended holding nothing are forgotten, so the claims' look at ended ones stays
      // small however often replicas restart.
      await next.query(
        `DELETE FROM replicas WHERE id IN (${ENDED_REPLICAS}) AND NOT EXISTS (
           SELECT 1 FROM deliveries d WHERE d.state = 'pending' AND d.locked_by = replicas.id)`,
      );
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_MS.first;
  };
  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open().catch(() => {
        delay = Math.min(delay * 2, RECONNECT_MS.max);
        again();
      });
    }, delay);
    retry.unref();
  };

  await open();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
