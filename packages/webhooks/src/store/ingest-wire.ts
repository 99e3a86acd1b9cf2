import type { RouteMatch } from '../router/types.ts';
import type { IngestItem, IngestResult } from './types.ts';

// What crosses to the commit thread and back. Structured clone walks objects key by key; a flat
// array of strings and numbers is far cheaper to copy, and every request pays for it twice.

/** One flat array for many items: per item 7 fields, a match count, then per match its fields. */
export type WireItems = Array<string | number | null>;
/** Per result: alert id (-1 for a duplicate) and deliveries. */
export type WireResults = number[];

// A match's muted flag and hold share one number: bit 0 muted, the rest an index into HELD.
const HELD = [undefined, 'silenced', 'inhibited'] as const;
const holdCode = (m: RouteMatch) => (m.muted ? 1 : 0) | (HELD.indexOf(m.held) << 1);

export function encodeItems(items: readonly IngestItem[]): WireItems {
  const out: WireItems = [];
  for (const item of items) {
    out.push(
      item.source,
      item.webhookId,
      item.eventType,
      item.known ? 1 : 0,
      item.body,
      item.repeatScope,
      item.resolves,
      item.matches.length,
    );
    for (const match of item.matches) {
      out.push(match.path, match.repeatIntervalMs, holdCode(match), match.destinations.length);
      for (const destination of match.destinations) out.push(destination);
    }
  }
  return out;
}

export function decodeItems(wire: WireItems): IngestItem[] {
  const items: IngestItem[] = [];
  let i = 0;
  while (i < wire.length) {
    const item: IngestItem = {
      source: wire[i++] as string,
      webhookId: wire[i++] as string,
      eventType: wire[i++] as string,
      known: wire[i++] === 1,
      body: wire[i++] as string,
      repeatScope: wire[i++] as string | null,
      resolves: wire[i++] as string | null,
      matches: [],
    };
    const matchCount = wire[i++] as number;
    for (let m = 0; m < matchCount; m++) {
      const path = wire[i++] as string;
      const repeatIntervalMs = wire[i++] as number;
      const code = wire[i++] as number;
      const destinationCount = wire[i++] as number;
      const destinations = wire.slice(i, i + destinationCount) as string[];
      i += destinationCount;
      const match: RouteMatch = { path, destinations, repeatIntervalMs, muted: (code & 1) === 1 };
      const held = HELD[code >> 1];
      if (held) match.held = held;
      item.matches.push(match);
    }
    items.push(item);
  }
  return items;
}

export function encodeResults(results: readonly IngestResult[]): WireResults {
  const out: WireResults = [];
  for (const r of results) out.push(r.duplicate ? -1 : (r.alertId ?? 0), r.deliveries);
  return out;
}

export function decodeResult(wire: WireResults, index: number): IngestResult {
  const alertId = wire[2 * index]!;
  return alertId === -1
    ? { duplicate: true, alertId: null, deliveries: 0 }
    : { duplicate: false, alertId, deliveries: wire[2 * index + 1]! };
}
