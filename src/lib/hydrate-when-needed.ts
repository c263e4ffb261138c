/**
 * When a server-rendered part needs its code (DESIGN 'The reference server'; code split by first use): a part such
 * as the footer is plain HTML that already works for reading and for its links, so its code is only worth fetching
 * once the visitor starts using the page. `whenNeeded` resolves on the first of:
 * - a pointer, touch, wheel, key or focus intent anywhere on the page, or a scroll (of the page or of any
 *   scroller): a visitor who starts using the page may soon use the part or change what it shows (a fiat or a
 *   session, say), and the part must hydrate against the state the server rendered, before that change. A part
 *   below the fold is always reached by a scroll, so it is hydrated on the way to it;
 * - the pointer entering the part: React holds pointer events aimed at a part it has not hydrated (and stops their
 *   propagation), and with them the enter and leave events of the elements the pointer moves between (a header
 *   menu's trigger, say), until that part hydrates; a part under the pointer must not wait for any other intent.
 *   Watched on the document in the capture phase, which runs before React's listeners on its root;
 * - as soon as the part's server markup no longer fits the page (`stale`, checked at once and whenever `watch`
 *   media query changes: the footer's layout for the server's viewport guess, on a viewport on the other side of the
 *   breakpoint);
 * - at once when there is no such element (a client-rendered page) or no document (the server render).
 * A page that is only read costs no script for the part: its server HTML is the final markup, with the server's
 * viewport guess (DESIGN 'The reference server'). A click on one of the part's buttons before it has hydrated, or on
 * one of its links where the part blocks navigation (`data-hold-links`, the EU footer: SPEC §6), is held by
 * index.html and replayed once the part says it is hydrated (`data-hydrates`, markPartHydrated in
 * src/state/site.ts). Never rejects.
 */

/** Events that count as a first intent (capture phase, on the document; `scroll` does not bubble, capture sees it). */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin', 'scroll'] as const;

/** When a part's server markup is out of date without any intent (see the module comment). */
export interface StaleCheck {
  /** A media query whose changes may make the markup stale (e.g. the part's layout breakpoint). */
  watch: string;
  /** True when the part's markup (its root element) does not fit the page as it is now. */
  stale(el: Element): boolean;
}

/**
 * Resolves on the visitor's first intent when the element matching `selector` (looked up once, when called) exists,
 * or as soon as `check` says its markup is stale; at once when there is no such element (see the module comment).
 */
export function whenNeeded(selector: string, check?: StaleCheck): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const el = document.querySelector(selector);
  if (!el || check?.stale(el)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const query = check && typeof matchMedia === 'function' ? matchMedia(check.watch) : null;
    const onMedia = () => {
      if (check?.stale(el)) done();
    };
    const onPointerOver = (e: Event) => {
      if (e.target instanceof Node && el.contains(e.target)) done();
    };
    const done = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, done, true);
      document.removeEventListener('pointerover', onPointerOver, true);
      query?.removeEventListener('change', onMedia);
      resolve();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, done, { capture: true, passive: true });
    document.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
    query?.addEventListener('change', onMedia);
  });
}
