// Custom authentication: an API token sent as `Authorization: Bearer` by the client, and the base
// address (the hosted service's by default, any `…/v1` address for a self-hosted one or the emulator).
import { BASE_URL_RULE } from '@trackerkit/core';
import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { HOSTED_BASE_URL, withClient } from './tracker-client.ts';

/**
 * The cheapest authenticated call, one space. What it returns is the connection's bundle.inputData,
 * from which the connection label names the host (Zapier adds the app's name itself).
 */
async function test(z: ZObject, bundle: Bundle) {
  return withClient(z, bundle, async (client) => {
    const page = await client.spaces.list({ page_size: 1 });
    const base = (bundle.authData as { baseUrl?: string }).baseUrl?.trim() || HOSTED_BASE_URL;
    return { host: new URL(base).host, spaces: page.pagination.total_items };
  });
}

export const authentication = {
  type: 'custom' as const,
  fields: [
    {
      key: 'apiToken',
      label: 'API Token',
      type: 'password' as const,
      required: true,
      helpText: 'Created in the web console under Account, then API Tokens (starts with `qapi_`).',
    },
    {
      key: 'baseUrl',
      label: 'Base URL',
      type: 'string' as const,
      required: false,
      default: HOSTED_BASE_URL,
      helpText: `The service address, ${BASE_URL_RULE}. Leave the default for the hosted service.`,
    },
  ],
  test,
  connectionLabel: '{{bundle.inputData.host}}',
} satisfies Authentication;
