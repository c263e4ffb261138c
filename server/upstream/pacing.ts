/**
 * Pacing of upstream traffic (docs/API.md 'Market sources'): capped exponential backoff with jitter for retries and
 * reconnects, and a requests-per-second limit for REST calls. Pure but for the clock and the random source passed in.
 */

/**
 * Delay before retry or reconnect number `attempt` (1 = the first after a failure), ms, in [step/2, step] where
 * step = min(capMs, baseMs × 2^(attempt − 1)) ("equal jitter": many servers that failed together do not retry in
 * lockstep). `random` returns [0, 1).
 */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 30));
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random(), 0), 1));
}

/** Spaces calls to at most `perSecond` a second: each `wait()` resolves at the next free slot. */
export class RequestPacer {
  private next = 0;
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when this request may go (immediately when the last slot is over). */
  wait(): Promise<void> {
    const now = this.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    return at > now ? new Promise((resolve) => setTimeout(resolve, at - now).unref()) : Promise.resolve();
  }
}
