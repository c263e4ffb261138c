/**
 * Popular coins for the footer's templated links (SPEC §2): GET /api/web/v1/site/popular_coins (docs/API.md), the
 * spot snapshot's top bases by quote volume. SPEC §8: a failed, slow (> 4 s) or malformed answer falls back to the
 * last good answer kept in localStorage, else to no popular group (`[]`). Never throws.
 */
import { useEffect, useState } from 'react';
import '../../common/zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';
import { apiGet } from '../api/client.ts';
import { popularCoinsSeedHolder } from '../state/popular-coins-seed.ts';
import { useScoped } from '../state/page-scope.tsx';
import { SITE_API } from '../../common/wire/endpoints.ts';
import type { HttpResult } from '../../common/http.ts';
import type { PopularCoin } from '../menus/footer.ts';
import { webStorage } from '../lib/web-storage.ts';

/** How many coins the footer shows per family. */
export const POPULAR_COIN_COUNT = 6;
/** localStorage key of the last good answer. */
export const POPULAR_CACHE_KEY = 'footer_popular_coins_v1';

// zod/mini, as every wire schema: the footer's chunk carries no copy of the full zod API.
const COIN = z.object({
  currency: z.string().check(z.regex(/^[A-Z0-9]{1,20}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  slug: z.string().check(z.regex(/^[a-z0-9-]{1,64}$/)),
});
const LIST = z.array(COIN).check(z.maxLength(50));
const ENVELOPE = z.object({ code: z.literal(200), data: LIST });

/** Remote-data status (STYLE habit 4): `stale` = the cached list after a failure. */
export type PopularCoins =
  | { status: 'loading'; coins: readonly PopularCoin[] }
  | { status: 'ready' | 'stale' | 'error'; coins: readonly PopularCoin[] };

/** The coins of a response body, or null when it is not a valid `{code: 200, data: [...]}`. Pure. */
export function parsePopularCoins(body: unknown): PopularCoin[] | null {
  const r = ENVELOPE.safeParse(body);
  return r.success ? r.data.data : null;
}

/** Minimal storage (localStorage, or a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readCache(store: KeyValueStore | null): PopularCoin[] | null {
  try {
    const raw = store?.getItem(POPULAR_CACHE_KEY);
    if (!raw) return null;
    const r = LIST.safeParse(JSON.parse(raw));
    return r.success && r.data.length > 0 ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the coins with `get` (default the API client) and settles: `ready` with the answer (cached), `stale` with
 * the cache after a failure or invalid body, `error` with `[]` when there is no cache. Logs what it swallowed.
 */
export async function fetchPopularCoins(
  get: (path: string, query: Record<string, string>) => Promise<HttpResult> = apiGet,
  store: KeyValueStore | null = safeLocalStorage(),
): Promise<PopularCoins> {
  const res = await get(SITE_API.popularCoins, { limit: String(POPULAR_COIN_COUNT) });
  const coins = res.ok ? parsePopularCoins(res.body) : null;
  if (coins) {
    keepCoins(store, coins);
    return { status: 'ready', coins };
  }
  if (res.ok) console.warn('[footer] popular coins: invalid response, using the cache');
  const cached = readCache(store);
  return cached ? { status: 'stale', coins: cached } : { status: 'error', coins: [] };
}

/** Keeps the last good list for a later failure (SPEC §8). Storage full or blocked: it is just not kept. */
function keepCoins(store: KeyValueStore | null, coins: readonly PopularCoin[]): void {
  try {
    store?.setItem(POPULAR_CACHE_KEY, JSON.stringify(coins));
  } catch {
    // Nothing to do: the list still shows.
  }
}

function safeLocalStorage(): KeyValueStore | null {
  return webStorage('localStorage');
}

let shared: Promise<PopularCoins> | null = null;

/**
 * The footer's first state. A server-rendered page starts from the coins the server rendered (src/state/
 * popular-coins-seed.ts), on the server and in the hydrating browser alike, so the markup matches; they are the API's
 * own answer, so nothing is fetched. Otherwise (client-rendered page, or a server that embedded none) the cached list
 * shows while the request runs.
 */
function firstState(holder: typeof popularCoinsSeedHolder): { state: PopularCoins; fetch: boolean } {
  const seed = holder.coins;
  if (seed) return { state: { status: 'ready', coins: seed }, fetch: false };
  // Server-rendered without coins: the server drew no popular group, so the first render draws none either.
  if (seed === null) return { state: { status: 'loading', coins: [] }, fetch: true };
  return { state: { status: 'loading', coins: readCache(safeLocalStorage()) ?? [] }, fetch: true };
}

/** The coins for the footer: the server's, or one request per page load with the cache shown meanwhile. */
export function usePopularCoins(): PopularCoins {
  const holder = useScoped(popularCoinsSeedHolder);
  const [first] = useState(() => firstState(holder));
  const [state, setState] = useState<PopularCoins>(first.state);
  useEffect(() => {
    // The server's list is kept as the last good answer, as a fetched one would be (SPEC §8).
    if (!first.fetch) return keepCoins(safeLocalStorage(), first.state.coins);
    let live = true;
    shared ??= fetchPopularCoins();
    void shared.then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [first]);
  return state;
}
