/**
 * The one Cookie header parser of the reference server (docs/SECURITY.md 'Cookies'): the page render, the page
 * cookies and every API route read cookies through it, so a request carrying a name twice (`sign=A; sign=B`) means
 * the same thing everywhere. The first value wins: RFC 6265 §5.4 user agents send the cookie with the longest path
 * first, so the first is the most specific one the site set; a later duplicate is usually one planted for a wider
 * path or a parent domain.
 */
import type { Context } from 'hono';

/**
 * Parses a Cookie header into name → value (percent-decoded where valid, surrounding double quotes removed). The first
 * value of a repeated name wins. The result has no prototype: a cookie named `__proto__` or `constructor` is a plain
 * entry, and a name that was not sent is never an inherited property.
 */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** The request's cookies (parseCookieHeader of its Cookie header). */
export function requestCookies(c: Context): Record<string, string> {
  return parseCookieHeader(c.req.header('cookie'));
}

/** One cookie of the request (first value wins), or undefined. */
export function requestCookie(c: Context, name: string): string | undefined {
  return requestCookies(c)[name];
}
