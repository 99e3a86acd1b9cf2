import { type AlertEvent, eventData } from '../events/types.ts';
import { globToRegExp } from './glob-to-regexp.ts';
import { alertLabels, matchesLabel } from './label-matcher.ts';
import type { RouteMatchers } from './types.ts';

const globCache = new Map<string, RegExp>();

function glob(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (!re) {
    re = globToRegExp(pattern);
    globCache.set(pattern, re);
  }
  return re;
}

/** Whether an event satisfies every matcher given. */
export function matchesAlert(matchers: RouteMatchers | undefined, event: AlertEvent): boolean {
  if (!matchers) return true;
  const data = eventData(event);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (matchers.event && !matchers.event.includes(event.type)) return false;
  if (matchers.trackerId && !matchers.trackerId.includes(str(data.tracker_id) ?? '\0')) return false;
  if (matchers.spaceId && !matchers.spaceId.includes(str(data.space_id) ?? '\0')) return false;
  if (matchers.signal && !(matchers.signal as string[]).includes(str(data.signal) ?? '\0')) return false;
  if (matchers.trackerName) {
    const name = str(data.tracker_name);
    if (name === undefined || !matchers.trackerName.some((p) => glob(p).test(name))) return false;
  }
  if (matchers.score) {
    const score = data.score;
    if (typeof score !== 'number') return false;
    if (matchers.score.min !== undefined && score < matchers.score.min) return false;
    if (matchers.score.max !== undefined && score > matchers.score.max) return false;
  }
  if (matchers.bound) {
    const bound = data.bound === null || data.bound === undefined ? 'none' : data.bound;
    if (!(matchers.bound as unknown[]).includes(bound)) return false;
  }
  if (matchers.labels?.length) {
    const labels = alertLabels(event);
    if (!matchers.labels.every((m) => matchesLabel(m, labels[m.name]))) return false;
  }
  return true;
}
