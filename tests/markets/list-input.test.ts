// @vitest-environment happy-dom
// The market list's input adapter (src/markets/list-input.ts) and its policies: the hover hold while scrolling
// (scroll-hover.ts), live stillness (live-still.ts), a moved pointer against content moved under a still one
// (PointerTrack); the adapter alone listens on the scroller and feeds them and the controller (SPEC §9).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoverHold } from '../../src/markets/scroll-hover.ts';
import { STILL_AFTER_MS, StillWatch } from '../../src/markets/live-still.ts';
import { ListInput, PointerTrack, type InputRows } from '../../src/markets/list-input.ts';
import type { SlotOrder } from '../../src/markets/slot-order.ts';

afterEach(() => vi.useRealTimers());

describe('HoverHold', () => {
  function hold() {
    const timers: Array<{ cb: () => void; ms: number }> = [];
    let now = 0;
    const held: boolean[] = [];
    const h = new HoverHold({
      stillMs: 150,
      setHeld: (on) => held.push(on),
      now: () => now,
      setTimer: (cb, ms) => timers.push({ cb, ms }),
      clearTimer: () => timers.splice(0),
    });
    const fire = (at: number) => {
      now = at;
      timers.splice(0).forEach((t) => t.cb());
    };
    return { h, held, timers, fire, setNow: (t: number) => (now = t) };
  }

  it('holds hover on a scroll with the pointer over the list, one timer for a run of steps', () => {
    const { h, held, timers, fire, setNow } = hold();
    h.scrolled();
    expect(held).toEqual([]); // pointer elsewhere: a keyboard walk holds nothing
    h.enter();
    h.scrolled();
    setNow(100);
    h.scrolled();
    expect(held).toEqual([true]);
    expect(timers).toHaveLength(1);
    fire(150); // 50 ms since the last step: re-armed, not released
    expect(held).toEqual([true]);
    expect(timers[0]!.ms).toBe(100);
    fire(250);
    expect(held).toEqual([true, false]);
    expect(h.held).toBe(false);
  });

  it('gives hover back at once when the pointer moves or presses', () => {
    const { h, held } = hold();
    h.enter();
    h.scrolled();
    h.moved();
    expect(held).toEqual([true, false]);
    h.scrolled();
    h.pressed();
    expect(held).toEqual([true, false, true, false]);
  });

  it('sends on the click of a press that landed on held rows, or during which a hold began, once', () => {
    const { h } = hold();
    h.enter();
    h.scrolled();
    h.pressed();
    expect(h.clicked()).toBe(true);
    expect(h.clicked()).toBe(false);
    h.pressed();
    h.scrolled(); // the step's scroll event came between down and up
    expect(h.clicked()).toBe(true);
    h.pressed();
    expect(h.clicked()).toBe(false);
  });
});

describe('StillWatch', () => {
  it('reports still at once, busy on activity, still again STILL_AFTER_MS after it with pointer and focus out', () => {
    vi.useFakeTimers();
    const seen: boolean[] = [];
    const w = new StillWatch((s) => seen.push(s));
    expect(seen).toEqual([true]);
    w.busy();
    w.busy();
    expect(seen).toEqual([true, false]);
    vi.advanceTimersByTime(STILL_AFTER_MS);
    expect(seen).toEqual([true, false, true]);
    w.enter();
    vi.advanceTimersByTime(STILL_AFTER_MS * 3);
    expect(seen).toEqual([true, false, true, false]);
    w.leave();
    w.focusIn();
    vi.advanceTimersByTime(STILL_AFTER_MS);
    expect(seen.at(-1)).toBe(false);
    w.focusOut(true); // focus moved within the list
    vi.advanceTimersByTime(STILL_AFTER_MS);
    expect(seen.at(-1)).toBe(false);
    w.focusOut(false);
    vi.advanceTimersByTime(STILL_AFTER_MS);
    expect(seen.at(-1)).toBe(true);
    w.busy();
    w.dispose();
    vi.advanceTimersByTime(STILL_AFTER_MS);
    expect(seen.at(-1)).toBe(false);
  });
});

describe('PointerTrack', () => {
  it('tells a pointer that moved onto a row from content that moved under a still one', () => {
    const p = new PointerTrack();
    p.moved(10, 20);
    expect(p.over(10, 20)).toBe(false);
    expect(p.over(10, 30)).toBe(true);
    expect(p.over(10, 30)).toBe(false);
  });
});

