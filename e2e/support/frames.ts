// Waiting on the page's own rendering instead of a fixed delay: resolves after `count` animation frames of the page
// and one task after the last, so a ResizeObserver callback, a React commit scheduled from it, or a focus change
// deferred to the next task has run.
import type { Page } from '@playwright/test';

/** Resolves once the page has rendered `count` frames (default 2) and run one task after them. */
export async function afterFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) =>
          left === 0 ? setTimeout(resolve, 0) : requestAnimationFrame(() => step(left - 1));
        step(n);
      }),
    count,
  );
}

/** Resolves once every animation and transition in `selector`'s subtree has finished (none running: at once). */
export async function animationsDone(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    );
}

/**
 * Resolves once the page has had an idle period (requestIdleCallback) and the frames after it: work a page defers
 * to idle time (SPEC §9: the footer's gate, lazy parts) has been started by then.
 */
export async function afterIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await afterFrames(page, 2);
}
