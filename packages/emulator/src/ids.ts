import { randomBytes, randomUUID } from 'node:crypto';

// Prefixes follow the document's `x-trackerkit-assumptions.ids`; only `spc_` is published.
export type IdKind = 'acc' | 'spc' | 'trk' | 'run' | 'src' | 'dat' | 'msg';

export function newId(kind: IdKind): string {
  return `${kind}_${randomUUID()}`;
}

export function newToken(): string {
  return `qapi_${randomBytes(24).toString('base64url')}`;
}
