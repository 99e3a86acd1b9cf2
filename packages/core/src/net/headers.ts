// Reading a request's headers as node or Fetch gives them. Here, not beside the signing code, so
// the rulebook's entry (the origin rule uses it) carries no Node-only crypto.

/** Headers as node gives them (lower-case names) or a Fetch `Headers`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** One header's value, case-insensitively; repeated headers are joined as HTTP allows. */
export function getHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  const record = headers as Record<string, string | string[] | undefined>;
  let value = Object.hasOwn(record, lower) ? record[lower] : undefined;
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
    value = key === undefined ? undefined : record[key];
  }
  return Array.isArray(value) ? value.join(', ') : value;
}
