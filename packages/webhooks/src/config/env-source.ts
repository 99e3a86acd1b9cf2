// An operator's alertmanager.yml has no `sources`: the tracker service's alerts then come in at `/`,
// verified with the account webhook's secret from the environment, so the file needs no key of
// this package to start.

/** The variable holding the `whsec_` secret of the service's account webhook. */
export const SECRET_ENV = 'TRACKERKIT_WEBHOOKS_SECRET';

/** Why a file without `sources` cannot start: it names both ways of giving one. */
export const NO_SOURCE = `sources: required, or set ${SECRET_ENV} (the whsec_ secret of the service's account webhook; alerts are then taken at /)`;

/** The source a file without `sources` gets, or undefined when the variable is unset. */
export function envSource(env: NodeJS.ProcessEnv) {
  if (!env[SECRET_ENV]) return undefined;
  return {
    name: 'tracker',
    path: '/',
    scheme: 'standard-webhooks' as const,
    secret: { env: SECRET_ENV },
    tolerance: '5m',
  };
}
