/**
 * Page loader, the inline script at the end of index.html's body (built and inlined by server/loader-inline.ts):
 * in a server-rendered page the entry script is inert (server/ssr/html.ts deferHydrationScripts: its type is
 * DEFERRED_MODULE_TYPE; the first-load modules are fetched and compiled meanwhile through low-priority modulepreload
 * links), so no module is evaluated before the first contentful paint; this turns it back into a module script once
 * that paint has been presented. A client-rendered page has none and is left alone.
 * ARCHITECTURE.md 'The page loader'.
 */
import { DEFERRED_MODULE_TYPE, LANDING_QUERY_KEY } from '../../common/page-loader.ts';

/** Longest wait for the first contentful paint before the scripts start anyway, ms. */
export const PAINT_CAP_MS = 3000;

/** Longest landing query kept for the next page, characters (src/account/signup-query.ts reads it). */
const LANDING_QUERY_MAX = 2000;

/** Turns `doc`'s inert entry scripts into live module scripts (appended to the head, in order). */
export function startScripts(doc: Document): void {
  doc.querySelectorAll(`script[type="${DEFERRED_MODULE_TYPE}"]`).forEach((t) => {
    const s = doc.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = t.getAttribute('src') ?? '';
    doc.head.appendChild(s);
  });
}

/** What `start` reads of the window (a subset, so tests can pass their own). */
export interface LoaderWindow {
  setTimeout(handler: () => void, ms: number): unknown;
  requestAnimationFrame(callback: () => void): unknown;
  location: { search: string };
  sessionStorage: Pick<Storage, 'setItem'>;
  PerformanceObserver?: typeof PerformanceObserver;
}

/**
 * In a server-rendered page of `doc`: keeps the landing query in sessionStorage (LANDING_QUERY_KEY; the app moves
 * it to signup attribution when it starts, src/account/signup-query.ts: kept here in case the visitor leaves
 * before that), then starts the scripts once, in the task after the first contentful paint's paint-timing entry; a
 * hidden tab paints nothing and starts at once, a browser without paint timing after the next frame; PAINT_CAP_MS
 * at most. Never throws on blocked storage.
 */
export function start(doc: Document = document, win: LoaderWindow = window): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    startScripts(doc);
  };
  if (doc.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`)) {
    try {
      const query = win.location.search;
      if (query.length > 1) win.sessionStorage.setItem(LANDING_QUERY_KEY, query.slice(0, LANDING_QUERY_MAX));
    } catch {
      // Storage disabled (privacy mode): attribution then relies on the app starting on this page.
    }
  }
  const Observer = win.PerformanceObserver;
  const paints = Observer?.supportedEntryTypes;
  if (doc.visibilityState !== 'visible') win.setTimeout(once, 0);
  else if (Observer && paints && paints.includes('paint')) {
    new Observer((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        win.setTimeout(once, 0);
      }
    }).observe({ type: 'paint', buffered: true });
    win.setTimeout(once, PAINT_CAP_MS);
  } else win.requestAnimationFrame(() => win.setTimeout(once, 0));
}
