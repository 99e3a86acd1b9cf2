/**
 * The ids of one indexed value (a space's trackers, a tracker's runs) kept sorted by their `seq`,
 * the store-wide creation order every list answers in (newest first). A page is read by position
 * from the newest end, so listing page 1 or the last page of 100,000 trackers costs the same as
 * of 20: nothing is sorted or copied per request. New records take the next seq and append; a
 * record loaded out of order (a fixture, a SQLite row) is placed by binary search.
 */
export class SeqIndex {
  readonly #seqs: number[] = [];
  readonly #ids: string[] = [];

  get size(): number {
    return this.#ids.length;
  }

  add(seq: number, id: string): void {
    const at = this.#lowerBound(seq);
    if (at === this.#seqs.length) {
      this.#seqs.push(seq);
      this.#ids.push(id);
      return;
    }
    this.#seqs.splice(at, 0, seq);
    this.#ids.splice(at, 0, id);
  }

  remove(seq: number, id: string): void {
    // Seqs are unique in a store; a record with a repeated one (a hand-edited file) is still found.
    let at = this.#lowerBound(seq);
    while (at < this.#seqs.length && this.#seqs[at] === seq && this.#ids[at] !== id) at++;
    if (this.#ids[at] !== id) at = this.#ids.indexOf(id);
    if (at < 0) return;
    this.#seqs.splice(at, 1);
    this.#ids.splice(at, 1);
  }

  /** Oldest first. */
  ids(): readonly string[] {
    return this.#ids;
  }

  /** `limit` ids from the `offset`-th newest, newest first. */
  newest(offset: number, limit: number): string[] {
    const out: string[] = [];
    const from = this.#ids.length - 1 - offset;
    for (let i = from; i >= 0 && i > from - limit; i--) out.push(this.#ids[i] as string);
    return out;
  }

  #lowerBound(seq: number): number {
    const seqs = this.#seqs;
    if (seqs.length === 0 || (seqs.at(-1) as number) < seq) return seqs.length;
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((seqs[mid] as number) < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
