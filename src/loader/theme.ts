/**
 * Page loader, first inline script of index.html's head (built and inlined by server/loader-inline.ts): before the
 * first paint, applies the stored theme to `<html data-theme>` so a dark-mode reload never flashes light. The rule
 * is src/state/prefs.ts's (SPEC §3): the `theme` cookie (`2` dark, else light) counts once `theme_changed=1`; until
 * then the system colour scheme decides.
 */
import { THEME_CHANGED_COOKIE, THEME_COOKIE } from '../../common/page-loader.ts';

/** The value of cookie `name` in a `document.cookie` string (`a=1; b=2`), or null when it is absent. Pure. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split('; ')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return null;
}

/**
 * True when the page should start dark: `theme=2` once `theme_changed=1` (the visitor chose a skin), otherwise
 * `prefersDark()` (the system scheme; only called in that case). `cookies` is a `document.cookie` string. SPEC §3.
 */
export function startsDark(cookies: string, prefersDark: () => boolean): boolean {
  return cookieValue(cookies, THEME_CHANGED_COOKIE) === '1'
    ? cookieValue(cookies, THEME_COOKIE) === '2'
    : prefersDark();
}

/**
 * Sets `data-theme` (`dark` | `light`) on `doc`'s root element from its cookies and `win`'s colour-scheme query.
 * Never throws: a document whose cookies cannot be read (a sandboxed frame) keeps the stylesheet's default.
 */
export function start(doc: Document = document, win: Pick<Window, 'matchMedia'> = window): void {
  try {
    const dark = startsDark(doc.cookie, () => win.matchMedia('(prefers-color-scheme: dark)').matches);
    doc.documentElement.dataset.theme = dark ? 'dark' : 'light';
  } catch {
    // Cookies blocked: the CSS default applies, and the app sets the theme when it starts.
  }
}
