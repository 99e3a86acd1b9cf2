// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type KeyObject } from 'node:crypto';
/** A function from a secret to its HMAC KeyObject, with `derive` (the scheme's key bytes) run once per secret. */
export declare function keyCache(derive: (secret: string) => Uint8Array): (secret: string) => KeyObject;
