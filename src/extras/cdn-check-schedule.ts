/**
 * When the CDN check runs (SPEC §7 'A check after 5 s', §9 CDN check delay 5000 ms), in the first load: only the
 * timer. The check's code (./cdn-check.ts, with the API layer it reports through) is fetched when the timer fires,
 * so nothing of it is part of the page load; the report's own call code only if the check fails.
 */
import type { CdnCheckOptions, runCdnCheck } from './cdn-check.ts';

/** SPEC §9: delay after load, ms. */
export const CDN_CHECK_DELAY_MS = 5000;

/**
 * After `o.delayMs` (default CDN_CHECK_DELAY_MS) on `o.setTimeout`, loads the check (`load`, default the chunk) and
 * runs it with `o`. A failed load is logged and skips the check; never throws.
 */
export function scheduleCdnCheck(
  o: CdnCheckOptions,
  load: () => Promise<{ runCdnCheck: typeof runCdnCheck }> = () => import('./cdn-check.ts'),
): void {
  o.setTimeout(
    () =>
      void load().then(
        ({ runCdnCheck }) => runCdnCheck(o),
        (err: unknown) => console.warn('[cdn-check] failed to load; no check this page', err),
      ),
    o.delayMs ?? CDN_CHECK_DELAY_MS,
  );
}
