// Alertmanager's NewRoute (dispatch/route.go): the tree is resolved once, when it is loaded. Each
// route gets the options it inherits, its matchers compiled and its identifiers; matching an alert
// then only tests matchers and walks children.
import { compileRouteMatchers } from './matches-alert.ts';
import type { ResolvedRoute, RouteNode, RouteTree } from './types.ts';

/** Alertmanager's defaults for group_wait and group_interval. */
export const GROUP_WAIT_MS = 30_000;
export const GROUP_INTERVAL_MS = 300_000;

type Inherited = Pick<
  ResolvedRoute,
  'receiver' | 'destinations' | 'repeatIntervalMs' | 'groupBy' | 'groupWaitMs' | 'groupIntervalMs'
>;

const ROOT_DEFAULTS: Inherited = {
  destinations: [],
  repeatIntervalMs: 0,
  groupBy: undefined,
  groupWaitMs: GROUP_WAIT_MS,
  groupIntervalMs: GROUP_INTERVAL_MS,
};

function resolve(
  node: RouteNode,
  parent: { key: string; options: Inherited } | undefined,
  path: string,
  index: number,
  byPath: Map<string, ResolvedRoute>,
): ResolvedRoute {
  const base = parent?.options ?? ROOT_DEFAULTS;
  // A route naming its destinations (or its receiver) names them all: neither is half inherited.
  const names =
    node.destinations !== undefined
      ? {
          destinations: node.destinations,
          ...(node.receiver !== undefined ? { receiver: node.receiver } : {}),
        }
      : {
          destinations: base.destinations,
          ...(base.receiver !== undefined ? { receiver: base.receiver } : {}),
        };
  const options: Inherited = {
    ...names,
    repeatIntervalMs: node.repeatIntervalMs ?? base.repeatIntervalMs,
    groupBy: node.groupBy ?? base.groupBy,
    groupWaitMs: node.groupWaitMs ?? base.groupWaitMs,
    groupIntervalMs: node.groupIntervalMs ?? base.groupIntervalMs,
  };
  const matchers = compileRouteMatchers(node.matchers);
  const key = parent ? `${parent.key}/${matchers.text}` : matchers.text;
  const route: ResolvedRoute = {
    path,
    id: parent ? `${key}/${index}` : key,
    key,
    ...(node.name !== undefined ? { name: node.name } : {}),
    matches: matchers.test,
    continue: node.continue === true,
    ...options,
    ...(node.muteWindows !== undefined ? { muteWindows: node.muteWindows } : {}),
    ...(node.activeWindows !== undefined ? { activeWindows: node.activeWindows } : {}),
    routes: [],
  };
  byPath.set(path, route);
  route.routes = (node.routes ?? []).map((child, i) =>
    resolve(child, { key, options }, `${path}/${i}${child.name ? `:${child.name}` : ''}`, i, byPath),
  );
  return route;
}

// One resolution per tree object: the configuration's tree is resolved when it loads, and every
// later use (the router, the repeat pass, a reload's runtime) gets that same one.
const resolved = new WeakMap<RouteNode, RouteTree>();

/**
 * The tree as Alertmanager's NewRoute builds it, made once per tree object (a tree is not
 * changed after it is given; build a new one instead). A regex matcher that does not compile throws.
 */
export function resolveRouteTree(root: RouteNode): RouteTree {
  let tree = resolved.get(root);
  if (!tree) {
    const byPath = new Map<string, ResolvedRoute>();
    tree = { root: resolve(root, undefined, 'root', 0, byPath), byPath };
    resolved.set(root, tree);
  }
  return tree;
}
