// The service's rate limits (an operation's `x-rate-limit`: so many requests per window, per
// account) as one sliding-window rule, for both sides of it: the emulator refuses the request over
// the limit with 429 and `Retry-After`; the client's and the n8n node's upload pacer waits instead
// of being refused. Which instants each side counts differs, and is the caller's to choose: the
// service counts a request when it arrives, while a client cannot know that instant, so it counts
// one when its answer comes back (the service saw it no later than that) and also counts the
// requests still in flight, whose stamps are yet to come. Whole seconds of `Retry-After` are the
// server's side only: a client reads them with `parseRetryAfter`.

/** A sliding window: at most `limit` requests in any `windowMs`. */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/** An operation's `x-rate-limit`, as the document writes it, as a window. */
export function rateWindow(rule: { requests: number; window_seconds: number }): RateWindow {
  return { limit: rule.requests, windowMs: rule.window_seconds * 1000 };
}

export interface WindowState {
  /** The stamps still inside the window, oldest first (a caller keeps these and drops the rest). */
  recent: number[];
  /**
   * 0: one more request fits now. Otherwise how long until the oldest stamp leaves the window; null
   * when the window is full of `pending` requests only, so only one of them ending can free a slot.
   */
  waitMs: number | null;
}

/** Whether one more request fits the window at `nowMs`, given earlier ones' stamps (oldest first). */
export function windowState(
  stamps: readonly number[],
  nowMs: number,
  window: RateWindow,
  pending = 0,
): WindowState {
  const recent = stamps.filter((at) => at > nowMs - window.windowMs);
  if (recent.length + pending < window.limit) return { recent, waitMs: 0 };
  const oldest = recent[0];
  return { recent, waitMs: oldest === undefined ? null : oldest + window.windowMs - nowMs };
}

/** A 429's `Retry-After` for a wait: whole seconds, rounded up, and never 0 (that would mean "now"). */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
