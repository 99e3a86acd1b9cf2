/**
 * Gathers the calls made during one turn of the event loop and hands them to `flush` together:
 * a busy receiver pays one transaction (one commit, one WAL flush) per turn, not one per alert.
 * At most `maxInFlight` flushes run at once; calls made meanwhile wait for one to end and go
 * together. That is group commit: the busier the receiver, the more alerts share a statement.
 * `flush` settles each item; a failure it does not settle rejects them all.
 */
export function turnBatch<I, R>(
  flush: (items: I[]) => Promise<Array<{ ok: true; value: R } | { ok: false; error: unknown }>>,
  maxInFlight = Number.POSITIVE_INFINITY,
) {
  let queue: Array<{ item: I; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;
  let inFlight = 0;
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => void run());
  };
  const run = async () => {
    scheduled = false;
    // The flush that ends next runs what gathered.
    if (inFlight >= maxInFlight) return;
    const group = queue;
    queue = [];
    inFlight += 1;
    try {
      const results = await flush(group.map((q) => q.item));
      for (const [i, r] of results.entries()) {
        if (r.ok) group[i]!.resolve(r.value);
        else group[i]!.reject(r.error);
      }
    } catch (error) {
      for (const q of group) q.reject(error);
    } finally {
      inFlight -= 1;
      schedule();
    }
  };
  return (item: I): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
