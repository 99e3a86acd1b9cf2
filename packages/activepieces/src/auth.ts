// The connection: the service's base address, an API token and, for the alert trigger, the account
// webhook's signing secret. Every check is the core's (base address, secret policy); the connection
// test is one cheap call through the client.
import { type AppConnectionValueForAuthProperty, PieceAuth, Property } from '@activepieces/pieces-framework';
import { createTrackerClient, type TrackerClient, TrackerError } from '@trackerkit/client';
import { BASE_URL_RULE, isServiceBaseUrl } from '@trackerkit/core';
import { SECRET_POLICY_RULE, secretProblems } from '@trackerkit/core/signing';

export const trackerAuth = PieceAuth.CustomAuth({
  displayName: 'Tracker connection',
  description:
    'Create an API token in the Tracker web console (Account, API tokens). The signing secret is only needed by the New Alert trigger: it is shown beside the account webhook (Account, Webhook).',
  required: true,
  props: {
    baseUrl: Property.ShortText({
      displayName: 'Base URL',
      description: `The service address, ${BASE_URL_RULE} (e.g. https://api.example.com/v1)`,
      required: true,
    }),
    // ShortText, not SecretText: the framework's CustomAuth schema (PieceMetadata) accepts only text,
    // number, checkbox and dropdown props; Activepieces stores every connection value encrypted.
    token: Property.ShortText({ displayName: 'API token', required: true }),
    webhookSecret: Property.ShortText({
      displayName: 'Webhook signing secret',
      description: `For the New Alert trigger: ${SECRET_POLICY_RULE}`,
      required: false,
    }),
  },
  validate: async ({ auth }) => {
    const problem = connectionProblem(auth);
    if (problem) return { valid: false, error: problem };
    try {
      // The smallest authenticated read: one space.
      await clientOf(auth).spaces.list({ page_size: 1 });
      return { valid: true };
    } catch (error) {
      return { valid: false, error: error instanceof TrackerError ? error.message : String(error) };
    }
  },
});

export interface ConnectionProps {
  baseUrl: string;
  token: string;
  webhookSecret?: string | undefined;
}

/** What is wrong with a connection before any request, as one line naming the field; undefined when fine. */
export function connectionProblem(auth: ConnectionProps): string | undefined {
  if (!isServiceBaseUrl(auth.baseUrl)) return `Base URL must be ${BASE_URL_RULE}`;
  if (!auth.token) return 'API token is required';
  if (auth.webhookSecret) {
    const [problem] = secretProblems(auth.webhookSecret, ['webhookSecret']);
    if (problem) return `Webhook signing secret: ${problem.message} (rule ${problem.rule})`;
  }
  return undefined;
}

/** The connection value as Activepieces hands it to actions, triggers and dropdowns. */
export type ConnectionValue = AppConnectionValueForAuthProperty<typeof trackerAuth>;

/** Connection props from either shape: the connection value (`{ props }`) or the props themselves (validate). */
const propsOf = (auth: { props: ConnectionProps } | ConnectionProps): ConnectionProps =>
  'props' in auth ? auth.props : auth;

/** The client for a connection: the client holds every rule of a request (ids, validation, retries). */
export function clientOf(auth: { props: ConnectionProps } | ConnectionProps): TrackerClient {
  const { baseUrl, token } = propsOf(auth);
  return createTrackerClient({ baseUrl, token, userAgent: '@trackerkit/activepieces' });
}

/** The signing secret of a connection, if it has one. */
export const webhookSecretOf = (auth: { props: ConnectionProps }): string | undefined =>
  propsOf(auth).webhookSecret || undefined;
