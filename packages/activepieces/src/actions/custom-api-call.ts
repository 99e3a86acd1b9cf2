// The "Custom API Call" action every Activepieces piece offers: any endpoint of the API, with the
// connection's token added. A relative URL is joined to the connection's Base URL.
import { createCustomApiCallAction } from '@activepieces/pieces-common';
import { trackerAuth } from '../auth.ts';

/**
 * The framework's action sends to an absolute URL as given, with the token. The token is only ever
 * sent under the connection's Base URL: anything else is refused before the request.
 */
export function tokenMayGoTo(url: string, baseUrl: string): boolean {
  if (!/^https?:\/\//i.test(url)) return true;
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return url === baseUrl || url.startsWith(base);
}

export const customApiCall = createCustomApiCallAction({
  auth: trackerAuth,
  baseUrl: (auth) => (auth ? auth.props.baseUrl : ''),
  authMapping: async (auth, propsValue) => {
    const url = String((propsValue.url as { url?: unknown } | undefined)?.url ?? '');
    if (!tokenMayGoTo(url, auth.props.baseUrl)) {
      throw new Error(
        `@trackerkit/activepieces: URL ${url} is outside the connection's Base URL ${auth.props.baseUrl}; the API token is sent only there (use a relative path)`,
      );
    }
    return { Authorization: `Bearer ${auth.props.token}` };
  },
});
