/**
 * The app's side of the page loader's early input (src/loader/early-input.ts; ARCHITECTURE.md 'The page loader'):
 * what a part asks when it hydrates. Each question is a cancelable event the loader answers synchronously by
 * cancelling it; without the loader (a page built some other way, a test) every answer is "no".
 */
import { POINTER_QUERY_EVENT, TAKE_SEARCH_EVENT } from '../../common/page-loader.ts';

/**
 * True when a search shortcut (`/`, Ctrl/Cmd+K) was pressed before hydration and not cancelled with Escape: the
 * caller opens the modal (SPEC §2 'Search modal'). Consumes it, and from then on the loader leaves the shortcuts
 * to the app's own handler: call once, when the handler is attached. False without a document.
 */
export function takeHeldSearch(): boolean {
  if (typeof document === 'undefined') return false;
  return !document.dispatchEvent(new Event(TAKE_SEARCH_EVENT, { cancelable: true }));
}

/**
 * True when a mouse pointer rests on `el` as it mounts: the element is `:hover`, or the loader saw a mouse enter it
 * (or the element it replaced) before hydration and not leave. Used by hover-menu triggers to open as on hover
 * (SPEC §4 'Dropdown menus open on hover'). Always false where the primary input cannot hover (touch screens keep a
 * tapped element `:hover`).
 */
export function pointerRestsOn(el: Element): boolean {
  if (typeof matchMedia !== 'function' || !matchMedia('(hover: hover)').matches) return false;
  return (
    el.matches(':hover') ||
    !el.dispatchEvent(new Event(POINTER_QUERY_EVENT, { bubbles: true, cancelable: true }))
  );
}
