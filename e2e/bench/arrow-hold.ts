/**
 * ArrowDown held in the search field (SPEC §9 keyboard), the measurement of the bench's keyboard and floor cases: 90
 * keydowns 33 ms apart on a fixed schedule (30 a second, CDP `Input.dispatchKeyEvent` `rawKeyDown` with autoRepeat,
 * not waiting for the page), then a keyUp; key → the frame in which the active row is in the DOM, marked and inside
 * the scroller (page-probes.ts INSTALL_ARROW_PROBE), and the long tasks from the first key to 1.5 s after the last.
 */
import type { CDPSession, Page } from '@playwright/test';
import { INSTALL_ARROW_PROBE } from './page-probes.ts';
import { now, percentile, round, tasksBetween, type TaskFigures } from './measure.ts';

/** ArrowDown keydowns per hold, and their spacing (30 a second), ms. */
const ARROW_KEYS = 90;
const ARROW_GAP_MS = 33;

/** What one hold measured. */
export interface ArrowHold {
  keyToActiveP50Ms: number | null;
  keyToActiveP95Ms: number | null;
  /** Keys sent, and keys whose active row reached the screen. */
  keys: number;
  paintedKeys: number;
  /** The active row's index at the end (how far the keys walked); -1 when none is named. */
  finalIndex: number;
  tasks: TaskFigures;
}

/**
 * Holds ArrowDown in `page`'s search field, which must have focus, through its CDP session `cdp` (the page's CPU
 * throttle stays as it is); returns the figures.
 */
export async function holdArrowDown(page: Page, cdp: CDPSession): Promise<ArrowHold> {
  await page.evaluate(INSTALL_ARROW_PROBE);
  const from = await now(page);
  const key = { key: 'ArrowDown', code: 'ArrowDown', windowsVirtualKeyCode: 40, nativeVirtualKeyCode: 40 };
  const sent: Array<Promise<unknown>> = [];
  const start = Date.now();
  for (let k = 0; k < ARROW_KEYS; k++) {
    // On a schedule, not after each key is handled: a held key repeats whatever the page is doing.
    const wait = start + k * ARROW_GAP_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', autoRepeat: k > 0, ...key }));
  }
  sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
  await Promise.all(sent);
  // The window over which the last keys' frames and long tasks are counted (it measures time).
  await page.waitForTimeout(1500);
  const to = await now(page);
  const { keys, finalIndex } = await page.evaluate(() => {
    const w = window as unknown as {
      __MH_ARROWS__: Array<{ at: number; paintedAt: number | null }>;
      __MH_ARROWS_STOP__: boolean;
    };
    w.__MH_ARROWS_STOP__ = true;
    const id = document.querySelector('[data-testid="market-search"]')?.getAttribute('aria-activedescendant');
    const m = /-row-(\d+)$/.exec(id ?? '');
    return { keys: w.__MH_ARROWS__, finalIndex: m ? Number(m[1]) : -1 };
  });
  const latencies = keys.filter((k) => k.paintedAt !== null).map((k) => k.paintedAt! - k.at);
  return {
    keyToActiveP50Ms: round(percentile(latencies, 50)),
    keyToActiveP95Ms: round(percentile(latencies, 95)),
    keys: keys.length,
    paintedKeys: latencies.length,
    finalIndex,
    tasks: await tasksBetween(page, from, to),
  };
}
