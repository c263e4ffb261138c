/**
 * Cookies a page load (HTML, not API) must carry, decided from the request alone so that the vite dev/preview
 * middleware and the production server (server/start.ts) agree: the CSRF token bound to the visitor (server/csrf.ts;
 * an anonymous visitor gets a random pre-session id cookie, never a server-side entry), and the sub-site chosen with
 * `?sub_website_id=N` (SPEC §1), kept in a cookie. Every cookie is `Secure` when the page is served over https.
 */
import { generateCookie } from 'hono/cookie';
import { CSRF_COOKIE, csrfBindingId, csrfCookieLines, csrfTokenFor, newPreSessionId } from './csrf.ts';
import { SUB_SITE_COOKIE } from './cookie-names.ts';

export { SUB_SITE_COOKIE };
export { parseCookieHeader } from './cookie-parse.ts';
const ONE_YEAR_S = 31536000;

/**
 * Set-Cookie header values for a page request, given its URL, its parsed request cookies and whether it was served
 * over https. Issues a pre-session id when the visitor has neither a session nor one, and the CSRF token whenever the
 * cookie does not hold the token bound to the visitor (first visit, after sign-in/out, after a secret change).
 */
export function pageSetCookies(
  url: URL,
  cookies: Readonly<Record<string, string | undefined>>,
  secure = false,
): string[] {
  let binding = csrfBindingId(cookies);
  const preSessionId = binding ? undefined : newPreSessionId();
  binding ??= preSessionId!;
  const out =
    preSessionId || cookies[CSRF_COOKIE] !== csrfTokenFor(binding)
      ? csrfCookieLines(binding, secure, preSessionId)
      : [];
  const site = url.searchParams.get('sub_website_id');
  if (site !== null && /^\d{1,6}$/.test(site)) {
    out.push(
      generateCookie(SUB_SITE_COOKIE, site, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'Lax', secure }),
    );
  }
  return out;
}
