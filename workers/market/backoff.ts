/**
 * Retry delays of a list that failed with nothing to show (SPEC §8: fall back, then recover): capped exponential
 * backoff with jitter. Attempt 1 waits about BACKOFF_BASE_MS, then 2×, 4×, … up to the cap (the store passes its
 * RETRY_AFTER_FAILURE_MS, 60 s). "Equal jitter": half the step is fixed, half is random, so the first retry comes
 * within seconds while many tabs that failed together do not retry in lockstep. Pure; the random source is passed in.
 */

/** The first retry's nominal delay, ms. */
export const BACKOFF_BASE_MS = 2_000;

/**
 * Delay before retry number `failures` (1 = after the first failure), ms, in [step/2, step) where
 * step = min(cap, BACKOFF_BASE_MS × 2^(failures − 1)). `random` returns [0, 1). `failures` < 1 counts as 1.
 */
export function backoffDelay(failures: number, capMs: number, random: () => number): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const step = Math.min(capMs, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random(), 0), 1));
}
