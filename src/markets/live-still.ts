/**
 * When a market list is still (ARCHITECTURE.md 'Live lists'): a row never moves under the pointer or during a scroll,
 * so the engine may recompute a panel's order only while its list is still. A list is not still while the pointer
 * is over it or focus is in its rows, and for STILL_AFTER_MS after its last scroll, hover or key press in its panel
 * (a keyboard walk from the panel's search field moves the active row without focus entering the list); this
 * watcher reports the changes.
 */

/** Quiet time after the last scroll, pointer move or key press before the list counts as still, ms. */
export const STILL_AFTER_MS = 1_000;

/**
 * Watches `list` (the scroller) and the key presses inside `keys` (its panel, search field included; default the
 * list) and calls `report(still)` on every change (first with true). Returns the stop function (removes its
 * listeners and timer).
 */
export function watchStill(
  list: HTMLElement,
  report: (still: boolean) => void,
  keys: HTMLElement = list,
): () => void {
  let inside = false;
  let focused = false;
  let still = true;
  let timer = 0;
  const set = (next: boolean) => {
    if (next === still) return;
    still = next;
    report(next);
  };
  const busy = () => {
    set(false);
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (!inside && !focused) set(true);
    }, STILL_AFTER_MS);
  };
  const enter = () => {
    inside = true;
    busy();
  };
  const leave = () => {
    inside = false;
    busy();
  };
  const focusIn = () => {
    focused = true;
    busy();
  };
  const focusOut = (e: FocusEvent) => {
    if (e.relatedTarget instanceof Node && list.contains(e.relatedTarget)) return;
    focused = false;
    busy();
  };
  list.addEventListener('focusin', focusIn);
  list.addEventListener('focusout', focusOut);
  list.addEventListener('scroll', busy, { passive: true });
  list.addEventListener('pointerenter', enter);
  list.addEventListener('pointerleave', leave);
  list.addEventListener('pointermove', busy, { passive: true });
  keys.addEventListener('keydown', busy, { passive: true });
  report(true);
  return () => {
    window.clearTimeout(timer);
    list.removeEventListener('focusin', focusIn);
    list.removeEventListener('focusout', focusOut);
    list.removeEventListener('scroll', busy);
    list.removeEventListener('pointerenter', enter);
    list.removeEventListener('pointerleave', leave);
    list.removeEventListener('pointermove', busy);
    keys.removeEventListener('keydown', busy);
  };
}
