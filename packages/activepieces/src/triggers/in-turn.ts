// The flow's seen-record is one store value that each delivery reads, decides on and writes back.
// Activepieces' store offers get, put and delete only (no compare-and-set, no transaction), so two
// deliveries whose calls overlap would both read the record without the other's id: both start a
// flow when they are copies of one delivery, and the later write drops the earlier id when they are
// not. Within one engine process, running those read-decide-write steps one at a time per flow
// closes both; across engine processes nothing on the store's API can (the README says so).

const tails = new Map<string, Promise<void>>();

/**
 * Runs `task` once every earlier task of `key` in this process has settled (whatever its outcome),
 * and resolves or rejects as `task` does. A key leaves the map when its last task settles, so the
 * map holds only keys with work in flight.
 */
export function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(task);
  const tail = result.then(
    () => {},
    () => {},
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
