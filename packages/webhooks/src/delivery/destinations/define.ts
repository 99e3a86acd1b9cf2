// What one destination type is made of. Each type is one module of this folder exporting one
// definition; `index.ts` lists them, and the configuration schema, the DestinationConfig type,
// the redaction of credentials and createDestination are derived from that list.
import type { z } from 'zod';
import type { SecretRef } from '../../config-common/schema-parts.ts';
import type { RetryPolicy } from '../../config-common/types.ts';
import type { Destination } from '../types.ts';

/** What every destination's configuration has, whatever its type. */
export interface CommonConfig {
  name: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /**
   * The Alertmanager receiver this destination is an integration of (`receivers[].name`): the
   * `receiver` of Alertmanager's webhook payload. Absent in a configuration that names
   * destinations: the destination's own name stands for it.
   */
  receiver?: string;
  /**
   * Alertmanager's `send_resolved`: whether resolved alerts are notified. Absent: they are (the
   * destinations named in our words always notify them).
   */
  sendResolved?: boolean;
  /**
   * The origins of the tracker service's console (`links.console_origins`): an alert's URL is
   * offered as its link only on one of them (`runLink`). Absent or empty: never.
   */
  consoleOrigins?: readonly string[];
}

/** How a definition's `normalize` resolves what the file refers to; errors name `where.field`. */
export interface NormalizeContext {
  /** The path of a field in the file (`destinations.3.url`). */
  at(field: string): string;
  /** A secret reference, resolved from the environment. */
  secret(ref: SecretRef, field: string): string;
  /** A URL (often a credential itself), resolved and checked to be http(s). */
  url(ref: SecretRef, field: string): string;
}

export interface DestinationContext {
  /** This receiver's public URL (Alertmanager's external URL), read when a message is made. */
  externalURL: () => string;
}

/**
 * For each field of a type's resolved configuration, whether it is a credential: `false`, or the
 * values in it to cut from logs. Every field must be listed (`-?`), so a field added to a
 * configuration without a word on its secrecy does not compile.
 */
export type SecretFields<C> = {
  [K in keyof C]-?: false | ((value: NonNullable<C[K]>) => Array<string | undefined>);
};

export interface DestinationDefinition<
  T extends string,
  F extends z.core.$ZodLooseShape,
  C extends object,
  I extends string | null,
> {
  type: T;
  /**
   * Alertmanager's key for this integration in a receiver (`slack_configs`), read by
   * receiver-integrations.ts; null: written in a receiver's `trackerkit_configs`.
   */
  integration: I;
  /** The fields of its entry in the file besides `name`, `type`, `retry` and `timeout`. */
  fields: F;
  /** A rule across fields, checked after each field's own. */
  refine?: {
    check: (input: z.output<z.ZodObject<F>>) => boolean;
    path: string[];
    message: string;
  };
  /** Its entry in the file → its resolved configuration (secrets read, camelCase). */
  normalize(input: z.output<z.ZodObject<F>>, ctx: NormalizeContext): C;
  /** Which fields of that configuration are credentials. */
  secrets: SecretFields<NoInfer<C>>;
  /** The sender. */
  create(config: NoInfer<C> & CommonConfig & { type: T }, ctx: DestinationContext): Destination;
}

/** Declares a destination type (the generic parameters are inferred from the object). */
export function defineDestination<
  T extends string,
  F extends z.core.$ZodLooseShape,
  C extends object,
  I extends string | null,
>(definition: DestinationDefinition<T, F, C, I>): DestinationDefinition<T, F, C, I> {
  return definition;
}

/** A URL and the parts that carry its token (Slack, Discord and Teams put it in the path or query). */
export function urlParts(url: string): string[] {
  try {
    const u = new URL(url);
    return [url, `${u.pathname}${u.search}`, u.pathname, u.search.slice(1), u.password];
  } catch {
    return [url];
  }
}

/**
 * An `Authorization` value and what it is made of: the token after its scheme, and for Basic the
 * decoded `user:password` and the password alone.
 */
export function credentialParts(value: string): string[] {
  const [scheme, token = ''] = value.split(/ (.*)/s);
  if (scheme?.toLowerCase() !== 'basic') return [value, token];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  return [value, token, decoded, decoded.slice(decoded.indexOf(':') + 1)];
}
