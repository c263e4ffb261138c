// @vitest-environment happy-dom
// Work that can wait runs in the first idle period after the page is interactive (src/lib/yield.ts
// onIdleAfterHydration; SPEC §9 responsiveness): never before the header's hydration, even when an idle period opens
// between start-up's tasks; a page that never says it is interactive goes on after the cap.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT } from '../../common/page-loader.ts';
import { HYDRATION_WAIT_CAP_MS, onIdleAfterHydration } from '../../src/lib/yield.ts';

describe('onIdleAfterHydration', () => {
  let idleCallbacks: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    idleCallbacks = [];
    // An idle period opens only when the test says so.
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idleCallbacks.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const idlePeriod = () => idleCallbacks.splice(0).forEach((cb) => cb());
  const pageHydrated = () => document.dispatchEvent(new Event(HYDRATED_EVENT));
  const partHydrated = () => document.dispatchEvent(new CustomEvent(HYDRATED_EVENT, { detail: 'footer' }));

  it('waits for the page to be interactive, then for an idle period', () => {
    const cb = vi.fn();
    onIdleAfterHydration(cb, 2000);
    idlePeriod();
    partHydrated();
    idlePeriod();
    expect(cb).not.toHaveBeenCalled();
    pageHydrated();
    expect(cb).not.toHaveBeenCalled();
    idlePeriod();
    expect(cb).toHaveBeenCalledTimes(1);
    pageHydrated();
    idlePeriod();
    vi.advanceTimersByTime(HYDRATION_WAIT_CAP_MS);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('goes on after the cap when the page never says it is interactive', () => {
    const cb = vi.fn();
    onIdleAfterHydration(cb, 2000, 500);
    vi.advanceTimersByTime(499);
    idlePeriod();
    expect(cb).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    idlePeriod();
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('cancelled before or after the page is interactive, never runs', () => {
    const early = vi.fn();
    const late = vi.fn();
    onIdleAfterHydration(early, 2000)();
    const cancelLate = onIdleAfterHydration(late, 2000);
    pageHydrated();
    cancelLate();
    idlePeriod();
    vi.advanceTimersByTime(HYDRATION_WAIT_CAP_MS);
    idlePeriod();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
