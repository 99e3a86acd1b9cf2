import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryCollection } from '../../src/store/memory-collection.ts';

interface Rec {
  id: string;
  seq: number;
  space_id: string;
  name: string;
}

// Any sequence of puts (new, moved, renamed, loaded out of order) and deletes: every page read from
// the ordered index equals the page of the records sorted newest first, the way lists used to read.
describe('the ordered index of a collection', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('put' as const), id: fc.nat(30), space: fc.nat(2), seq: fc.nat(500) }),
    fc.record({ kind: fc.constant('rename' as const), id: fc.nat(30) }),
    fc.record({ kind: fc.constant('delete' as const), id: fc.nat(30) }),
  );
  it('pages like a full sort, for any history', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 120 }),
        fc.nat(5),
        fc.integer({ min: 1, max: 7 }),
        (ops, page, size) => {
          const collection = new MemoryCollection<Rec>(['space_id']);
          const used = new Set<number>();
          for (const o of ops) {
            const id = `r${o.id}`;
            const current = collection.get(id);
            if (o.kind === 'delete') collection.delete(id);
            else if (o.kind === 'rename') {
              if (current) collection.put({ ...current, name: `${current.name}!` });
            } else {
              // A store's seqs are unique; a record keeps its seq when moved.
              let seq = current?.seq ?? o.seq;
              while (!current && used.has(seq)) seq++;
              used.add(seq);
              collection.put({ id, seq, space_id: `s${o.space}`, name: id });
            }
          }
          for (const space of ['s0', 's1', 's2']) {
            const sorted = collection
              .all()
              .filter((r) => r.space_id === space)
              .sort((a, b) => b.seq - a.seq);
            expect(collection.count('space_id', space)).toBe(sorted.length);
            expect(collection.newest('space_id', space, page * size, size)).toEqual(
              sorted.slice(page * size, page * size + size),
            );
            expect(collection.by('space_id', space)).toEqual([...sorted].reverse());
          }
        },
      ),
    );
  });
});
