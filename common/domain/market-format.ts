/**
 * Market number formatting with Intl for the UI locale (prices, changes, volumes, fiat prices). Pure: (value, locale) → text.
 * Prices keep significance for tiny values (meme coins at 1e-9); volumes are compact (1.2M); changes are signed %.
 */

const cache = new Map<string, Intl.NumberFormat>();

/**
 * The formatter named `name` (a fixed style: its `options` never vary under one name) for `locale`, built once. The
 * cache key is the name and the locale, not the options: a window of rows formats three numbers a row, and
 * serialising the options for every number took half of the formatting time (docs/benchmarks/history.md
 * 'Formatters by name').
 */
function nf(name: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${name}\u0000${locale}`;
  let f = cache.get(key);
  // Stryker disable next-line ConditionalExpression: the cache changes how often a format is built, not the text.
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** The fixed styles (options objects shared by every call). */
const PRICE_2: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const PRICE_4: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 4 };
const PRICE_SIG: Intl.NumberFormatOptions = { maximumSignificantDigits: 6, minimumSignificantDigits: 4 };
const CHANGE: Intl.NumberFormatOptions = {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
};
const VOLUME: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 2 };

/** Formats a decimal price string: ≥ 1 with 2–4 decimals, below 1 with up to 6 significant digits; '' → '--'. */
export function formatPrice(value: string | number, locale: string): string {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) return '--';
  if (n === 0) return nf('price2', locale, PRICE_2).format(0);
  const abs = Math.abs(n);
  if (abs >= 1000) return nf('price2', locale, PRICE_2).format(n);
  if (abs >= 1) return nf('price4', locale, PRICE_4).format(n);
  return nf('priceSig', locale, PRICE_SIG).format(n);
}

/** Formats a change in percent (2.5 → '+2.50%'); null → '--'. */
export function formatChange(pct: number | null, locale: string): string {
  if (pct === null || !Number.isFinite(pct)) return '--';
  return nf('change', locale, CHANGE).format(pct / 100);
}

/** Formats a volume compactly (1234567 → '1.23M'); 0 → '0'. */
export function formatVolume(value: number, locale: string): string {
  if (!Number.isFinite(value)) return '--';
  return nf('volume', locale, VOLUME).format(value);
}

/**
 * Formats a USDT amount converted to a fiat (SPEC §4 fiat prices) in the locale's currency style:
 * `usdt × rate` where `rate` is fiat per 1 USDT (/api/web/v1/site/currFiatMarketRates). Values ≥ 1 keep the
 * currency's own decimals (0 for JPY, 2 for EUR), smaller ones up to 6 significant digits (meme coins).
 * null/non-finite input or an unknown currency → null, so the caller falls back to the USDT price.
 */
export function formatFiat(
  usdt: number | null,
  rate: number,
  currency: string,
  locale: string,
): string | null {
  if (usdt === null || !Number.isFinite(usdt) || !Number.isFinite(rate) || rate <= 0) return null;
  const value = usdt * rate;
  try {
    if (value === 0 || Math.abs(value) >= 1)
      return nf(`fiat:${currency}`, locale, { style: 'currency', currency }).format(value);
    return nf(`fiatSig:${currency}`, locale, {
      style: 'currency',
      currency,
      minimumSignificantDigits: 4,
      maximumSignificantDigits: 6,
    }).format(value);
  } catch {
    // RangeError: not an ISO 4217 code Intl knows.
    return null;
  }
}
