/**
 * When a server-rendered part below the fold needs its code (DESIGN 'The reference server'; code split by first
 * use): a part such as the footer is plain HTML that already works for reading and for its links, so its code is
 * only worth fetching once the visitor may use it. `whenNeeded` resolves on the first of:
 * - the part comes within `marginPx` of the viewport (IntersectionObserver), so it is hydrated before it is seen;
 * - the first pointer, touch, key or focus intent anywhere on the page: a visitor who starts using the page will
 *   soon change what the part shows (a fiat or a session, say) and the part must hydrate against the state the server
 *   rendered, before that change;
 * - at once when there is no such element (a client-rendered page), no IntersectionObserver, or no document (the
 *   server render).
 * A click on one of the part's buttons before then is held by index.html and replayed once the part says it is
 * hydrated (`data-hydrates`, markPartHydrated in src/state/site.ts). Never rejects.
 */
import { onNearViewport } from './near-viewport.ts';

/** Events that count as a first intent (capture phase, on the document). */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Resolves when the element matching `selector` (looked up once, when called) is needed: near the viewport
 * (`marginPx`, px, above and below), on the first intent, or at once (see the module comment).
 */
export function whenNeeded(selector: string, marginPx = 600): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const el = document.querySelector(selector);
  if (!el || typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise<void>((resolve) => {
    // Both triggers call `done` asynchronously (an event, the observer's callback), after `stopWatching` is set.
    const done = () => {
      stopWatching();
      for (const type of INTENT_EVENTS) document.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, done, { capture: true, passive: true });
    const stopWatching = onNearViewport(el, marginPx, done);
  });
}
