/**
 * How market rows show prices (SPEC §4 fiat selection): with rate mode open and the fiat's rate loaded,
 * `lastUsdt × rate` in the locale's currency style (formatFiat); otherwise the row's own last price (formatPrice).
 * Rows without a USDT value (`lastUsdt: null`) keep their own price. One hook per list, not per row: the list
 * passes the returned formatter to its rows, so a keystroke re-renders rows without 28 store subscriptions.
 */
import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatFiat, formatPrice } from '../lib/format.ts';
import { prefsState } from '../state/prefs.ts';
import { fiatRatesState, loadFiatRates } from './fiat-rates.ts';

/** Formats a row's last price: (last decimal string, last in USDT or null) → display text. */
export type PriceFormatter = (last: string, lastUsdt: number | null) => string;

/** A price formatter for `locale` (BCP 47) that follows the fiat preference; stable until locale/fiat/rate change. */
export function useDisplayPriceFormatter(locale: string): PriceFormatter {
  const { currencyRate, currFiat } = useSnapshot(prefsState);
  const { rates } = useSnapshot(fiatRatesState);
  const on = currencyRate === 'open' && currFiat !== '';
  useEffect(() => {
    if (on) void loadFiatRates();
  }, [on]);
  const rate = on ? rates[currFiat] : undefined;
  return useCallback(
    (last: string, lastUsdt: number | null) =>
      (rate === undefined ? null : formatFiat(lastUsdt, rate, currFiat, locale)) ?? formatPrice(last, locale),
    [rate, currFiat, locale],
  );
}
