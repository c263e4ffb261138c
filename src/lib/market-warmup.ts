/**
 * Starting the market engine (worker start and IndexedDB cache read, src/markets/engine-client.ts) without putting
 * it in the first load: once the browser is idle after the page load, or on the first intent on a menu with market
 * panels, whichever comes first — so a panel still paints from the IndexedDB cache before the network answers
 * (SPEC §4, §8). Failures are logged; the panels show their own error state and the next call retries.
 */
import { onIdleOrIntent } from './yield.ts';

let started: Promise<void> | null = null;

/** Loads the engine client chunk and starts the engine; idempotent, never rejects. */
export function warmMarketEngine(): Promise<void> {
  started ??= import('../markets/engine-client.ts')
    .then((m) => m.getMarketEngine())
    .then(
      () => undefined,
      (err: unknown) => {
        started = null;
        console.error('[markets] engine start failed', err);
      },
    );
  return started;
}

/** Schedules {@link warmMarketEngine} for idle time after load; returns the function that starts it at once. */
export function warmMarketEngineWhenIdle(): () => void {
  return onIdleOrIntent(() => void warmMarketEngine());
}
