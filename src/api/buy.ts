/**
 * Main-thread calls of the buy-crypto pay-with picker (SPEC §7 GET BUY_API.fiatSetting) through the one API edge.
 * A failed, slow (> 4 s), non-200 or malformed answer gives null and a log line; the caller falls back to the cache
 * or to FALLBACKS.buyCryptoFiatSetting (SPEC §8). Never throws.
 */
import { BUY_API } from '../../common/wire/endpoints.ts';
import type { FiatSetting } from '../../common/wire/buy.ts';
import { apiGet } from './client.ts';
import { buyWire, withWire } from './wire.ts';

/** The fiat settings, or null when the call failed or answered invalid data. */
export async function fetchFiatSettings(): Promise<FiatSetting[] | null> {
  return withWire(buyWire, apiGet(BUY_API.fiatSetting), null, 'buy_crypto_fiat_setting', (res, w) =>
    w.dataOr(res, w.FiatSettingList, null, 'buy_crypto_fiat_setting'),
  );
}
