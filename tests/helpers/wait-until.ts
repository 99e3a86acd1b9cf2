// The one bounded wait of the tests: poll a condition until it holds, and fail naming what was
// awaited once the timeout passes. A test waits for what it needs to see (a request arrived, a
// process said it is ready, a later event that comes after the one that must not), never for a
// fixed time, which is too short on a loaded machine and too long on an idle one.

export interface WaitOptions {
  /** Milliseconds before the wait fails; 10 s unless given. */
  timeout?: number;
  /** Milliseconds between two checks; 20 unless given. */
  interval?: number;
  /** What is awaited, for the error message: "every alert delivered". */
  what?: string;
}

/**
 * Resolves with the condition's first truthy value (so `const row = await waitUntil(() => find())`
 * works), checking at once and then every `interval` ms; rejects after `timeout` ms naming `what`.
 * A condition that throws ends the wait with its error at once: that is how a check says the
 * awaited thing can no longer come (the process exited), so it does not sit out the timeout.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  { timeout = 10_000, interval = 20, what = 'condition' }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= until) throw new Error(`waitUntil: ${what} not met in ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
