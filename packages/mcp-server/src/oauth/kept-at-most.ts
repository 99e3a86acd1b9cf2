// A memo of at most `max` entries, the oldest going first when a new one comes: what the OAuth path
// keeps between calls (verified tokens, opened token rows) stays bounded however many users call.

export function keptAtMost<V>(max: number) {
  const entries = new Map<string, V>();
  return {
    get: (key: string): V | undefined => entries.get(key),
    set(key: string, value: V) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
  };
}
