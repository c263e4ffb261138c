/**
 * CSRF protection of the reference server (ARCHITECTURE.md 'The reference server'; docs/SECURITY.md 'V3.5'). The token is
 * bound to the visitor: an HMAC-SHA256, under a server secret, of the session id (`sign` cookie) or, before sign-in,
 * of a random pre-session id (`mh_psid`, HttpOnly). The page reads the token from the `csrf_token` cookie and echoes
 * it in `X-CSRF-Token`; a request whose header is not the HMAC of its own binding id is refused (403 JSON). Signing
 * in (new session id) and signing out (new pre-session id) therefore rotate the token, and a token from another
 * visitor or from before a login is worthless. Nothing is stored per anonymous visitor.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { CSRF_HEADER, CSRF_REJECTED_HEADER } from '../common/http.ts';
import { generateCookie } from 'hono/cookie';
import { requestCookies } from './cookie-parse.ts';
import { CSRF_COOKIE, PRE_SESSION_COOKIE, SIGN_COOKIE } from './cookie-names.ts';
import { parseConfig, serverConfig } from './config.ts';
import { requestIsHttps } from './transport.ts';

export { CSRF_COOKIE, PRE_SESSION_COOKIE, CSRF_HEADER };

/**
 * The HMAC key: `MH_SECRET` when set (shared by every instance behind a load balancer, stable across restarts), else
 * 32 random bytes for this process (tokens then die with the process; the next page load issues fresh ones).
 * `env` (tests): read from that environment instead of the process's configuration (server/config.ts). Throws a
 * ConfigError when `MH_SECRET` is set but shorter than MIN_SECRET_LENGTH (a weak key is a configuration error).
 */
export function loadSecret(env?: NodeJS.ProcessEnv): Buffer {
  const configured = (env ? parseConfig(env) : serverConfig()).MH_SECRET;
  return configured === undefined ? randomBytes(32) : Buffer.from(configured, 'utf8');
}

let secret: Buffer | undefined;
/** The process's key, drawn on first use (so a bad MH_SECRET is reported by start-up, not by an import). */
const processSecret = (): Buffer => (secret ??= loadSecret());

/** A fresh pre-session id (24 random bytes, base64url). */
export function newPreSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/** The CSRF token bound to `bindingId` (a session or pre-session id): base64url HMAC-SHA256, 43 chars. */
export function csrfTokenFor(bindingId: string, secret: Buffer = processSecret()): string {
  return createHmac('sha256', secret).update(`csrf-v1:${bindingId}`).digest('base64url');
}

/** The id the token of a request is bound to: the session id if any, else the pre-session id, else undefined. */
export function csrfBindingId(cookies: Readonly<Record<string, string | undefined>>): string | undefined {
  return cookies[SIGN_COOKIE] || cookies[PRE_SESSION_COOKIE] || undefined;
}

/** True when `header` is the token bound to these cookies (constant-time compare); false when anything is missing. */
export function csrfValid(
  cookies: Readonly<Record<string, string | undefined>>,
  header: string | undefined,
  secret: Buffer = processSecret(),
): boolean {
  const binding = csrfBindingId(cookies);
  if (!binding || !header) return false;
  const expected = Buffer.from(csrfTokenFor(binding, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Set-Cookie lines that bind the page to `bindingId`: the readable `csrf_token` (SameSite=Strict) and, when
 * `preSessionId` is given, the HttpOnly `mh_psid` (SameSite=Lax). Both are browser-session cookies on Path=/,
 * `Secure` when `secure` (served over https).
 */
export function csrfCookieLines(bindingId: string, secure: boolean, preSessionId?: string): string[] {
  const lines: string[] = [];
  if (preSessionId) {
    lines.push(
      generateCookie(PRE_SESSION_COOKIE, preSessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure,
      }),
    );
  }
  lines.push(generateCookie(CSRF_COOKIE, csrfTokenFor(bindingId), { path: '/', sameSite: 'Strict', secure }));
  return lines;
}

/**
 * Hono middleware: refuses (403 JSON, with `X-CSRF-Rejected: 1` so the page and the worker know to renew their token
 * once and retry, common/http.ts) a request whose `X-CSRF-Token` is not the token bound to its cookies.
 */
export const requireCsrf: MiddlewareHandler = async (c, next) => {
  if (!csrfValid(requestCookies(c), c.req.header(CSRF_HEADER))) {
    c.header(CSRF_REJECTED_HEADER, '1');
    return c.json({ code: 403, message: 'csrf token missing or invalid' }, 403);
  }
  await next();
};

/**
 * `GET USER_API.csrfToken` (docs/API.md 'CSRF'): the token bound to this visitor now, in the body and in a fresh
 * `csrf_token` cookie (and a new pre-session id when the visitor has none). It is how an open tab recovers after a
 * server restart drew a new key: its old token is refused, it asks here once and retries. It needs no CSRF header (it
 * is the way to get one) and changes nothing on the server; another site can make a browser call it but cannot read
 * the answer (same-origin policy, no CORS), and a fetch the browser labels cross-site (`Sec-Fetch-Site`) is refused.
 */
export const csrfTokenHandler: Handler = (c) => {
  c.header('Cache-Control', 'no-store');
  if (c.req.header('sec-fetch-site') === 'cross-site') {
    return c.json({ code: 403, message: 'cross-site token request' }, 403);
  }
  const existing = csrfBindingId(requestCookies(c));
  const preSessionId = existing ? undefined : newPreSessionId();
  const binding = existing ?? preSessionId!;
  const secure = requestIsHttps(c.req.url, c.req.header('x-forwarded-proto'));
  for (const line of csrfCookieLines(binding, secure, preSessionId))
    c.header('Set-Cookie', line, { append: true });
  return c.json({ code: 200, data: { token: csrfTokenFor(binding) } });
};

/**
 * Rotates the token of the response's visitor: binds it to `sessionId` after sign-in, or — with no argument, after
 * sign-out — to a fresh pre-session id. Appends the Set-Cookie lines (`Secure` over https, server/transport.ts).
 */
export function rotateCsrf(c: Context, sessionId?: string): void {
  const secure = requestIsHttps(c.req.url, c.req.header('x-forwarded-proto'));
  const preSessionId = sessionId ? undefined : newPreSessionId();
  for (const line of csrfCookieLines(sessionId ?? preSessionId!, secure, preSessionId)) {
    c.header('Set-Cookie', line, { append: true });
  }
}
