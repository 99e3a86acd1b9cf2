// The Alert Trigger's memory of accepted deliveries, by `webhook-id`, so a delivery the service sends
// again (an interrupted attempt, a retry after a lost answer: same id) starts the workflow once. How
// long an id is kept is the core's dedupeWindowMs, the same window the trackerkit receiver's
// alert retention must cover. A community node may not depend on a store outside n8n, so this is
// memory per process, plus the workflow's static data (the core's `seenRecord`, capped at STATIC_CAP).

/** Ids kept in memory per process across every Alert Trigger in it; the oldest go first past this. */
const MEMORY_CAP = 10_000;
/** Ids kept in one trigger's static data (saved with the workflow: kept small). */
export const STATIC_CAP = 500;

/**
 * Ids with the instant (Unix ms) until which a copy is a duplicate. `claim` checks and records in one
 * synchronous step, so two copies arriving together in one process cannot both pass.
 */
export class SeenDeliveries {
  readonly #until = new Map<string, number>();
  readonly #cap: number;

  constructor(cap = MEMORY_CAP) {
    this.#cap = cap;
  }

  get size(): number {
    return this.#until.size;
  }

  /** True when `key` is new (or its window ended): it is recorded until `untilMs`. False for a duplicate. */
  claim(key: string, nowMs: number, untilMs: number): boolean {
    const seen = this.#until.get(key);
    if (seen !== undefined && seen > nowMs) return false;
    this.#until.delete(key);
    this.#until.set(key, untilMs);
    this.#evict(nowMs);
    return true;
  }

  /** Drops expired ids from the oldest end, then the oldest live ones while over the cap. */
  #evict(nowMs: number): void {
    for (const [key, until] of this.#until) {
      if (until > nowMs && this.#until.size <= this.#cap) break;
      this.#until.delete(key);
    }
  }
}

/** The process's seen-set: every Alert Trigger in this n8n process shares it (keys carry the node). */
export const seenInProcess = new SeenDeliveries();

/** Alert Triggers whose recorded ids one process keeps (one n8n instance rarely has this many). */
const RECORDED_TRIGGERS_CAP = 1_000;

/**
 * The ids each Alert Trigger's executions in this process have recorded, as last written (the core's
 * `seenRecord` shape). n8n saves an execution's whole static data when it ends, as loaded when it
 * began: of two overlapping executions the later save drops the other's id. Merged into what an
 * execution loads, this keeps both in one process (regular mode, or a queue worker), and lets an
 * execution see an id another one recorded before its save.
 */
export class RecordedDeliveries {
  readonly #byTrigger = new Map<string, Record<string, number>>();

  /** What `trigger`'s executions in this process recorded, merged over `loaded` (the later end kept). */
  merged(trigger: string, loaded: unknown): Record<string, unknown> {
    const base = loaded && typeof loaded === 'object' ? (loaded as Record<string, unknown>) : {};
    const merged: Record<string, unknown> = { ...base };
    for (const [id, until] of Object.entries(this.#byTrigger.get(trigger) ?? {})) {
      const stored = merged[id];
      if (typeof stored !== 'number' || stored < until) merged[id] = until;
    }
    return merged;
  }

  /** Keeps `entries` as what `trigger`'s executions recorded last. */
  keep(trigger: string, entries: Record<string, number>): void {
    this.#byTrigger.delete(trigger);
    this.#byTrigger.set(trigger, entries);
    for (const key of this.#byTrigger.keys()) {
      if (this.#byTrigger.size <= RECORDED_TRIGGERS_CAP) break;
      this.#byTrigger.delete(key);
    }
  }
}

/** This process's record of what Alert Trigger executions wrote (keys name the workflow and node). */
export const recordedInProcess = new RecordedDeliveries();
