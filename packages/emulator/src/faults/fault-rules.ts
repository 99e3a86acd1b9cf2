import { randomUUID } from 'node:crypto';

/**
 * Faults on demand (WireMock's faults, LocalStack's chaos rules, Prism's `Prefer: code=`): a rule
 * names an operation of the document (and optionally a tracker) and what goes wrong there.
 *
 * - `status`: answers that status (with `Retry-After` when given) **instead of** running the
 *   operation, as a gateway or an overloaded service does before the request is processed;
 * - `latency`: holds the request `latency_ms`, then runs it normally;
 * - `reset`: runs the operation, then destroys the connection without an answer (the case where a
 *   client cannot know whether a POST took effect);
 * - `truncate`: runs the operation, then sends the headers and only half of the body and closes.
 */
export type FaultKind = 'status' | 'latency' | 'reset' | 'truncate';

export interface FaultSpec {
  /** An operationId of the document, or `*` for every operation. */
  operation_id: string;
  /** Only requests whose path names this tracker. */
  tracker_id?: string | null;
  kind: FaultKind;
  /** For `status`: 400-599. */
  status?: number;
  /** For `status`: the `Retry-After` header, seconds (0 or more) or an HTTP-date. */
  retry_after?: number | string | null;
  /** For `latency`: milliseconds. */
  latency_ms?: number;
  /** How many matching requests it applies to; absent or null means every one. */
  times?: number | null;
  /** Chance (0-1) that a matching request is hit (default 1); a miss does not use up `times`. */
  probability?: number;
}

export interface FaultRule extends Required<Omit<FaultSpec, 'tracker_id' | 'retry_after' | 'times'>> {
  fault_id: string;
  tracker_id: string | null;
  retry_after: number | string | null;
  times: number | null;
  /** How many requests it has hit so far. */
  hits: number;
}

/** What one request meets: at most one fault, from the request header or the first matching rule. */
export type Fault = Pick<FaultRule, 'kind' | 'status' | 'retry_after' | 'latency_ms'> & {
  source: string;
};

/** The rules, in the order they were added; the first that matches and fires wins. */
export class FaultRules {
  #rules: FaultRule[] = [];
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  add(spec: FaultSpec): FaultRule {
    const rule: FaultRule = {
      fault_id: `flt_${randomUUID()}`,
      operation_id: spec.operation_id,
      tracker_id: spec.tracker_id ?? null,
      kind: spec.kind,
      status: spec.status ?? (spec.kind === 'status' ? 503 : 0),
      retry_after: spec.retry_after ?? null,
      latency_ms: spec.latency_ms ?? 0,
      times: spec.times ?? null,
      probability: spec.probability ?? 1,
      hits: 0,
    };
    this.#rules.push(rule);
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.#rules.map((rule) => ({ ...rule }));
  }

  remove(faultId: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.fault_id !== faultId);
    return this.#rules.length < before;
  }

  clear(): number {
    const count = this.#rules.length;
    this.#rules = [];
    return count;
  }

  /** The fault for a request to `operationId` (naming `trackerId`), counting it against its rule. */
  take(operationId: string, trackerId: string | undefined): Fault | null {
    for (const rule of this.#rules) {
      if (rule.operation_id !== '*' && rule.operation_id !== operationId) continue;
      if (rule.tracker_id !== null && rule.tracker_id !== trackerId) continue;
      if (rule.probability < 1 && this.#random() >= rule.probability) continue;
      rule.hits++;
      if (rule.times !== null && rule.hits >= rule.times) this.remove(rule.fault_id);
      return {
        kind: rule.kind,
        status: rule.status,
        retry_after: rule.retry_after,
        latency_ms: rule.latency_ms,
        source: rule.fault_id,
      };
    }
    return null;
  }
}
