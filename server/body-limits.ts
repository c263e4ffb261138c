/**
 * Request body limits of the reference server (docs/API.md 'Body limits'; docs/SECURITY.md 'Availability'), in one
 * table, enforced with Hono's own `bodyLimit` middleware before the CSRF check and before any route reads a body. A
 * body over the limit is answered `413 {code: 413, message}` without being buffered: a declared `Content-Length`
 * over the limit is refused before one byte is read; a body without one (chunked) is counted as it arrives and cut
 * off at the first chunk past the limit, so at most the limit is ever held in memory.
 *
 * | route | limit | what it reads |
 * |---|---|---|
 * | POST /api/web/v1/usercenter/demo_login | 1 KiB | form `persona`, `account` (≤ 64 chars kept) |
 * | POST /api/web/v1/usercenter/logout | 1 KiB | nothing (the client sends a short form) |
 * | POST /logout | 2 KiB | form `csrf` (43 chars) and `redirect` (a path) |
 * | POST /api/web/v1/site/error_report | 4 KiB | one JSON ErrorReport |
 * | PUT /api/web/v1/usercenter/favourites | 128 KiB | one JSON FavouritesBody (≤ 500 entries of ≤ 250 bytes) |
 * | anything else | 1 KiB | no route reads it |
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FAVOURITES_API, HEADER_API, USER_API } from '../common/wire/endpoints.ts';

/** Largest body of a route that reads no body, bytes. */
export const DEFAULT_BODY_LIMIT = 1024;

/** One route's limit. */
export interface BodyLimitRule {
  method: 'POST' | 'PUT';
  path: string;
  /** Largest body accepted, bytes. */
  maxBytes: number;
}

/** The routes that read a body and their limits (documented in docs/API.md 'Body limits'). */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  { method: 'POST', path: USER_API.demoLogin, maxBytes: 1024 },
  { method: 'POST', path: USER_API.logout, maxBytes: 1024 },
  { method: 'POST', path: USER_API.pageLogout, maxBytes: 2048 },
  { method: 'POST', path: HEADER_API.errorReport, maxBytes: 4096 },
  { method: 'PUT', path: FAVOURITES_API.list, maxBytes: 128 * 1024 },
];

/** The limit of a request, bytes: its route's from BODY_LIMITS, else DEFAULT_BODY_LIMIT. */
export function bodyLimitFor(method: string, path: string): number {
  return BODY_LIMITS.find((r) => r.method === method && r.path === path)?.maxBytes ?? DEFAULT_BODY_LIMIT;
}

/**
 * Middleware applying BODY_LIMITS (or DEFAULT_BODY_LIMIT) to every request: `bodyLimit` per distinct limit, picked by
 * method and path. Over the limit: 413 JSON; the rest of the body is never buffered (@hono/node-server discards at
 * most 64 MB of it, for at most 500 ms, then closes the connection).
 */
export function bodyLimits(): MiddlewareHandler {
  const onError = (c: Context) => {
    const limit = bodyLimitFor(c.req.method, c.req.path);
    return c.json({ code: 413, message: `request body too large (limit ${limit} bytes)` }, 413);
  };
  const byLimit = new Map<number, MiddlewareHandler>();
  const limiter = (maxSize: number) => {
    let handler = byLimit.get(maxSize);
    if (!handler) byLimit.set(maxSize, (handler = bodyLimit({ maxSize, onError })));
    return handler;
  };
  return (c, next) => limiter(bodyLimitFor(c.req.method, c.req.path))(c, next);
}
