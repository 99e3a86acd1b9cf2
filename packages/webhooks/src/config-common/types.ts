// The configuration types the layers below the loader share: a destination's definition
// (delivery/destinations) and the loader (config/) both speak of a retry policy.

export interface RetryPolicy {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
}
