import { invalidConfig, WebhooksError } from '../errors.ts';
import { isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import type { AlertEvent, EventName, TrackerAlertEvent, TrackerAlertResolvedEvent } from '../events/types.ts';
import { isKnownEvent } from '../events/types.ts';
import { matchRouteTree } from './match-route-tree.ts';
import { resolveRouteTree } from './resolve-route-tree.ts';
import type { RouteMatch, RouteNode } from './types.ts';

/** Event type → its payload, keyed by the document's own `type` constants. */
type EventMap = { [E in TrackerAlertEvent | TrackerAlertResolvedEvent as E['type']]: E };

/** What a handler learns about the delivery running it (through the receiver's outbox). */
export interface HandlerContext {
  /** The same on every attempt for this alert: dedupe side effects on it (delivery is at least once). */
  idempotencyKey?: string;
  /** 1 on the first attempt. */
  attempt?: number;
  /** Aborted when the attempt times out or the receiver stops. */
  signal?: AbortSignal;
}

type Handler<E> = (event: E, context: HandlerContext) => unknown;

export interface RouterOptions {
  /** The configuration tree; absent means code handlers only. */
  route?: RouteNode;
  /** Destinations for event types the document does not define; the tree never sees them. */
  catchAll?: string[];
}

export interface Router {
  on<N extends EventName>(name: N | N[], handler: Handler<EventMap[N]>): void;
  onAny(handler: Handler<AlertEvent>): void;
  onUnknown(handler: Handler<AlertEvent>): void;
  removeListener(name: EventName | '*' | 'unknown', handler: Handler<never>): void;
  /** Runs the handlers for this event; rejects with an AggregateError if any failed. */
  receive(event: AlertEvent, context?: HandlerContext): Promise<void>;
  /** Whether any handler is registered. */
  hasHandlers(): boolean;
  /** Where the configuration tree sends this event. */
  match(event: AlertEvent, nowMs?: number): RouteMatch[];
}

/**
 * A tree built in code with the old `receivers` key would deliver nowhere without a word: the
 * type catches it in TypeScript, this catches it in JavaScript.
 */
function renamedKeys(node: RouteNode, path: string): string[] {
  const own = Object.hasOwn(node, 'receivers')
    ? [`${path}.receivers: renamed to destinations (a route names the destinations it delivers to)`]
    : [];
  return [...own, ...(node.routes ?? []).flatMap((child, i) => renamedKeys(child, `${path}.routes.${i}`))];
}

/** Why matchers on the root route are refused (Alertmanager: the root route must match everything). */
export const ROOT_MATCHERS =
  'the root route matches every alert (Alertmanager refuses matchers on it); put them on a child route';

/** An octokit-style emitter for code plus an Alertmanager-style tree for configuration. */
export function createRouter(options: RouterOptions = {}): Router {
  const problems = options.route ? renamedKeys(options.route, 'route') : [];
  if (options.route?.matchers !== undefined) problems.push(`route.matchers: ${ROOT_MATCHERS}`);
  if (problems.length > 0) throw invalidConfig(problems);
  // Resolved here, once (the same resolution loadConfig made, when the tree came from a file).
  const tree = options.route ? resolveRouteTree(options.route) : undefined;
  const handlers = new Map<string, Set<Handler<never>>>();
  const add = (name: string, handler: Handler<never>) => {
    if (typeof handler !== 'function') {
      throw new WebhooksError(`handler for ${name} must be a function`, {
        status: 500,
        reason: 'invalid_handler',
      });
    }
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
  };
  return {
    on(name, handler) {
      for (const n of Array.isArray(name) ? name : [name]) add(n, handler as Handler<never>);
    },
    onAny: (handler) => add('*', handler as Handler<never>),
    onUnknown: (handler) => add('unknown', handler as Handler<never>),
    removeListener(name, handler) {
      handlers.get(name)?.delete(handler);
    },
    hasHandlers: () => [...handlers.values()].some((set) => set.size > 0),
    async receive(event, context = {}) {
      const names = isKnownEvent(event) ? [event.type, '*'] : ['unknown', '*'];
      const run = names.flatMap((n) => [...(handlers.get(n) ?? [])]);
      const results = await Promise.allSettled(
        run.map(async (h) => (h as Handler<AlertEvent>)(event, context)),
      );
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      if (errors.length > 0) {
        throw new AggregateError(
          errors,
          `@trackerkit/webhooks: ${errors.length} handler(s) failed for ${event.type}`,
        );
      }
    },
    match(event, nowMs = Date.now()) {
      // Alerts posted to /api/v2/alerts go through the tree like the tracker's; other types do not.
      if (!isKnownEvent(event) && !isAlertmanagerAlert(event)) {
        const catchAll = options.catchAll ?? [];
        return catchAll.length
          ? [{ path: 'catch_all', destinations: catchAll, repeatIntervalMs: 0, muted: false }]
          : [];
      }
      return tree ? matchRouteTree(tree, event, nowMs) : [];
    },
  };
}
