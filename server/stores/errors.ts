/**
 * The shared-state stores' failure (ARCHITECTURE.md 'Shared state'; docs/API.md 'Errors'): a store that cannot answer
 * now (Redis unreachable) throws StoreUnavailableError; the app's error handler (server/app.ts) turns it into a 503
 * `{code: 503, message}` with `Retry-After`, never a 500 stack. Callers that can do without the store (the page
 * render treats the visitor as anonymous) catch it themselves.
 */

/** Seconds a client is told to wait (`Retry-After`) when a store is down. */
export const STORE_RETRY_AFTER_S = 5;

/** A store cannot answer now; `store` names it (sessions, favourites, ratelimit, live). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(
    readonly store: string,
    cause?: unknown,
  ) {
    super(`${store} store unavailable`, { cause });
  }
}

/** The JSON body and headers of the 503 answer for `err` (server/app.ts). */
export function storeUnavailableAnswer(err: StoreUnavailableError): {
  body: { code: 503; message: string };
  headers: Record<string, string>;
} {
  return {
    body: { code: 503, message: `${err.store} temporarily unavailable; retry later` },
    headers: { 'Retry-After': String(STORE_RETRY_AFTER_S), 'Cache-Control': 'no-store' },
  };
}
