/**
 * Gathers the calls made during one turn of the event loop and hands them to `flush` together:
 * a busy receiver pays one transaction (one commit, one WAL flush) per turn, not one per alert.
 * `flush` settles each item; a failure it does not settle rejects them all.
 */
export function turnBatch<I, R>(
  flush: (items: I[]) => Promise<Array<{ ok: true; value: R } | { ok: false; error: unknown }>>,
) {
  let queue: Array<{ item: I; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;
  const run = async () => {
    scheduled = false;
    const group = queue;
    queue = [];
    try {
      const results = await flush(group.map((q) => q.item));
      for (const [i, r] of results.entries()) {
        if (r.ok) group[i]!.resolve(r.value);
        else group[i]!.reject(r.error);
      }
    } catch (error) {
      for (const q of group) q.reject(error);
    }
  };
  return (item: I): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void run());
      }
    });
}
