/**
 * Yielding to the main thread between pieces of start-up work, so no piece is a long task (> 50 ms at a phone's
 * speed): the browser paints and handles input in between (Lighthouse TBT, SPEC §9 responsiveness).
 */

import { whenIdle } from '../../common/idle.ts';
import { HYDRATED_EVENT } from '../../common/page-loader.ts';

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

/** Longest wait for the page to say it is interactive before {@link onIdleAfterHydration} goes on anyway, ms. */
export const HYDRATION_WAIT_CAP_MS = 3000;

/**
 * Calls `cb` in the first idle period after the page is interactive, at most `timeoutMs` after that: the page says
 * so with HYDRATED_EVENT without a detail (markInteractive, src/state/site.ts). Work that can wait (the other
 * namespaces' catalogues, the market engine's warm-up) then never runs before the header is hydrated, although an
 * idle period can open between start-up's tasks (module evaluation, i18n, the root's creation), before React has
 * started. A page that never says so (an embedding host) goes on after `capMs`. `fallbackDelayMs` as in `onIdle`.
 * Returns its cancel, good at every stage. Never throws; without a document that takes listeners (server, worker)
 * it is `onIdle`.
 */
export function onIdleAfterHydration(
  cb: () => void,
  timeoutMs: number,
  capMs = HYDRATION_WAIT_CAP_MS,
  fallbackDelayMs = 0,
): () => void {
  if (typeof document?.addEventListener !== 'function') return onIdle(cb, timeoutMs, fallbackDelayMs);
  let cancelIdle: (() => void) | null = null;
  const go = () => {
    document.removeEventListener(HYDRATED_EVENT, onHydrated);
    clearTimeout(cap);
    cancelIdle ??= onIdle(cb, timeoutMs, fallbackDelayMs);
  };
  // A part that hydrates later (the footer) says so with its name as the detail: not the page.
  const onHydrated = (e: Event) => {
    if (!(e as CustomEvent<unknown>).detail) go();
  };
  const cap = setTimeout(go, capMs);
  document.addEventListener(HYDRATED_EVENT, onHydrated);
  return () => {
    document.removeEventListener(HYDRATED_EVENT, onHydrated);
    clearTimeout(cap);
    cancelIdle?.();
    cancelIdle = () => undefined;
  };
}

/**
 * Starts `task` once the browser is idle after the page load and its hydration (onIdleAfterHydration), or at once
 * on `now()`. Returns `now` so an intent can start it earlier; `task` runs at most once. `timeoutMs` bounds the wait
 * for idle time (default 2000 ms).
 */
export function onIdleOrIntent(task: () => void, timeoutMs = 2000): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  if (typeof window === 'undefined') return run;
  const schedule = () => onIdleAfterHydration(run, timeoutMs);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return run;
}
