/** `text` with every one of `secrets` replaced by `[redacted]` (give them longest first). */
export function cutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.replaceAll(secret, '[redacted]');
  return out;
}
