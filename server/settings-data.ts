/**
 * Display-settings data for the reference server (SPEC §3 common site data `lang_list`, `fiat_list`,
 * `curr_fiat_market_rates`; §7 `SITE_API.fiatRates`, common/wire/endpoints.ts). Read from the vendored snapshots in
 * server/data (data/README); each file is parsed once and cached. Pure apart from that first read.
 *
 * Rate units: **fiat per 1 USDT**. USD is pinned to 1 (the site shows USDT-quoted prices at par in US dollars, as the
 * exchange does; the snapshot's own USDT_USD is 0.9989, 0.11 % away). Other fiats come from real pairs where the
 * snapshot has them (USDT_TRY → TRY), else from a documented, hand-entered reference table (marked `reference`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownGet } from '../common/own.ts';
import type { PairPrice } from './market-data/usdt-prices.ts';

/** `{code: {fiat, symbol}}` as in SPEC §3 `fiat_list`. */
export type FiatList = Record<string, { fiat: string; symbol: string }>;
/** `{code: fiat per 1 USDT}` as in SPEC §3 `curr_fiat_market_rates`. */
export type FiatRates = Record<string, number>;
/** Where one rate comes from: a real `USDT_{FIAT}` pair, the median of real `{COIN}_{FIAT}` ÷ `{COIN}_USDT` crosses, the par convention, or the reference table. */
export type FiatRateSource = 'par' | 'pair' | 'cross' | 'reference';

/** One derived rate with its provenance (for docs and tests). */
export interface FiatRateEntry {
  code: string;
  /** Fiat per 1 USDT, 6 significant digits. */
  rate: number;
  source: FiatRateSource;
  /** e.g. `USDT_TRY last 19.0896`, `median of 5 crosses`, `reference 2022-11-22`. */
  detail: string;
}

/** ISO 4217 codes that are not circulating fiat: metals, SDR, test and fund codes, and retired currencies. */
// prettier-ignore
export const NON_FIAT_CODES: ReadonlySet<string> = new Set([
  // metals, SDR, regional units and test codes
  'XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'XSU', 'XUA', 'XBA', 'XBB', 'XBC', 'XBD', 'XTS', 'XXX',
  // superseded: kuna (euro 2023), old leone (SLE), Zimbabwe 2009 dollar (ZWG), CUC (2021), ANG (XCG 2025)
  'HRK', 'SLL', 'ZWL', 'CUC', 'ANG',
]);

/** Cross rates need at least this many coins quoted in both the fiat and USDT (median of them; guards outliers). */
export const MIN_CROSS_PAIRS = 3;

/**
 * Reference rates, fiat per 1 USD, for fiats the snapshot cannot price (SGD has pairs but all with `last: "0"`).
 * Hand-entered approximate mid-market values around the spot snapshot date (2022-11-22), rounded; NOT market data.
 * With USDT at par they are also fiat per 1 USDT.
 */
// prettier-ignore
export const REFERENCE_RATES_2022_11_22: Readonly<Record<string, number>> = {
  EUR: 0.9705, GBP: 0.841, JPY: 141.3, CNY: 7.156, HKD: 7.817, TWD: 31.07, KRW: 1356, SGD: 1.3745,
  INR: 81.69, IDR: 15690, VND: 24835, THB: 35.85, PHP: 57.25, MYR: 4.545, PKR: 224.5, BDT: 103,
  AED: 3.6725, SAR: 3.757, QAR: 3.64, KWD: 0.3085, BHD: 0.376, OMR: 0.3845, JOD: 0.709, ILS: 3.46,
  EGP: 24.45, MAD: 10.8, NGN: 445, KES: 122, GHS: 14.6, ZAR: 17.27,
  RUB: 60.6, UAH: 36.57, KZT: 464, UZS: 11190, GEL: 2.72, AZN: 1.7,
  PLN: 4.56, CZK: 23.76, HUF: 399, RON: 4.79, BGN: 1.898, CHF: 0.951, SEK: 10.6, NOK: 10.21, DKK: 7.22,
  ISK: 143,
  AUD: 1.508, NZD: 1.627, CAD: 1.339, MXN: 19.43, BRL: 5.37, ARS: 163.5, CLP: 922, COP: 4970, PEN: 3.86,
};

const DATA_DIR = new URL('./data/', import.meta.url);
const memo = new Map<string, unknown>();
function readData<T>(file: string): T {
  if (!memo.has(file)) memo.set(file, JSON.parse(readFileSync(new URL(file, DATA_DIR), 'utf8')));
  return memo.get(file) as T;
}

interface LanguageFile {
  locales: { code: string; bcp47: string; autonym: string }[];
}
interface FiatFile {
  currencies: { code: string; symbolEn: string; narrowSymbol: string }[];
}

/**
 * `lang_list` (SPEC §3): UI locale code → its own name, first letter capitalised for display (CLDR writes
 * `español`, `português (Brasil)`). Order: the 16 UI locales as in server/data/locale_language_names.json.
 */
