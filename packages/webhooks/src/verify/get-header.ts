import type { HeaderSource } from './types.ts';

/** One header's value, case-insensitively; repeated headers are joined as HTTP allows. */
export function getHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[lower];
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
    value = key === undefined ? undefined : record[key];
  }
  return Array.isArray(value) ? value.join(', ') : value;
}
