/**
 * Real I/O for the engine core: requestJson (4 s time-out, credentials, CSRF), the platform clock and timers,
 * BroadcastChannel and navigator.locks when present. Realm-neutral: used by the worker entry and by the in-thread
 * fallback of src/markets/engine-client.ts.
 */
import { fetchCsrfToken, requestJson } from '../../../common/http.ts';
import { macrotaskYield, type CacheStore, type EngineDeps } from '../deps.ts';
import type { SocketLike } from '../live/link.ts';

/** Options: realm, the cache store, and whether to share refreshes with other tabs. */
export interface RealDepsOptions {
  realm: 'worker' | 'main';
  store: CacheStore;
  /** Join the cross-tab channel and locks (only with a store the other tabs can read). */
  share: boolean;
}

/** Builds EngineDeps from the platform. */
export function createRealDeps(o: RealDepsOptions): EngineDeps {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The token the server last gave in place of the configured one (after a restart refused it): used while the page's
  // configuration still holds the token it replaced, so only the first call after a restart is refused.
  let renewed: { from: string; to: string } | undefined;
  const tokenFor = (configured: string) => (renewed?.from === configured ? renewed.to : configured);
  return {
    realm: o.realm,
    fetchJson: (url, options) =>
      requestJson(url, {
        csrfToken: tokenFor(options.csrfToken),
        headers: options.headers,
        method: options.method,
        json: options.json,
        renewCsrf: async () => {
          const fresh = await fetchCsrfToken(new URL(url).origin);
          if (fresh) renewed = { from: options.csrfToken, to: fresh };
          return fresh;
        },
      }),
    store: o.store,
    now: () => Date.now(),
    perfNow: () => performance.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    yieldToEvents: macrotaskYield,
    openChannel:
      o.share && typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null,
    locks: o.share && locks ? { request: (name, callback) => locks.request(name, callback) } : null,
    openSocket: typeof WebSocket === 'function' ? (url) => new WebSocket(url) as unknown as SocketLike : null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    log: (message, detail) => console.warn('[market]', message, detail ?? ''),
  };
}
