// Core's one secret policy, applied where the receiver is configured: every Standard Webhooks
// secret it verifies with (sources) or signs with (forward and n8n destinations) is checked when
// the configuration loads, so a configuration that passes `check` never fails at delivery time.
import { secretProblems } from '@trackerkit/core/signing';
import type { Config } from './types.ts';

/** Where the `j`-th resolved secret of source `i` was configured (`sources.0.secret`, `sources.0.secrets.1`). */
export type SecretPath = (source: number, secret: number) => string;

const listed: SecretPath = (i, j) => `sources.${i}.secrets.${j}`;

function problemAt(secret: string, path: string): string[] {
  // The problem names the rule and what is wrong with the secret, never the secret itself.
  return secretProblems(secret, [path]).map((p) => `${path}: ${p.rule} (${p.message})`);
}

/** One line per Standard Webhooks secret of `config` that core's policy refuses. */
export function signingSecretProblems(
  config: Config,
  sourcePath: SecretPath = listed,
  destinationPath: (index: number) => string = (i) => `destinations.${i}`,
): string[] {
  const sources = config.sources.flatMap((source, i) =>
    source.verify.scheme === 'standard-webhooks'
      ? source.secrets.flatMap((secret, j) => problemAt(secret, sourcePath(i, j)))
      : [],
  );
  const destinations = config.destinations.flatMap((d, i) =>
    d.type === 'forward' || d.type === 'n8n' ? problemAt(d.secret, `${destinationPath(i)}.secret`) : [],
  );
  return [...sources, ...destinations];
}
