/**
 * Pay-with state (valtio, SPEC §3, §4): the fiat settings, their status, and the current pay-with fiat. Loading:
 * the cached settings for the language paint first (SPEC §9 cache), then the network answer replaces them; a
 * failure keeps the cache (`stale`) or, with no cache, uses FALLBACKS.buyCryptoFiatSetting — USD with every method
 * (SPEC §3, §8). Selecting a fiat stores it as current and saves the default buy-crypto fiat cookie (SPEC §4).
 */
import { proxy } from 'valtio';
import type { FiatSetting } from '../../common/wire/buy.ts';
import { FALLBACKS } from '../api/fallbacks.ts';
import { browserCookies, COOKIE, type CookieJar } from '../lib/cookies.ts';
import type { CacheStorage } from './pay-with-cache.ts';
import { webStorage } from '../lib/web-storage.ts';

/** Remote-data status (STYLE habit 4). */
export type PayWithStatus = 'idle' | 'loading' | 'ready' | 'stale' | 'error';

export interface PayWithState {
  status: PayWithStatus;
  settings: FiatSetting[];
  /** The pay-with fiat; '' until known (then the site's default buy-crypto fiat applies). */
  current: string;
  /** True when the user chose `current` (cookie or picker), not a site default. */
  chosen: boolean;
}

const FIAT_CODE = /^[A-Z]{3}$/;

function initialChoice(jar: CookieJar): string {
  const v = (jar.get(COOKIE.buyCryptoFiat) ?? '').toUpperCase();
  return FIAT_CODE.test(v) ? v : '';
}

/** The store. */
export const payWithState = proxy<PayWithState>({
  status: 'idle',
  settings: [],
  current: typeof document === 'undefined' ? '' : initialChoice(browserCookies),
  chosen: typeof document === 'undefined' ? false : initialChoice(browserCookies) !== '',
});

/** What loading needs (injected in tests). */
export interface PayWithDeps {
  fetch(): Promise<FiatSetting[] | null>;
  storage: CacheStorage | null;
  now(): number;
}

function browserStorage(): CacheStorage | null {
  return webStorage('localStorage');
}

/** The call and its API client are a chunk of their own (not in the first load); failing to load fails the call. */
const fetchFiatSettings = (): Promise<FiatSetting[] | null> =>
  import('../api/buy.ts').then(
    (m) => m.fetchFiatSettings(),
    (err: unknown) => {
      console.warn('[pay-with] request code failed to load', err);
      return null;
    },
  );

const defaultDeps = (): PayWithDeps => ({
  fetch: fetchFiatSettings,
  storage: browserStorage(),
  now: Date.now,
});

let inFlight: Promise<void> | null = null;

/**
 * Loads the settings for `lang` once per page (later calls share it). Never throws. The request starts at once; the
 * cache module (it validates entries with the wire schema, so it is not in the first load) loads beside it, and a
 * valid cache entry paints (`stale`) before the network answers. A cache module that fails to load only loses the
 * cache.
 */
export function loadPayWith(lang: string, deps: PayWithDeps = defaultDeps()): Promise<void> {
  if (payWithState.status === 'ready') return Promise.resolve();
  if (inFlight) return inFlight;
  payWithState.status = 'loading';
  const request = deps.fetch();
  inFlight = (async () => {
    const cache = await import('./pay-with-cache.ts').catch((err: unknown) => {
      console.warn('[pay-with] cache code failed to load', err);
      return null;
    });
    const cached = cache?.readPayWithCache(deps.storage, lang) ?? null;
    if (cached) {
      payWithState.settings = cached.data;
      payWithState.status = 'stale';
    }
    const fresh = await request;
    if (fresh) {
      payWithState.settings = fresh;
      payWithState.status = 'ready';
      cache?.writePayWithCache(deps.storage, lang, fresh, deps.now());
    } else if (!cached) {
      payWithState.settings = FALLBACKS.buyCryptoFiatSetting.map((s) => ({ ...s }));
      payWithState.status = 'error';
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Makes `fiat` the pay-with fiat and saves the cookie (one year, Path=/, Secure: src/lib/cookies.ts). */
export function selectPayWith(fiat: string, jar: CookieJar = browserCookies): void {
  if (!FIAT_CODE.test(fiat)) return;
  payWithState.current = fiat;
  payWithState.chosen = true;
  jar.set(COOKIE.buyCryptoFiat, fiat);
}

/** Test hook: back to the initial state. */
export function resetPayWith(current = ''): void {
  inFlight = null;
  Object.assign(payWithState, { status: 'idle', settings: [], current, chosen: current !== '' });
}