describe('ListInput', () => {
  function setup() {
    document.body.innerHTML =
      '<div class="market-panel"><input id="q"><div id="list"><div id="rows">' +
      '<div class="market-row-slot" id="r0"><span class="market-row-star"><button class="favourite-toggle"></button></span>' +
      '<span><a class="market-row" href="/trade/A_USDT">A</a></span></div></div></div></div>';
    const list = document.getElementById('list')!;
    const panel = list.closest<HTMLElement>('.market-panel')!;
    const container = document.getElementById('rows')!;
    const calls: string[] = [];
    const order = {
      onFocusIn: () => calls.push('order focus'),
      onMouseDown: () => calls.push('order mousedown'),
      onKeyDown: (e: KeyboardEvent) => calls.push(`order key ${e.key}`),
    } as unknown as SlotOrder;
    const rows: InputRows = {
      container,
      order,
      active: -1,
      indexAt: (el, loaded) => (el.closest('#r0') ? 7 : loaded ? -1 : -1),
    };
    const target = {
      setScrollTop: (px: number) => calls.push(`scroll ${px}`),
      prefetchMargins: () => calls.push('margins'),
      setActive: (i: number) => calls.push(`active ${i}`),
      toggleFavourite: (i: number) => calls.push(`star ${i}`),
      reportStill: (s: boolean) => calls.push(`still ${s}`),
    };
    const tops: number[] = [];
    const input = new ListInput(
      list,
      target,
      { rows: () => rows, hoverAfterScrollMs: 150, onScrollTop: (t) => tops.push(t) },
      panel,
    );
    return { list, panel, container, calls, input, tops };
  }

  const pointer = (type: string, x = 5, y = 5) =>
    new PointerEvent(type, { bubbles: true, clientX: x, clientY: y });

  it('reports still at start, and a scroll to the controller, the view-all callback and the policies', () => {
    const { list, calls, tops, container } = setup();
    expect(calls).toEqual(['still true']);
    list.dispatchEvent(pointer('pointerenter'));
    expect(calls).toContain('margins');
    list.scrollTop = 0;
    list.dispatchEvent(new Event('scroll'));
    expect(calls).toContain('scroll 0');
    expect(tops).toEqual([0]);
    expect(calls.filter((c) => c === 'still false')).toHaveLength(1);
    expect(container.style.pointerEvents).toBe('none');
    list.dispatchEvent(pointer('pointermove'));
    expect(container.style.pointerEvents).toBe('');
  });

  it('makes a row active on a real pointer move onto it, not when content moved under a still pointer', () => {
    const { calls } = setup();
    const row = document.getElementById('r0')!;
    document.dispatchEvent(pointer('pointermove', 5, 5));
    row.dispatchEvent(pointer('pointerover', 5, 5));
    expect(calls.filter((c) => c.startsWith('active'))).toEqual([]);
    row.dispatchEvent(pointer('pointerover', 5, 40));
    expect(calls.filter((c) => c.startsWith('active'))).toEqual(['active 7']);
  });

  it('toggles the star of a row on its press, without following the link', () => {
    const { calls } = setup();
    const star = document.querySelector<HTMLElement>('.favourite-toggle')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    star.dispatchEvent(click);
    expect(calls).toContain('star 7');
    expect(click.defaultPrevented).toBe(true);
  });

  it('passes focus, mouse presses and Tab in the list to the order keeper, and panel keys to stillness', () => {
    const { list, panel, calls } = setup();
    const link = document.querySelector<HTMLElement>('a.market-row')!;
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    link.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    document.getElementById('q')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(calls.filter((c) => c.startsWith('order'))).toEqual([
      'order focus',
      'order mousedown',
      'order key Tab',
    ]);
    expect(calls).toContain('still false');
    expect(list.contains(link) && panel.contains(list)).toBe(true);
  });

  it('removes every listener on destroy', () => {
    const { list, calls, input } = setup();
    input.destroy();
    calls.length = 0;
    list.dispatchEvent(new Event('scroll'));
    list.dispatchEvent(pointer('pointerenter'));
    expect(calls).toEqual([]);
  });
});
