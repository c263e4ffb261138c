/**
 * Yielding to the main thread between pieces of start-up work, so no piece is a long task (> 50 ms at a phone's
 * speed): the browser paints and handles input in between (Lighthouse TBT, SPEC §9 responsiveness).
 */

import { whenIdle } from '../../common/idle.ts';

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task. Uses `scheduler.yield()` where the browser has it (the continuation runs ahead of other
 * queued tasks), else a zero-delay timeout. Never rejects.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield().catch(() => undefined);
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Calls `cb` in the browser's next idle period, at most `timeoutMs` later (requestIdleCallback); where the browser
 * has no idle callbacks (Safari), after `fallbackDelayMs` (default 0: the next task). The page's one idle scheduler
 * (common/idle.ts); returns its cancel. Never throws.
 */
export function onIdle(cb: () => void, timeoutMs: number, fallbackDelayMs = 0): () => void {
  return whenIdle(() => cb(), { timeoutMs, fallbackDelayMs });
}

/** Resolves in the browser's next idle period, at most `timeoutMs` later (see `onIdle`). Never rejects. */
export function idle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => onIdle(resolve, timeoutMs));
}
