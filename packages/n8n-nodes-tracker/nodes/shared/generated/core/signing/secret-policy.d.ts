// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
export declare const SECRET_POLICY_RULE: string;
/** Problems of a secret against the policy, under `path` (a config field, a credential). */
export declare function secretProblems(secret: string, path?: (string | number)[]): Problem[];
/** The HMAC key of a secret that meets the policy; throws (naming the rule) for one that does not. */
export declare function secretKey(secret: string): Uint8Array;
/** A new random secret that meets the policy (24 bytes, as Standard Webhooks libraries make). */
export declare function generateSecret(randomBytes: (n: number) => Uint8Array): string;
