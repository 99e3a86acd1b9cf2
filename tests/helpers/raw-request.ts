// One HTTP request with exactly the headers given, Host included (fetch will not send a chosen
// Host), as a browser page, a DNS-rebound page or curl would send it. Used by the origin-rule
// tests of the receiver, the MCP endpoint and the emulator's console.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined. */
  // biome-ignore lint/suspicious/noExplicitAny: answers vary per endpoint; the assertions check them.
  json: any;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** What a page of another site sends along with its request (no preflight for these types). */
export const CROSS_SITE = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } as const;
