/**
 * The pay-with settings cache (SPEC §9 cache name `buy_crypto_fiat_setting`, per language; SPEC §5 validity): one
 * localStorage entry `{lang, savedAt, data}` (a few KB, so the main thread may hold it). An entry is valid only when
 * its data is a non-empty list of settings and it was stored for the current language; otherwise it is deleted and
 * the caller refetches. Storage is passed in; a blocked or full storage only loses the cache. Never throws.
 */
import { FiatSettingList, type FiatSetting } from '../../common/wire/buy.ts';

/** SPEC §9 cache name, used as the localStorage key. */
export const PAY_WITH_CACHE_KEY = 'buy_crypto_fiat_setting';

/** The Storage methods used. */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A cache hit: the settings and when they were fetched (ms since epoch). */
export interface PayWithCacheHit {
  data: FiatSetting[];
  savedAt: number;
}

/** The valid entry for `lang`, or null (an invalid or other-language entry is deleted, SPEC §5). */
export function readPayWithCache(storage: CacheStorage | null, lang: string): PayWithCacheHit | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(PAY_WITH_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as { lang?: unknown; savedAt?: unknown; data?: unknown };
    const data = FiatSettingList.safeParse(entry?.data);
    if (entry?.lang === lang && typeof entry.savedAt === 'number' && data.success)
      return { data: data.data, savedAt: entry.savedAt };
    storage.removeItem(PAY_WITH_CACHE_KEY);
    return null;
  } catch {
    try {
      storage.removeItem(PAY_WITH_CACHE_KEY);
    } catch {
      // Blocked storage: nothing to delete.
    }
    return null;
  }
}

/** Stores `data` for `lang` at `savedAt`. */
export function writePayWithCache(
  storage: CacheStorage | null,
  lang: string,
  data: readonly FiatSetting[],
  savedAt: number,
): void {
  try {
    storage?.setItem(PAY_WITH_CACHE_KEY, JSON.stringify({ lang, savedAt, data }));
  } catch {
    // Full or blocked storage: the next page load refetches.
  }
}
