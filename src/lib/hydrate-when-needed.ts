/**
 * When a server-rendered part needs its code (ARCHITECTURE.md 'The reference server'; code split by first use): a part such
 * as the footer is plain HTML that already works for reading and for its links, so its code is only worth fetching
 * once the visitor starts using the page. `whenNeeded` resolves on the first of:
 * - a pointer, touch, key or focus intent anywhere on the page, or a scroll of the page itself: a visitor who starts
 *   using the page may soon use the part or change what it shows (a fiat or a session, say), and the part must
 *   hydrate against the state the server rendered, before that change. A part below the fold is always reached by a
 *   page scroll, so it is hydrated on the way to it. A scroll inside an element (a market list) does not count: it
 *   moves nothing towards the part;
 * - the pointer entering the part: React holds pointer events aimed at a part it has not hydrated (and stops their
 *   propagation), and with them the enter and leave events of the elements the pointer moves between, until that
 *   part hydrates (an enter into a hover-menu trigger it never delivers: those triggers listen to the browser's own
 *   events, src/ui/use-native-hover.ts); a part under the pointer must not wait for any other intent.
 *   Watched on the document in the capture phase, which runs before React's listeners on its root;
 * - as soon as the part's server markup no longer fits the page (`stale`, checked at once and whenever `watch`
 *   media query changes: the footer's layout for the server's viewport guess, on a viewport on the other side of the
 *   breakpoint);
 * - at once when there is no such element (a client-rendered page) or no document (the server render).
 * After an intent elsewhere the part's code is fetched and hydrated in the browser's next idle period (within
 * INTENT_IDLE_TIMEOUT_MS): the intent's own work (a menu opening, a keystroke in a market search) comes first. The
 * pointer entering the part fetches it at once, during that wait too.
 * A page that is only read costs no script for the part: its server HTML is the final markup, with the server's
 * viewport guess (ARCHITECTURE.md 'The reference server'). A click on one of the part's buttons before it has hydrated, or on
 * one of its links where the part blocks navigation (`data-hold-links`, the EU footer: SPEC §6), is held by
 * index.html and replayed once the part says it is hydrated (`data-hydrates`, markPartHydrated in
 * src/state/site.ts). Never rejects.
 */

import { onIdle } from './yield.ts';

/** Events that count as a first intent (capture phase, on the document). */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Longest wait for an idle period after an intent, ms. */
export const INTENT_IDLE_TIMEOUT_MS = 1000;

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
    let settled = false;
    let idleQueued = false;
    const done = () => {
      if (settled) return;
      settled = true;
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
      document.removeEventListener('pointerover', onPointerOver, true);
      document.removeEventListener('scroll', onScroll, true);
      query?.removeEventListener('change', onMedia);
      resolve();
    };
    // Listeners stay until the part is resolved: the pointer entering it while the idle wait runs still counts.
    const finish = (now: boolean) => {
      if (now) done();
      else if (!idleQueued) {
        idleQueued = true;
        onIdle(done, INTENT_IDLE_TIMEOUT_MS);
      }
    };
    const onIntent = () => finish(false);
    // At once, not in an idle period: React holds the pointer's events until the part has hydrated.
    const onPointerOver = (e: Event) => {
      if (e.target instanceof Node && el.contains(e.target)) finish(true);
    };
    // The page's own scroll targets the document; an element's scroll targets that element.
    const onScroll = (e: Event) => {
      if (e.target === document) finish(false);
    };
    const onMedia = () => {
      if (check?.stale(el)) finish(true);
    };
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, onIntent, { capture: true, passive: true });
    document.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    query?.addEventListener('change', onMedia);
  });
}
