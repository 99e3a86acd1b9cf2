/** The body as bytes; strings are UTF-8. Never re-encodes a Buffer, so signatures see the exact bytes. */
export function toBytes(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}
