/**
 * Fiat market rates on the main thread (SPEC §7 `GET /api/web/v1/site/currFiatMarketRates`, §8 failures swallowed):
 * `{code: 200, data: {USD: 1, EUR: 0.9705, …}}`, fiat per 1 USDT. Loaded once on demand (the exchange-rate tab opens,
 * or fiat prices are on at start-up); a failure leaves `status: 'error'` with no rates, and rows keep USDT prices.
 */
import { proxy } from 'valtio';
import { csrfToken } from '../lib/cookies.ts';
import { requestJson, type HttpResult } from '../../common/http.ts';

/** Path of the rates call (SPEC §7). */
export const FIAT_RATES_URL = '/api/web/v1/site/currFiatMarketRates';

/** `{code: fiat per 1 USDT}`. */
export type FiatRates = Readonly<Record<string, number>>;

export interface FiatRatesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Replaced whole when loaded (about 60 numbers). */
  rates: FiatRates;
}

/** The store. */
export const fiatRatesState = proxy<FiatRatesState>({ status: 'idle', rates: {} });

/**
 * Validates a rates response: `code` 200 and `data` an object of positive finite numbers keyed by 3-letter codes.
 * Invalid entries are dropped; a wrong envelope gives null.
 */
export function parseFiatRates(body: unknown): FiatRates | null {
  if (!body || typeof body !== 'object') return null;
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== 200 || !data || typeof data !== 'object' || Array.isArray(data)) return null;
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (/^[A-Z]{3}$/.test(key) && typeof value === 'number' && Number.isFinite(value) && value > 0) {
      out[key] = value;
    }
  }
  return out;
}

let inFlight: Promise<void> | null = null;

/**
 * Loads the rates once (later calls share the first request; after an error the next call retries). Never throws;
 * logs what it swallowed. `request` is injectable for tests.
 */
export function loadFiatRates(
  request: (url: string) => Promise<HttpResult> = (url) => requestJson(url, { csrfToken: csrfToken() }),
): Promise<void> {
  if (fiatRatesState.status === 'ready') return Promise.resolve();
  if (inFlight) return inFlight;
  fiatRatesState.status = 'loading';
  inFlight = request(FIAT_RATES_URL).then((res) => {
    inFlight = null;
    const rates = res.ok ? parseFiatRates(res.body) : null;
    if (!rates) {
      console.warn('[settings] fiat rates unavailable', res.ok ? 'invalid body' : res.reason);
      fiatRatesState.status = 'error';
      return;
    }
    fiatRatesState.rates = rates;
    fiatRatesState.status = 'ready';
  });
  return inFlight;
}
