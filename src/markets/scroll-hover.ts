/**
 * Rows take no hover while the list scrolls under a still pointer (SPEC §9 virtual list; docs/BENCHMARKS.md
 * 'Scrolling, fifth pass'). Each wheel step moves another row under the pointer, so the browser hit-tests, restyles
 * the row that left and the row that came (`:hover`) and sends four boundary events (pointerout/over,
 * mouseout/over) through React's root listeners, inside the step's frame. With `pointer-events: none` on the rows
 * container during the scroll, none of that happens; hover comes back once the list has been still for
 * `stillMs`, or at once when the pointer moves or is pressed. Only while the pointer is over the list: a scroll
 * driven from the keyboard with the pointer elsewhere holds nothing. A press that lands while the rows are held (a click
 * right after a wheel step, without moving) still follows the row under it, with its modifier keys; so does a press
 * during which the hold began (the step's scroll event came between the button going down and up, which a loaded
 * machine makes common: the release then lands on the list, not on a row).
 */

/** What a list's scroll handler calls (`scrolled`) and its cleanup (`dispose`, restores hover). */
export interface ScrollHover {
  /** The list scrolled: rows stop taking hover until the list is still again. */
  scrolled(): void;
  /** Restores hover and removes the listeners. */
  dispose(): void;
}

/**
 * Holds hover on `rows()` (the rows container, or null while there is none) while `list` scrolls. `stillMs`: how
 * long after the last scroll event hover returns, ms. Listens to pointermove, pointerdown and click on `list`.
 */
export function holdHoverWhileScrolling(
  list: HTMLElement,
  rows: () => HTMLElement | null,
  stillMs: number,
): ScrollHover {
  let timer = 0;
  /** When the list last scrolled (performance.now(), ms): the one timer re-arms itself until it is `stillMs` old. */
  let lastScroll = 0;
  /** The last press landed while the rows were held, or a hold began during it: its click goes to the row under it. */
  let pressedHeld = false;
  /** A button is down on the list (from pointerdown to its click). */
  let pressing = false;
  /** The pointer is over the list (a wheel step says so too). A scroll with the pointer elsewhere (a keyboard walk
   * from the search field) moves no row under it: no hold, so no style pass over every row to start and end one. */
  let inside = false;
  const enter = () => {
    inside = true;
  };
  const leave = () => {
    inside = false;
  };
  const release = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    const el = rows();
    if (el) el.style.pointerEvents = '';
  };
  const expire = () => {
    const left = lastScroll + stillMs - performance.now();
    if (left > 1) timer = window.setTimeout(expire, left);
    else release();
  };
  const onDown = () => {
    pressedHeld = timer !== 0;
    pressing = true;
    release();
  };
  const onClick = (e: MouseEvent) => {
    pressing = false;
    if (!pressedHeld) return;
    pressedHeld = false;
    // A hold that began during the press is still on: hit testing must see the rows again.
    release();
    if (e.button !== 0 || e.defaultPrevented || !(e.target instanceof Element)) return;
    if (e.target.closest('a.market-row')) return; // the press reached the row after all
    const row = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLAnchorElement>('a.market-row');
    // The same click, modifiers included, so Ctrl/Cmd/Shift-click still opens a new tab or window.
    if (row && list.contains(row))
      row.dispatchEvent(
        new MouseEvent('click', {
          bubbles: true,
          cancelable: true,
          view: window,
          clientX: e.clientX,
          clientY: e.clientY,
          screenX: e.screenX,
          screenY: e.screenY,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          shiftKey: e.shiftKey,
          altKey: e.altKey,
          button: 0,
        }),
      );
  };
  list.addEventListener('pointerenter', enter, { passive: true });
  list.addEventListener('wheel', enter, { passive: true });
  list.addEventListener('pointerleave', leave, { passive: true });
  list.addEventListener('pointermove', release, { passive: true });
  list.addEventListener('pointerdown', onDown, { passive: true });
  list.addEventListener('click', onClick);
  return {
    scrolled() {
      // Every wheel step calls this: it only notes the time while a hold is on (no timer churn per step).
      lastScroll = performance.now();
      if (pressing) pressedHeld = true;
      if (timer || !inside) return;
      const el = rows();
      if (el) el.style.pointerEvents = 'none';
      timer = window.setTimeout(expire, stillMs);
    },
    dispose() {
      release();
      list.removeEventListener('pointerenter', enter);
      list.removeEventListener('wheel', enter);
      list.removeEventListener('pointerleave', leave);
      list.removeEventListener('pointermove', release);
      list.removeEventListener('pointerdown', onDown);
      list.removeEventListener('click', onClick);
    },
  };
}
