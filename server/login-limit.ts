/**
 * Per-client rate limit of sign-ins (docs/SECURITY.md 'V7'), with hono-rate-limiter: at most DEFAULT_LOGIN_LIMIT (server/config.ts) sign-ins per
 * LOGIN_WINDOW_MS per client. What it protects: the session store and the CPU from a sign-in flood by one client (each
 * sign-in creates a session, server/sessions.ts), and — once sign-in takes a password — accounts from password
 * guessing at speed from one network. The client is the socket address (the first `X-Forwarded-For` address only
 * behind `TRUST_PROXY=1`): an IPv4 address as it is, an IPv6 address on its /64 (server/transport.ts addressKey), as
 * one subscriber holds a whole /64 and could otherwise rotate through 2^64 addresses. Past it: 429
 * `{code: 429, message}` with `Retry-After` (seconds) and the draft-6 `RateLimit-*` headers. The limit is configurable
 * with `LOGIN_RATE_LIMIT` (the e2e server, which signs in from one address many times, raises it).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { parseConfig, serverConfig } from './config.ts';
import { clientKey } from './transport.ts';

/** Window, ms (1 minute). */
export const LOGIN_WINDOW_MS = 60_000;

/** The socket's remote address, or undefined for requests that did not come through a socket (tests). */
function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The limit from `LOGIN_RATE_LIMIT` (a positive integer; server/config.ts), else DEFAULT_LOGIN_LIMIT. */
export function loginLimitFromEnv(env?: NodeJS.ProcessEnv): number {
  return (env ? parseConfig(env) : serverConfig()).LOGIN_RATE_LIMIT;
}

/**
 * A fresh limiter middleware. `store`: hono-rate-limiter's store of the counters — shared by every instance with
 * Redis (server/stores/rate-limit-store.ts), whose outage makes the sign-in a 503 with `Retry-After`; default a
 * MemoryStore of this middleware's own.
 */
export function loginRateLimit(
  limit: number = loginLimitFromEnv(),
  windowMs: number = LOGIN_WINDOW_MS,
  store?: Store,
): MiddlewareHandler {
  return rateLimiter({
    ...(store ? { store } : {}),
    windowMs,
    limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientKey(remoteAddress(c), c.req.header('x-forwarded-for')),
    message: { code: 429, message: 'too many sign-ins; retry later' },
  });
}
