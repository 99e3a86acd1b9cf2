import type { JournalEntry } from './journal-entry.ts';

/**
 * Which requests to read. Every field narrows; `tracker_id` and the other ids match a path
 * parameter, and `space_id` also the `space_id` query of listTrackers.
 */
export interface JournalFilter {
  operation_id?: string;
  method?: string;
  /** The raw path (`/v1/api/trackers/trk_1`), exactly. */
  path?: string;
  space_id?: string;
  tracker_id?: string;
  run_id?: string;
  source_id?: string;
  account_id?: string;
  /** One status or any of several. */
  status?: number | readonly number[];
  /** Only entries received after this `seq`. */
  since?: number;
}

/** What `verify` expects of the matching requests. */
export interface JournalExpectation {
  /** Exactly this many. */
  count?: number;
  min?: number;
  max?: number;
  /** None of them answered with this status (or any of these). */
  notStatus?: number | readonly number[];
}

const ID_FIELDS = ['tracker_id', 'run_id', 'source_id'] as const;

const asList = (value: number | readonly number[]): readonly number[] =>
  typeof value === 'number' ? [value] : value;

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.operation_id !== undefined && entry.operation_id !== filter.operation_id) return false;
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined && entry.path !== filter.path) return false;
  if (filter.account_id !== undefined && entry.account_id !== filter.account_id) return false;
  if (filter.since !== undefined && entry.seq <= filter.since) return false;
  if (filter.status !== undefined && !asList(filter.status).includes(entry.status)) return false;
  for (const field of ID_FIELDS) {
    if (filter[field] !== undefined && entry.params[field] !== filter[field]) return false;
  }
  if (filter.space_id !== undefined) {
    const space = entry.params.space_id ?? entry.query.space_id;
    if (space !== filter.space_id) return false;
  }
  return true;
}

/**
 * The requests the emulator received, in a ring of `capacity` entries: the oldest go first when it
 * is full (`dropped` counts them), so a long-running emulator keeps a bounded amount of memory.
 */
export class RequestJournal {
  readonly capacity: number;
  #ring: (JournalEntry | undefined)[];
  #next = 0;
  #size = 0;
  #seq = 0;
  #dropped = 0;

  constructor(capacity: number) {
    this.capacity = Math.max(0, Math.floor(capacity));
    this.#ring = new Array(this.capacity);
  }

  /** The next entry's number (taken when a request arrives, so the journal keeps arrival order). */
  nextSeq(): number {
    return ++this.#seq;
  }

  record(entry: JournalEntry): void {
    if (this.capacity === 0) return;
    if (this.#size === this.capacity) this.#dropped++;
    else this.#size++;
    this.#ring[this.#next] = entry;
    this.#next = (this.#next + 1) % this.capacity;
  }

  /** Matching entries, oldest first (copies: a test may change them freely). */
  list(filter: JournalFilter = {}, limit = Number.POSITIVE_INFINITY): JournalEntry[] {
    const out: JournalEntry[] = [];
    const start = (this.#next - this.#size + this.capacity) % Math.max(this.capacity, 1);
    for (let i = 0; i < this.#size; i++) {
      const entry = this.#ring[(start + i) % this.capacity] as JournalEntry;
      if (matches(entry, filter)) out.push(entry);
    }
    // Entries are recorded when answered: a slow request may land after a faster later one.
    out.sort((a, b) => a.seq - b.seq);
    return out.slice(0, limit).map((entry) => structuredClone(entry));
  }

  count(filter: JournalFilter = {}): number {
    let n = 0;
    const start = (this.#next - this.#size + this.capacity) % Math.max(this.capacity, 1);
    for (let i = 0; i < this.#size; i++) {
      if (matches(this.#ring[(start + i) % this.capacity] as JournalEntry, filter)) n++;
    }
    return n;
  }

  /** Entries dropped from the ring since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  clear(): number {
    const cleared = this.#size;
    this.#ring = new Array(this.capacity);
    this.#next = 0;
    this.#size = 0;
    this.#dropped = 0;
    return cleared;
  }

  /**
   * The matching entries when they meet `expect`; otherwise an Error that says what was expected
   * and lists what was received, so a failing test reads like WireMock's `verify`.
   */
  verify(filter: JournalFilter, expect: JournalExpectation): JournalEntry[] {
    const found = this.list(filter);
    const problems: string[] = [];
    if (expect.count !== undefined && found.length !== expect.count)
      problems.push(`expected ${expect.count} request(s), got ${found.length}`);
    if (expect.min !== undefined && found.length < expect.min)
      problems.push(`expected at least ${expect.min} request(s), got ${found.length}`);
    if (expect.max !== undefined && found.length > expect.max)
      problems.push(`expected at most ${expect.max} request(s), got ${found.length}`);
    if (expect.notStatus !== undefined) {
      const refused = asList(expect.notStatus);
      const hit = found.filter((e) => refused.includes(e.status));
      if (hit.length > 0) problems.push(`expected none answered ${refused.join(' or ')}, got ${hit.length}`);
    }
    if (problems.length === 0) return found;
    const lines = found.map(
      (e) => `  #${e.seq} ${e.at} ${e.method} ${e.path} (${e.operation_id ?? 'no operation'}) → ${e.status}`,
    );
    const dropped = this.#dropped > 0 ? ` (${this.#dropped} older entries dropped from the ring)` : '';
    throw new Error(
      `@trackerkit/emulator: requests matching ${JSON.stringify(filter)}: ${problems.join('; ')}${dropped}` +
        (lines.length > 0 ? `\n${lines.join('\n')}` : ''),
    );
  }
}
