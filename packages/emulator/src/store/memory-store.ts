import { type CollectionHooks, MemoryCollection } from './memory-collection.ts';
import { COLLECTION_INDEXES, type CollectionName, type Keyed, type Store } from './store.ts';

export type HookFactory = (name: CollectionName) => CollectionHooks<Keyed>;

export interface BuiltStore {
  store: Store;
  collections: Record<CollectionName, MemoryCollection<Keyed>>;
  bumpSeq(seen: number): void;
}

/** Builds the in-memory store; a persistent store passes hooks that write through. */
export function buildStore(
  hooks: HookFactory = () => ({}),
  tx: <R>(fn: () => R) => R = (fn) => fn(),
  close: () => void = () => {},
): BuiltStore {
  let seq = 0;
  const collections = Object.fromEntries(
    (Object.keys(COLLECTION_INDEXES) as CollectionName[]).map((name) => [
      name,
      new MemoryCollection<Keyed>(COLLECTION_INDEXES[name], hooks(name)),
    ]),
  ) as Record<CollectionName, MemoryCollection<Keyed>>;
  const store = {
    ...collections,
    nextSeq: () => ++seq,
    transaction: tx,
    close,
  } as unknown as Store;
  return {
    store,
    collections,
    bumpSeq: (seen: number) => {
      if (seen > seq) seq = seen;
    },
  };
}

export function createMemoryStore(): Store {
  return buildStore().store;
}
