// The one idle scheduler (common/idle.ts): the idle callback where the realm has one, a timer where it has none, and
// a cancel that stops the callback before it runs and is harmless after.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, type IdleDeadlineLike } from '../../common/idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('uses requestIdleCallback with the timeout; cancel calls cancelIdleCallback once, only before the run', () => {
    const queued: Array<{ cb: (d: IdleDeadlineLike) => void; timeout: number; handle: number }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: (d: IdleDeadlineLike) => void, o: { timeout: number }) => {
      queued.push({ cb, timeout: o.timeout, handle: queued.length + 1 });
      return queued.length;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => void cancelled.push(handle));
    const ran: number[] = [];
    const cancelFirst = whenIdle((d) => void ran.push(d.timeRemaining()), { timeoutMs: 1000 });
    const cancelSecond = whenIdle(() => void ran.push(-1), { timeoutMs: 50 });
    expect(queued.map((q) => q.timeout)).toEqual([1000, 50]);
    cancelSecond();
    cancelSecond();
    expect(cancelled).toEqual([2]);
    queued[0]!.cb({ timeRemaining: () => 12 });
    cancelFirst();
    expect(cancelled).toEqual([2]);
    expect(ran).toEqual([12]);
  });

  it('in a realm with requestIdleCallback but no cancelIdleCallback, cancel still stops the callback', () => {
    const queued: Array<(d: IdleDeadlineLike) => void> = [];
    vi.stubGlobal('requestIdleCallback', (cb: (d: IdleDeadlineLike) => void) => queued.push(cb));
    vi.stubGlobal('cancelIdleCallback', undefined);
    const ran: number[] = [];
    const cancel = whenIdle(() => void ran.push(1), { timeoutMs: 100 });
    expect(() => cancel()).not.toThrow();
    queued[0]!({ timeRemaining: () => 5 });
    expect(ran).toEqual([]);
  });

  it('runs a callback once even when the realm calls it twice', () => {
    const queued: Array<(d: IdleDeadlineLike) => void> = [];
    vi.stubGlobal('requestIdleCallback', (cb: (d: IdleDeadlineLike) => void) => queued.push(cb));
    const ran: number[] = [];
    whenIdle((d) => void ran.push(d.timeRemaining()), { timeoutMs: 100 });
    queued[0]!({ timeRemaining: () => 5 });
    queued[0]!({ timeRemaining: () => 6 });
    expect(ran).toEqual([5]);
  });

  it('without idle callbacks runs after the fallback delay with the fallback budget; cancel stops it', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran: number[] = [];
    whenIdle((d) => void ran.push(d.timeRemaining()), {
      timeoutMs: 2000,
      fallbackDelayMs: 16,
      fallbackBudgetMs: 8,
    });
    const cancel = whenIdle(() => void ran.push(-1), { timeoutMs: 2000 });
    cancel();
    vi.advanceTimersByTime(15);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([8]);
  });
});
