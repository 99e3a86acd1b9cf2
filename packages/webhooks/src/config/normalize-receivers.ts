// Alertmanager's receivers → the destinations the receiver delivers to. Each integration is one
// destination, named `<receiver>/<integration>[<index>]` as Alertmanager names it in its logs
// (`team-x/webhook[0]`), carrying its receiver's name for the webhook payload. How each
// integration is read is receiver-integrations.ts; what they read with, receiver-reading.ts.

import { parseDuration } from '../config-common/parse-duration.ts';
import type { GlobalInput } from './alertmanager-schema.ts';
import type { ReceiverInput } from './config-schema.ts';
import { normalizeDestination } from './normalize-destination.ts';
import { INTEGRATIONS } from './receiver-integrations.ts';
import { type ReceiverReading, type ReceiversContext, receiverReading } from './receiver-reading.ts';
import type { DestinationConfig } from './types.ts';

export interface NormalizedReceivers {
  destinations: DestinationConfig[];
  /** Where each destination was configured (`receivers.0.webhook_configs.1`), in the same order. */
  paths: string[];
  /** Receiver name → the names of its destinations (none for a receiver without integrations). */
  byReceiver: Map<string, string[]>;
  problems: string[];
}

export function normalizeReceivers(
  receivers: readonly ReceiverInput[],
  global: GlobalInput,
  ctx: ReceiversContext,
): NormalizedReceivers {
  const problems: string[] = [];
  const out: NormalizedReceivers = { destinations: [], paths: [], byReceiver: new Map(), problems };
  const read = receiverReading(global, ctx, problems);
  const names = new Set<string>();
  receivers.forEach((r, i) => {
    const here = `receivers.${i}`;
    const repeated = out.byReceiver.has(r.name);
    if (repeated) problems.push(`${here}.name: notification config name "${r.name}" is not unique`);
    const mine: string[] = [];
    const add = (d: DestinationConfig, at: string) => {
      if (names.has(d.name) && !repeated) problems.push(`${at}: two integrations named ${d.name}`);
      names.add(d.name);
      out.destinations.push(d);
      out.paths.push(at);
      mine.push(d.name);
    };
    for (const { key, kind, make } of INTEGRATIONS) {
      (r[key] as readonly never[] | undefined)?.forEach((entry, j) => {
        const at = `${here}.${key}.${j}`;
        const base = (timeout?: number | string) => ({
          name: `${r.name}/${kind}[${j}]`,
          receiver: r.name,
          timeoutMs: timeout !== undefined ? parseDuration(timeout) : ctx.timeoutMs,
          retry: ctx.retry,
        });
        const destination = make(entry, at, base, read);
        if (destination) add(destination, at);
      });
    }
    r.trackerkit_configs?.forEach((d, j) => {
      const at = `${here}.trackerkit_configs.${j}`;
      const made = trackerkitIntegration(d, `${r.name}/${d.type}[${j}]`, at, ctx, read);
      if (typeof made === 'string') mine.push(made);
      else add({ ...made, receiver: r.name }, at);
    });
    out.byReceiver.set(r.name, mine);
  });
  return out;
}

/**
 * A receiver's `trackerkit_configs` entry: a destination in our own words. When it cannot be
 * made, its name (the receiver still lists it) and the problem recorded.
 */
function trackerkitIntegration(
  d: NonNullable<ReceiverInput['trackerkit_configs']>[number],
  name: string,
  at: string,
  ctx: ReceiversContext,
  read: ReceiverReading,
): DestinationConfig | string {
  try {
    return normalizeDestination({ ...d, name } as never, at, ctx.env, ctx.retry, ctx.timeoutMs);
  } catch (error) {
    // An unset variable is reported already; a URL that is not http(s) is reported here.
    const message = (error as Error).message.replace(/^.*?invalid configuration: /, '');
    if (!/environment variable \S+ is not set$/.test(message)) read.problems.push(message);
    return name;
  }
}

/** Alertmanager's `global` rules: a value and its `_file` twin are not both given. */
export function globalProblems(global: GlobalInput): string[] {
  const pairs = [
    ['slack_api_url', 'slack_api_url_file'],
    ['opsgenie_api_key', 'opsgenie_api_key_file'],
    ['victorops_api_key', 'victorops_api_key_file'],
    ['smtp_auth_password', 'smtp_auth_password_file'],
  ] as const;
  return pairs
    .filter(([a, b]) => global[a] !== undefined && global[b] !== undefined)
    .map(([a, b]) => `global.${b}: at most one of ${a} & ${b} must be configured`);
}
