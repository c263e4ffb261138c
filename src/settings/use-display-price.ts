/**
 * The price a market row shows (SPEC §4 fiat selection): with rate mode open and the fiat's rate loaded,
 * `lastUsdt × rate` in the locale's currency style (formatFiat); otherwise the row's own last price (formatPrice).
 * Rows without a USDT value (`lastUsdt: null`) keep their own price.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatFiat, formatPrice } from '../lib/format.ts';
import { prefsState } from '../state/prefs.ts';
import { fiatRatesState, loadFiatRates } from './fiat-rates.ts';

/** Text for a row's last price; `locale` is a BCP 47 tag or a UI locale code Intl accepts. */
export function useDisplayPrice(last: string, lastUsdt: number | null, locale: string): string {
  const { currencyRate, currFiat } = useSnapshot(prefsState);
  const { rates } = useSnapshot(fiatRatesState);
  const on = currencyRate === 'open' && currFiat !== '';
  useEffect(() => {
    if (on) void loadFiatRates();
  }, [on]);
  const rate = on ? rates[currFiat] : undefined;
  const fiat = rate === undefined ? null : formatFiat(lastUsdt, rate, currFiat, locale);
  return fiat ?? formatPrice(last, locale);
}
