/**
 * Page loader, second inline script of index.html's head (built and inlined by server/loader-inline.ts), installed
 * before any markup is parsed: input that reaches the server-rendered page before its handlers are attached
 * (ARCHITECTURE.md 'The page loader'; SPEC §1 server-rendered header, §2 'Search modal', §4 hover menus):
 * - a click on a button (not a link, not a form's submit button) of a part that is not hydrated yet is held and
 *   replayed, in the task after the part says it is (HYDRATED_EVENT: the page with no detail, a part marked
 *   `data-hydrates="name"` with its name); from that event on, the part's clicks are its own. In a part marked `data-hold-links` (the EU footer, SPEC §6) a link click is held the same way.
 * - a search shortcut (`/` outside a text field, Ctrl/Cmd+K: the app's own rule, src/search/shortcuts.ts) is held
 *   until the search launcher mounts and takes it (TAKE_SEARCH_EVENT); Escape cancels it.
 * - the element under a mouse pointer is tracked, so a hover-menu trigger that mounts under a resting pointer can
 *   ask whether the pointer is on it (POINTER_QUERY_EVENT) and open as on hover. Touch and pen are not tracked.
 * One intent is held at a time, the last one: a click replaces a held shortcut and the other way round. The page's
 * own hold ends after PAGE_HOLD_MS even without its hydration (a failed start must not swallow input); a named part
 * holds until it hydrates (the footer hydrates on the first intent).
 */
import {
  HOLD_LINKS_ATTR,
  HYDRATED_EVENT,
  HYDRATES_ATTR,
  POINTER_QUERY_EVENT,
  TAKE_SEARCH_EVENT,
} from '../../common/page-loader.ts';
import { isSearchShortcut } from '../search/shortcuts.ts';

/** How long the page's own hold lasts when its hydration never comes, ms. */
export const PAGE_HOLD_MS = 10_000;

/** The part name of everything outside a `data-hydrates` part. */
const PAGE = 'page';

/** A held click: the element, and how to find its replacement if hydration swapped it (test id, or link key). */
interface HeldClick {
  kind: 'click';
  el: Element;
  id: string | null;
  key: string | null;
  region: string;
}

/** The one intent held (see the module comment). */
type Held = HeldClick | { kind: 'search' } | null;

/** The part (`data-hydrates` name, or `page`) that `el` belongs to. */
function regionOf(el: Element): string {
  return el.closest(`[${HYDRATES_ATTR}]`)?.getAttribute(HYDRATES_ATTR) ?? PAGE;
}

/** `el`'s own element, or null for a non-element target (a text node has no `closest`). */
function asElement(target: EventTarget | null): Element | null {
  return target && typeof (target as Element).closest === 'function' ? (target as Element) : null;
}

/** What `start` uses of the window (a subset, so tests can pass their own). */
export interface EarlyInputWindow {
  setTimeout(handler: () => void, ms: number): unknown;
  CSS: { escape(ident: string): string };
}

/**
 * Installs the listeners on `doc` (capture phase for input, so they run before any other). `win` supplies the
 * timer and CSS.escape. Returns nothing; never throws on odd events (a target without `closest`, a missing detail).
 */
export function start(doc: Document = document, win: EarlyInputWindow = window): void {
  let held: Held = null;
  /** Parts already hydrated: their own handlers take input from now on. */
  const done = new Set<string>();
  /** The search launcher has mounted (took the shortcut, or found none): keys are the app's. */
  let searchTaken = false;
  /** Element under the mouse pointer, and the test id of its nearest marked ancestor (a replaced trigger's). */
  let under: Element | null = null;
  let underId: string | null = null;

  const onClick = (e: Event) => {
    const t = asElement(e.target);
    let b = t?.closest('button, [role="button"]') ?? null;
    let link: Element | null = null;
    if (!b) {
      // A link navigates natively, unless its part blocks navigation until its handler runs (the EU footer).
      link = t?.closest(`[${HOLD_LINKS_ATTR}] a[href]`) ?? null;
      b = link;
    }
    if (!b || ((b as HTMLButtonElement).form && (b as HTMLButtonElement).type === 'submit')) return;
    const region = regionOf(b);
    if (done.has(region)) return;
    held = {
      kind: 'click',
      el: b,
      id: b.getAttribute('data-testid'),
      key: link && link.getAttribute('data-key'),
      region,
    };
    e.preventDefault();
    e.stopPropagation();
  };

  const onKey = (e: Event) => {
    if (searchTaken || done.has(PAGE)) return;
    const k = e as KeyboardEvent;
    if (k.key === 'Escape') {
      if (held?.kind === 'search') held = null;
      return;
    }
    if (!isSearchShortcut(k, doc.activeElement as HTMLElement | null)) return;
    // As the app's handler does: `/` must not reach the page's find bar, nor Ctrl+K the browser's search box.
    k.preventDefault();
    held = { kind: 'search' };
  };

  const onTakeSearch = (e: Event) => {
    searchTaken = true;
    if (held?.kind !== 'search') return;
    held = null;
    e.preventDefault();
  };

  const onPointerOver = (e: Event) => {
    const p = e as PointerEvent;
    under = p.pointerType === 'mouse' ? asElement(p.target) : null;
    underId = under?.closest('[data-testid]')?.getAttribute('data-testid') ?? null;
  };
  const onPointerOut = (e: Event) => {
    // Out of the window (no element entered next).
    if (!(e as PointerEvent).relatedTarget) under = underId = null;
  };

  const onPointerQuery = (e: Event) => {
    const trigger = asElement(e.target);
    if (!trigger || !under) return;
    // Hydration may have replaced the element the pointer entered: a trigger with the same test id stands for it.
    const on = under.isConnected
      ? trigger.contains(under)
      : underId !== null && trigger.getAttribute('data-testid') === underId;
    if (on) e.preventDefault();
  };

  const onHydrated = (e: Event) => {
    const region = ((e as CustomEvent<unknown>).detail as string | null | undefined) || PAGE;
    done.add(region);
    const h = held;
    if (region === PAGE && h?.kind === 'search') held = null;
    if (h?.kind !== 'click' || h.region !== region) return;
    held = null;
    // The part takes clicks from now on (its handlers are attached); the held one is replayed in a task of its own,
    // after the re-render its hydration causes. That may have replaced the element (a layout for the real width):
    // the same hook finds the new one.
    win.setTimeout(() => {
      const b = h.el.isConnected
        ? h.el
        : h.id
          ? doc.querySelector(`[data-testid="${win.CSS.escape(h.id)}"]`)
          : h.key &&
            doc.querySelector(
              `[${HYDRATES_ATTR}="${win.CSS.escape(region)}"] a[data-key="${win.CSS.escape(h.key)}"]`,
            );
      if (b) (b as HTMLElement).click();
    }, 0);
  };

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey, true);
  doc.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
  doc.addEventListener('pointerout', onPointerOut, { capture: true, passive: true });
  doc.addEventListener(TAKE_SEARCH_EVENT, onTakeSearch);
  doc.addEventListener(POINTER_QUERY_EVENT, onPointerQuery);
  doc.addEventListener(HYDRATED_EVENT, onHydrated);
  win.setTimeout(() => {
    done.add(PAGE);
    if (held && (held.kind === 'search' || held.region === PAGE)) held = null;
  }, PAGE_HOLD_MS);
}
