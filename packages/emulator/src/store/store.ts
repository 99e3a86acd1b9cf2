import type {
  AccountRecord,
  ItemRecord,
  MetaRecord,
  RunRecord,
  SourceRecord,
  SpaceRecord,
  TokenRecord,
  TrackerRecord,
} from './records.ts';

export interface Keyed {
  id: string;
  seq: number;
}

/** One kind of record. Records handed out are snapshots to read: change them through `put`. */
export interface Collection<T extends Keyed> {
  get(id: string): T | undefined;
  put(record: T): void;
  delete(id: string): boolean;
  all(): T[];
  /** Records whose indexed field equals `value`, oldest first (indexes are declared per collection). */
  by(field: keyof T & string, value: string): T[];
  /** How many records `by` would return, without reading them. */
  count(field: keyof T & string, value: string): number;
  /** `limit` of those records from the `offset`-th newest, newest first: a page read in place. */
  newest(field: keyof T & string, value: string, offset: number, limit: number): T[];
}

/** The emulator's state. Memory and SQLite share every piece of logic above this interface. */
export interface Store {
  accounts: Collection<AccountRecord>;
  tokens: Collection<TokenRecord>;
  spaces: Collection<SpaceRecord>;
  trackers: Collection<TrackerRecord>;
  runs: Collection<RunRecord>;
  sources: Collection<SourceRecord>;
  items: Collection<ItemRecord>;
  meta: Collection<MetaRecord>;
  /** Next value of the ordering counter. */
  nextSeq(): number;
  /** Runs `fn` atomically (one SQLite transaction; nested calls join the outer one). */
  transaction<R>(fn: () => R): R;
  close(): void;
}

export const COLLECTION_INDEXES = {
  accounts: [],
  tokens: ['account_id'],
  spaces: ['account_id'],
  trackers: ['space_id', 'account_id'],
  runs: ['tracker_id', 'space_id'],
  sources: ['tracker_id', 'space_id'],
  items: ['tracker_id', 'source_id', 'space_id'],
  meta: [],
} as const;

export type CollectionName = keyof typeof COLLECTION_INDEXES;
