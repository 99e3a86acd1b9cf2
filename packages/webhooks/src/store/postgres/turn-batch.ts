/**
 * Gathers the calls made while the previous flush runs (or, when none runs, during one turn of
 * the event loop) and hands them to `flush` together, one flush at a time: group commit. A busy
 * receiver pays one statement (one start, one commit, one WAL flush) per flush, not one per alert,
 * and the busier it is, the more alerts share one.
 * `flush` settles each item; a failure it does not settle rejects them all.
 */
export function turnBatch<I, R>(
  flush: (items: I[]) => Promise<Array<{ ok: true; value: R } | { ok: false; error: unknown }>>,
) {
  let queue: Array<{ item: I; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;
  let running = false;
  // While a flush runs, nothing is scheduled: its end schedules what gathered.
  const schedule = () => {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => void run());
  };
  const run = async () => {
    scheduled = false;
    const group = queue;
    queue = [];
    running = true;
    try {
      const results = await flush(group.map((q) => q.item));
      for (const [i, r] of results.entries()) {
        if (r.ok) group[i]!.resolve(r.value);
        else group[i]!.reject(r.error);
      }
    } catch (error) {
      for (const q of group) q.reject(error);
    } finally {
      running = false;
      schedule();
    }
  };
  return (item: I): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
