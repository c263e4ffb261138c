/**
 * Fiat market rates on the main thread (SPEC §7 `GET SITE_API.fiatRates` through the API edge src/api, §8 failures
 * swallowed): `{code: 200, data: {USD: 1, EUR: 0.9705, …}}`, fiat per 1 USDT (shape: common/wire/site.ts FiatRates).
 * Loaded once on demand (the exchange-rate tab opens, or fiat prices are on at start-up); a failure leaves
 * `status: 'error'` with the FALLBACKS rates (none), and rows keep USDT prices.
 */
import { proxy } from 'valtio/vanilla';
import type { HttpResult } from '../../common/http.ts';
import type { FiatRates } from '../../common/wire/site.ts';
import { FALLBACKS } from '../api/fallbacks.ts';

export type { FiatRates };

export interface FiatRatesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Replaced whole when loaded (about 60 numbers). */
  rates: FiatRates;
}

/** The store. */
export const fiatRatesState = proxy<FiatRatesState>({ status: 'idle', rates: FALLBACKS.fiatRates });

let inFlight: Promise<void> | null = null;

/**
 * Loads the rates once (later calls share the first request; after an error the next call retries). Never throws;
 * logs what it swallowed. `request` (default: the API client's GET) is injectable for tests.
 */
export function loadFiatRates(request?: (url: string) => Promise<HttpResult>): Promise<void> {
  if (fiatRatesState.status === 'ready') return Promise.resolve();
  if (inFlight) return inFlight;
  fiatRatesState.status = 'loading';
  // The call and its client are a chunk of their own (./fiat-rates-read.ts); failing to load it fails the call.
  const read = import('./fiat-rates-read.ts').then(
    (m) => m.readFiatRates(request),
    (err: unknown) => {
      console.warn('[fiat rates] request code failed to load', err);
      return null;
    },
  );
  inFlight = read.then((rates) => {
    inFlight = null;
    if (!rates) {
      fiatRatesState.rates = FALLBACKS.fiatRates;
      fiatRatesState.status = 'error';
      return;
    }
    fiatRatesState.rates = rates;
    fiatRatesState.status = 'ready';
  });
  return inFlight;
}
