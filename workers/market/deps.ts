/**
 * What the pure engine core needs from the outside world (ARCHITECTURE.md 'Realm checks'): fetch, a key-value
 * store, a clock, timers, a cross-tab channel and locks. The worker entry and the in-thread fallback pass real ones;
 * tests pass fakes. Realm-neutral: no window, document or self here.
 */
import type { HttpResult } from '../../common/http.ts';
import type { SocketLike } from './live/link.ts';

/** Async key-value store (idb-keyval in the worker, a Map in the in-thread fallback and in tests). */
export interface CacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** True when the store serialises values itself in slices (the main-thread store): sources then skip their
   * compact `encode`, whose one-piece JSON string would block the thread. */
  readonly storesRaw?: boolean;
}

/** The part of BroadcastChannel the engine uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** The part of navigator.locks (LockManager) the engine uses: an exclusive, cross-tab named lock. */
export interface LockLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Options of one call: the engine adds the CSRF token and per-endpoint headers; GET unless `method` says PUT (the
 * favourites' save, with a JSON body). */
export interface FetchOptions {
  csrfToken: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'PUT';
  /** JSON body of a PUT. */
  json?: unknown;
}

/** Everything the engine core gets passed in. */
export interface EngineDeps {
  /** Where the engine runs, reported by `stats()`. */
  realm: 'worker' | 'main';
  /** Calls the API and parses its JSON; never throws (common/http.ts requestJson semantics: 4 s time-out, failures as data). */
  fetchJson(url: string, options: FetchOptions): Promise<HttpResult>;
  store: CacheStore;
  /** Where favourites are kept (workers/market/favourites.ts; language-independent keys); default: memory. */
  favouritesStore?: CacheStore;
  /** Wall clock, ms since epoch. */
  now(): number;
  /** Uniform random in [0, 1) for retry jitter (default Math.random). */
  random?(): number;
  /** High-resolution monotonic clock for search timings, ms (default: `now`). */
  perfNow?(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Resolves after pending events (a macrotask) so a newer query can run in between. */
  yieldToEvents(): Promise<void>;
  /** Opens the cross-tab channel; null = this engine does not share (single tab). */
  openChannel?: ((name: string) => ChannelLike | null) | null;
  /** Cross-tab locks; null = fall back to a channel claim. */
  locks?: LockLike | null;
  /** Opens the live ticker socket (ARCHITECTURE.md 'Live lists'); null = no live prices (snapshots only). */
  openSocket?: ((url: string) => SocketLike) | null;
  /** IANA time zone sent with the futures request (SPEC §7 `timezone`). */
  timeZone?: string;
  /** Unique id of this engine instance (tie-break between tabs). */
  instanceId?: string;
  /** Where swallowed failures are reported (SPEC §8: failures are swallowed, but logged). */
  log?(message: string, detail?: unknown): void;
}

/** Yields one macrotask via MessageChannel (not setTimeout: nested timers are clamped to 4 ms). */
export function macrotaskYield(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
