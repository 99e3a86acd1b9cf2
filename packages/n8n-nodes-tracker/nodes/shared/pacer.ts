// Keeps uploads within the service's rate limit (LIMITS.uploadsPerWindow per uploadWindowSeconds) with a
// sliding window, so a large upload waits instead of collecting 429s. The clock and the wait are
// injected: n8n's `sleep` in the node, fakes in the unit tests.
export class SlidingWindowPacer {
  private readonly sent: number[] = [];
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(max: number, windowMs: number, now: () => number, wait: (ms: number) => Promise<void>) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
    this.wait = wait;
  }

  /** Resolves when one more request fits in the window, and records it. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length > 0 && now - (this.sent[0] as number) >= this.windowMs) this.sent.shift();
      if (this.sent.length < this.max) {
        this.sent.push(now);
        return;
      }
      await this.wait((this.sent[0] as number) + this.windowMs - now);
    }
  }
}
