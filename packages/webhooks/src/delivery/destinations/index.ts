// The destination types, one module each. Everything that varies by type is derived from this
// list: the configuration schema (config/config-schema.ts), DestinationConfig (below), the
// redaction of credentials (config/secret-values.ts) and createDestination. CONTRIBUTING.md
// ("Adding a destination type") walks through adding one.
import { alertmanagerDefinition } from './alertmanager.ts';
import type { CommonConfig } from './define.ts';
import { discordDefinition } from './discord.ts';
import { emailDefinition } from './email.ts';
import { fileDefinition } from './file-sink.ts';
import { forwardDefinition } from './forward.ts';
import { n8nDefinition } from './n8n.ts';
import { ntfyDefinition } from './ntfy.ts';
import { pagerdutyDefinition } from './pagerduty.ts';
import { slackDefinition } from './slack.ts';
import { stdoutDefinition } from './stdout.ts';
import { teamsDefinition } from './teams.ts';
import { webhookDefinition } from './webhook.ts';

/** In the order the configuration schema names them in its errors. */
export const DESTINATION_TYPES = [
  webhookDefinition,
  slackDefinition,
  discordDefinition,
  teamsDefinition,
  pagerdutyDefinition,
  emailDefinition,
  forwardDefinition,
  n8nDefinition,
  ntfyDefinition,
  alertmanagerDefinition,
  fileDefinition,
  stdoutDefinition,
] as const;

export type AnyDestinationDefinition = (typeof DESTINATION_TYPES)[number];
export type DestinationType = AnyDestinationDefinition['type'];

/** One type's resolved configuration: what its `normalize` returns, its type and the common fields. */
type ConfigOf<D> = D extends { type: infer T; normalize: (...args: never[]) => infer C }
  ? CommonConfig & { type: T } & C
  : never;

/** A destination with every secret reference resolved: one member per type of the list. */
export type DestinationConfig = ConfigOf<AnyDestinationDefinition>;

const byType = new Map<string, AnyDestinationDefinition>(DESTINATION_TYPES.map((d) => [d.type, d]));

/** The definition of a type of the list. */
export function destinationDefinition(type: DestinationType): AnyDestinationDefinition {
  return byType.get(type)!;
}
