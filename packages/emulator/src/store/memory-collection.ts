import { SeqIndex } from './seq-index.ts';
import type { Collection, Keyed } from './store.ts';

export interface CollectionHooks<T> {
  onPut?(record: T): void;
  onDelete?(id: string): void;
}

/** A Map of records with secondary indexes on string fields, each kept in `seq` order. */
export class MemoryCollection<T extends Keyed> implements Collection<T> {
  readonly #records = new Map<string, T>();
  readonly #indexes = new Map<string, Map<string, SeqIndex>>();
  readonly #hooks: CollectionHooks<T>;

  constructor(indexFields: readonly string[], hooks: CollectionHooks<T> = {}) {
    for (const field of indexFields) this.#indexes.set(field, new Map());
    this.#hooks = hooks;
  }

  /** Loads a record without calling hooks (used when reading a persisted store). */
  load(record: T): void {
    const previous = this.#records.get(record.id);
    this.#records.set(record.id, record);
    // Most puts change fields no index reads: the record keeps its place.
    if (previous && previous.seq === record.seq && this.#sameKeys(previous, record)) return;
    if (previous) this.#unindex(previous);
    this.#index(record);
  }

  get(id: string): T | undefined {
    return this.#records.get(id);
  }

  put(record: T): void {
    this.#hooks.onPut?.(record);
    this.load(record);
  }

  delete(id: string): boolean {
    const previous = this.#records.get(id);
    if (!previous) return false;
    this.#hooks.onDelete?.(id);
    this.#unindex(previous);
    this.#records.delete(id);
    return true;
  }

  all(): T[] {
    return [...this.#records.values()];
  }

  by(field: keyof T & string, value: string): T[] {
    const ids = this.#indexOf(field).get(value)?.ids() ?? [];
    const out: T[] = [];
    for (const id of ids) {
      const record = this.#records.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  count(field: keyof T & string, value: string): number {
    return this.#indexOf(field).get(value)?.size ?? 0;
  }

  newest(field: keyof T & string, value: string, offset: number, limit: number): T[] {
    const ids = this.#indexOf(field).get(value)?.newest(offset, limit) ?? [];
    return ids.map((id) => this.#records.get(id)).filter((record): record is T => record !== undefined);
  }

  #indexOf(field: string): Map<string, SeqIndex> {
    const index = this.#indexes.get(field);
    if (!index) throw new Error(`@trackerkit/emulator: no index on ${field}`);
    return index;
  }

  #index(record: T): void {
    for (const [field, index] of this.#indexes) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value !== 'string') continue;
      let ids = index.get(value);
      if (!ids) {
        ids = new SeqIndex();
        index.set(value, ids);
      }
      ids.add(record.seq, record.id);
    }
  }

  #unindex(previous: T): void {
    for (const [field, index] of this.#indexes) {
      const value = (previous as Record<string, unknown>)[field];
      if (typeof value !== 'string') continue;
      const ids = index.get(value);
      ids?.remove(previous.seq, previous.id);
      if (ids?.size === 0) index.delete(value);
    }
  }

  #sameKeys(a: T, b: T): boolean {
    for (const field of this.#indexes.keys()) {
      if ((a as Record<string, unknown>)[field] !== (b as Record<string, unknown>)[field]) return false;
    }
    return true;
  }
}
