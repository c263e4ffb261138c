/**
 * Names of the cookies the reference server sets (docs/API.md 'Cookies'), in one place so the CSRF binding, the
 * page cookies and the session routes agree without importing each other.
 */

/** Session id, HttpOnly (SPEC §4 cleanup clears it through GET /logout). */
export const SIGN_COOKIE = 'sign';
/** Session check value, readable by the page as its login hint (SPEC §4). */
export const PVER_COOKIE = 'pver';
/** The page's CSRF token, readable (the page echoes it in `X-CSRF-Token`). */
export const CSRF_COOKIE = 'csrf_token';
/** Random pre-session id of an anonymous visitor, HttpOnly: the CSRF token is bound to it until sign-in. */
export const PRE_SESSION_COOKIE = 'mh_psid';
/** Sub-site chosen with `?sub_website_id=N` (SPEC §1). */
export const SUB_SITE_COOKIE = 'sub_website_id';
