/** POSTs to the receiver over a real socket; returns status, headers and the parsed body. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Headers;
  json: { ok?: boolean; duplicate?: boolean; error?: string; reason?: string };
}> {
  const response = await fetch(url, { method: 'POST', body, headers });
  const text = await response.text();
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, json };
}
