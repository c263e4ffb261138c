/**
 * CSRF double-submit check (DESIGN 'The reference server'). The page load sets a readable `csrf_token`
 * cookie; every API call must echo it in the `X-CSRF-Token` header. Mismatch → 403 JSON.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

/** A fresh random token (32 hex chars). */
export function newCsrfToken(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time comparison of the cookie and header values; false when either is missing. */
export function csrfMatches(cookie: string | undefined, header: string | undefined): boolean {
  if (!cookie || !header || cookie.length !== header.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/** Hono middleware: rejects API requests whose CSRF header does not match the cookie (403). */
export const requireCsrf: MiddlewareHandler = async (c, next) => {
  if (!csrfMatches(getCookie(c, CSRF_COOKIE), c.req.header(CSRF_HEADER))) {
    return c.json({ code: 403, message: 'csrf token missing or invalid' }, 403);
  }
  await next();
};
