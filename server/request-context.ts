/**
 * Per-request context of the site and session routes: which sub-site the request is for (query, cookie, host —
 * common/domain/sub-sites.ts `resolveSubSite`) and which session (cookies `sign` + `pver`), and the cookie helpers for
 * setting and clearing the session.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { requestCookie } from './cookie-parse.ts';
import { resolveSubSite, type SubSiteId } from '../common/domain/sub-sites.ts';
import { PERSONAS_BY_NAME, type Persona } from './personas.ts';
import { SESSION_TTL_MS, type Session, type SessionBackend } from './sessions.ts';
import { StoreUnavailableError } from './stores/errors.ts';
import { PVER_COOKIE, SIGN_COOKIE, SUB_SITE_COOKIE } from './cookie-names.ts';
import { subSiteHost } from './origin.ts';
import { requestIsHttps } from './transport.ts';

/** Session cookie names (SPEC §4 cleanup clears both). `sign` is HttpOnly; `pver` is the page's login hint. */
export { PVER_COOKIE, SIGN_COOKIE };

/**
 * The sub-site this request is for. The host counts only when server/origin.ts allows it (PUBLIC_HOSTS, the
 * configured origin's); `X-Forwarded-Host` wins over `Host` only behind a trusted proxy (`TRUST_PROXY=1`).
 */
export function requestSubSite(c: Context): SubSiteId {
  return resolveSubSite({
    query: c.req.query('sub_website_id'),
    cookie: requestCookie(c, SUB_SITE_COOKIE),
    host: subSiteHost(c),
  });
}

/**
 * The request's live session and its persona, or null when anonymous. A request without both session cookies never
 * reaches the store; a store that cannot answer rejects with StoreUnavailableError (a 503 for the caller).
 */
export async function requestSession(
  c: Context,
  store: SessionBackend,
): Promise<{ session: Session; persona: Persona } | null> {
  const session = await store.get(requestCookie(c, SIGN_COOKIE), requestCookie(c, PVER_COOKIE));
  const persona = session ? PERSONAS_BY_NAME.get(session.persona) : undefined;
  return session && persona ? { session, persona } : null;
}

/**
 * As requestSession, for answers that do not need the session to be right (site data, the page render): a store
 * that cannot answer reads as anonymous (SPEC §8: the client then treats the visitor as signed out) instead of failing.
 */
export async function requestSessionOrAnonymous(
  c: Context,
  store: SessionBackend,
): Promise<{ session: Session; persona: Persona } | null> {
  try {
    return await requestSession(c, store);
  } catch (err) {
    if (err instanceof StoreUnavailableError) return null;
    throw err;
  }
}

/**
 * `Secure` over https (`X-Forwarded-Proto` only behind `TRUST_PROXY=1`, server/transport.ts) and on loopback
 * (Chromium keeps Secure cookies on http://localhost and http://127.0.0.1; other plain-http hosts would drop them and
 * nobody could sign in on a LAN demo).
 */
function secureFor(c: Context): boolean {
  const url = new URL(c.req.url);
  return (
    requestIsHttps(url, c.req.header('x-forwarded-proto')) ||
    /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
  );
}

/** Sets the session cookies: `sign` HttpOnly, `pver` readable; both Path=/, SameSite=Lax, max-age = session TTL. */
export function setSessionCookies(c: Context, session: Session): void {
  const common = { path: '/', sameSite: 'Lax', secure: secureFor(c), maxAge: SESSION_TTL_MS / 1000 } as const;
  setCookie(c, SIGN_COOKIE, session.id, { ...common, httpOnly: true });
  setCookie(c, PVER_COOKIE, session.pver, common);
}

/** Clears both session cookies (same path and flags, or the browser keeps them). */
export function clearSessionCookies(c: Context): void {
  const secure = secureFor(c);
  deleteCookie(c, SIGN_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
  deleteCookie(c, PVER_COOKIE, { path: '/', secure, sameSite: 'Lax' });
}
