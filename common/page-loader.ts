/**
 * Names shared by the page loader (the inline scripts of index.html, built from src/loader/ by
 * server/loader-inline.ts) and the code on the other side of each name: the app (src/), the server render
 * (server/ssr/html.ts). Declared once here so a rename on one side cannot silently turn hydration off, drop early
 * input or lose landing attribution (ARCHITECTURE.md 'The page loader'). Plain strings; realm-neutral.
 */

/**
 * Document event fired once the page (no detail) or a named part (detail: the part's name) is hydrated
 * (src/state/site.ts markInteractive / markPartHydrated); the loader releases what it held for that part.
 */
export const HYDRATED_EVENT = 'mh:hydrated';

/** Attribute naming a part of the page that hydrates after the rest (`data-hydrates="footer"`). */
export const HYDRATES_ATTR = 'data-hydrates';

/** Attribute of a part whose links must not navigate before it is hydrated (the EU footer, SPEC §6). */
export const HOLD_LINKS_ATTR = 'data-hold-links';

/** `type` of an inert entry script in a server-rendered page (server/ssr/html.ts deferHydrationScripts). */
export const DEFERRED_MODULE_TYPE = 'mh-deferred-module';

/** sessionStorage key of the landing query kept for signup attribution (src/account/signup-query.ts). */
export const LANDING_QUERY_KEY = 'mh_landing_query';

/** Cookie names of the theme rule (src/lib/cookies.ts COOKIE; SPEC §3 theme codes: `2` dark). */
export const THEME_COOKIE = 'theme';
export const THEME_CHANGED_COOKIE = 'theme_changed';

/**
 * Cancelable document event the search launcher dispatches when it mounts (hydrates): the loader cancels it
 * (preventDefault) when a search shortcut pressed before hydration is held, and from then on leaves the
 * shortcuts to the app. `dispatchEvent` returning false means "open the modal now" (SPEC §2 'Search modal').
 */
export const TAKE_SEARCH_EVENT = 'mh:take-search';

/**
 * Cancelable event a hover-menu trigger dispatches on itself when it mounts (bubbling to the document): the loader
 * cancels it when a mouse pointer rests on the trigger since before hydration (SPEC §4 'open on hover').
 */
export const POINTER_QUERY_EVENT = 'mh:pointer-on';