export function langList(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of readData<LanguageFile>('locale_language_names.json').locales) {
    out[l.code] = l.autonym.charAt(0).toLocaleUpperCase(l.bcp47) + l.autonym.slice(1);
  }
  return out;
}

/**
 * `fiat_list` (SPEC §3): circulating ISO 4217 codes (NON_FIAT_CODES dropped) → `{fiat: code, symbol}`. The symbol is
 * CLDR's narrow symbol when no other fiat shares it (€, ₺, ₩), else the English symbol (`$` → US$ is `$`, SGD stays
 * `SGD`, CNY `CN¥`), so a symbol never names two currencies in the picker.
 */
export function fiatList(): FiatList {
  const rows = readData<FiatFile>('fiat_currencies.json').currencies.filter(
    (c) => !NON_FIAT_CODES.has(c.code),
  );
  const narrowCount = new Map<string, number>();
  for (const c of rows) narrowCount.set(c.narrowSymbol, (narrowCount.get(c.narrowSymbol) ?? 0) + 1);
  const out: FiatList = {};
  for (const c of rows) {
    const unique = narrowCount.get(c.narrowSymbol) === 1;
    out[c.code] = { fiat: c.code, symbol: unique ? c.narrowSymbol : c.symbolEn };
  }
  return out;
}

/**
 * The spot snapshot as `PairPrice`s (Gate `currency_pair`, `last`): the bundled one, or `spot_tickers.json` in
 * `dataDir` (MARKET_DATA_DIR). Throws when that file is missing or not JSON (server start reports it).
 */
export function snapshotPairs(dataDir?: string): PairPrice[] {
  const file = dataDir ? pathToFileURL(join(dataDir, 'spot_tickers.json')).href : 'spot_tickers.json';
  const rows = readData<{ currency_pair: string; last: string }[]>(file);
  return rows.map((r) => {
    const [base = '', quote = ''] = r.currency_pair.split('_');
    return { base, quote, last: Number(r.last) };
  });
}

function sig6(n: number): number {
  return Number(n.toPrecision(6));
}

/**
 * Every fiat rate with its provenance, fiat per 1 USDT, ordered USD first then by code. For each code of `fiatList()`:
 * USD → 1 (par); a `USDT_{FIAT}` pair with `last > 0` → that price; else ≥ MIN_CROSS_PAIRS coins priced in both the
 * fiat and USDT → median of `{COIN}_{FIAT} ÷ {COIN}_USDT`; else the reference table; else no rate. Only pairs with the
 * fiat as QUOTE count: bases like MGA, ISK, DOP in the snapshot are crypto tokens that share an ISO code.
 */
export function fiatRateTable(pairs: readonly PairPrice[] = snapshotPairs()): FiatRateEntry[] {
  const last = new Map<string, number>();
  for (const p of pairs) {
    if (p.last > 0 && Number.isFinite(p.last))
      last.set(`${p.base.toUpperCase()}_${p.quote.toUpperCase()}`, p.last);
  }
  const out: FiatRateEntry[] = [{ code: 'USD', rate: 1, source: 'par', detail: 'USDT at par with USD' }];
  for (const code of Object.keys(fiatList()).sort()) {
    if (code === 'USD') continue;
    const direct = last.get(`USDT_${code}`);
    if (direct) {
      out.push({ code, rate: sig6(direct), source: 'pair', detail: `USDT_${code} last ${direct}` });
      continue;
    }
    const crosses: number[] = [];
    for (const p of pairs) {
      if (p.quote.toUpperCase() !== code || !(p.last > 0)) continue;
      const inUsdt = last.get(`${p.base.toUpperCase()}_USDT`);
      if (inUsdt) crosses.push(p.last / inUsdt);
    }
    if (crosses.length >= MIN_CROSS_PAIRS) {
      crosses.sort((a, b) => a - b);
      const mid = crosses.length >> 1;
      const median = crosses.length % 2 ? crosses[mid]! : (crosses[mid - 1]! + crosses[mid]!) / 2;
      out.push({ code, rate: sig6(median), source: 'cross', detail: `median of ${crosses.length} crosses` });
      continue;
    }
    const ref = ownGet(REFERENCE_RATES_2022_11_22, code);
    if (ref !== undefined) out.push({ code, rate: ref, source: 'reference', detail: 'reference 2022-11-22' });
  }
  return out;
}

/**
 * `curr_fiat_market_rates` (SPEC §3, §7): `{USD: 1, EUR: 0.9705, TRY: 19.0896, …}`, fiat per 1 USDT, derived from the
 * real USDT pairs of `pairs` (default: the bundled spot snapshot) as fiatRateTable describes.
 */
export function fiatRatesFromUsdt(pairs?: readonly PairPrice[]): FiatRates {
  const out: FiatRates = {};
  for (const e of fiatRateTable(pairs)) out[e.code] = e.rate;
  return out;
}
