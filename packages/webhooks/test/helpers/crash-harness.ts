/** Shared pieces of the kill -9 tests: a closed-loop sender, /metrics reads and bounded polling. */

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * Sends `indices` of `requests` to `url`, `concurrency` at a time, and records in `acked` the ones
 * answered 200. A refused connection (the receiver was killed) leaves the alert unacknowledged;
 * the sender retries it later, as a webhook sender does.
 */
export async function sendAll(
  url: string,
  requests: SignedRequest[],
  indices: number[],
  acked: Set<number>,
  concurrency = 16,
): Promise<void> {
  const queue = [...indices];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            body: requests[i]!.body,
            headers: requests[i]!.headers,
          });
          await res.text();
          if (res.status === 200) acked.add(i);
        } catch {}
      }
    }),
  );
}

/** One sample of the receiver's /metrics, e.g. `metric(port, 'x_state', 'destination="a"')`; undefined if absent. */
export async function metric(port: number, name: string, labels: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  } catch {
    return undefined;
  }
}

/** Polls `done` every 20 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
