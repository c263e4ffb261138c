/**
 * Site store (valtio): where the page is — locale, language prefix and path (SPEC §2). Read with useSnapshot in
 * render; change only through the actions here. Issue 4 adds sub-site, session and compliance beside it.
 */
import { proxy } from 'valtio';
import type { Locale } from '../i18n/locales.ts';
import { parseRoute } from '../lib/route.ts';

export interface SiteState {
  locale: Locale;
  /** `` or `/zh`… */
  langPrefix: string;
  /** Path without the language prefix. */
  path: string;
  /** Viewport width, px (policy and layout breakpoints, SPEC §9). */
  viewportWidth: number;
}

const initial = parseRoute(typeof location === 'undefined' ? '/' : location.pathname);

/** The store. */
export const siteState = proxy<SiteState>({
  locale: initial.locale,
  langPrefix: initial.langPrefix,
  path: initial.path,
  viewportWidth: typeof window === 'undefined' ? 1440 : window.innerWidth,
});

/** Keeps `viewportWidth` current (rAF-throttled resize listener). Returns a disposer. */
export function trackViewport(): () => void {
  let frame = 0;
  const onResize = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      siteState.viewportWidth = window.innerWidth;
    });
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}
