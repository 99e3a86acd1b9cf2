import type { Collection, Keyed } from './store.ts';

export interface CollectionHooks<T> {
  onPut?(record: T): void;
  onDelete?(id: string): void;
}

/** A Map of records with secondary indexes on string fields. */
export class MemoryCollection<T extends Keyed> implements Collection<T> {
  readonly #records = new Map<string, T>();
  readonly #indexes = new Map<string, Map<string, Set<string>>>();
  readonly #hooks: CollectionHooks<T>;

  constructor(indexFields: readonly string[], hooks: CollectionHooks<T> = {}) {
    for (const field of indexFields) this.#indexes.set(field, new Map());
    this.#hooks = hooks;
  }

  /** Loads a record without calling hooks (used when reading a persisted store). */
  load(record: T): void {
    this.#unindex(record.id);
    this.#records.set(record.id, record);
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
    if (!this.#records.has(id)) return false;
    this.#hooks.onDelete?.(id);
    this.#unindex(id);
    this.#records.delete(id);
    return true;
  }

  all(): T[] {
    return [...this.#records.values()];
  }

  by(field: keyof T & string, value: string): T[] {
    const index = this.#indexes.get(field);
    if (!index) throw new Error(`@trackerkit/emulator: no index on ${field}`);
    const ids = index.get(value);
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) {
      const record = this.#records.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  #index(record: T): void {
    for (const [field, index] of this.#indexes) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value !== 'string') continue;
      let ids = index.get(value);
      if (!ids) {
        ids = new Set();
        index.set(value, ids);
      }
      ids.add(record.id);
    }
  }

  #unindex(id: string): void {
    const previous = this.#records.get(id);
    if (!previous) return;
    for (const [field, index] of this.#indexes) {
      const value = (previous as Record<string, unknown>)[field];
      if (typeof value === 'string') index.get(value)?.delete(id);
    }
  }
}
