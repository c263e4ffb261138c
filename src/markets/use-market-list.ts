/**
 * React adapter of the list controller (market-list.ts), TanStack style: one controller per mounted panel, its
 * snapshot read with useSyncExternalStore, its inputs pushed from an effect. All query, window and refresh logic
 * lives in the controller; this file only wires React and the page (engine, frames, fiat preference, bench marks).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { FiatDisplay } from '../../workers/market/contract.ts';
import { fiatRatesState, loadFiatRates } from '../settings/fiat-rates.ts';
import { prefsState } from '../state/prefs.ts';
import { markRowsPainted } from './bench-marks.ts';
import { getMarketEngine } from './engine-client.ts';
import { MarketListController, type MarketListParams, type MarketListSnapshot } from './market-list.ts';

/** Runs `cb` in the frame after the next one, i.e. after the current frame has painted. */
function afterPaint(cb: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(cb));
}

/**
 * The fiat price display the trader chose (SPEC §4 fiat prices): with rate mode open and the fiat's rate loaded,
 * `{currency, rate}` (fiat per 1 USDT); otherwise null (rows keep their own price). Loads the rates on demand.
 */
export function useFiatDisplay(): FiatDisplay | null {
  const { currencyRate, currFiat } = useSnapshot(prefsState);
  const { rates } = useSnapshot(fiatRatesState);
  const on = currencyRate === 'open' && currFiat !== '';
  useEffect(() => {
    if (on) void loadFiatRates();
  }, [on]);
  const rate = on ? rates[currFiat] : undefined;
  const currency = rate === undefined ? '' : currFiat;
  return useMemo(() => (rate === undefined ? null : { currency, rate }), [currency, rate]);
}

/**
 * The list controller of one panel for `params` (without the term, which the search box sets with
 * `controller.setTerm` per keystroke outside React, and without the fiat, which comes from the preferences) and its
 * current snapshot. `initialTerm` is the term the list opens with. The controller lives as long as the component; it
 * is connected to the engine while mounted.
 */
export function useMarketList(
  params: Omit<MarketListParams, 'fiat' | 'term'>,
  initialTerm = '',
): {
  controller: MarketListController;
  snapshot: MarketListSnapshot;
} {
  const fiat = useFiatDisplay();
  const [controller] = useState(() => {
    const c = new MarketListController({
      engine: getMarketEngine,
      nextFrame: afterPaint,
      onRowsShown: markRowsPainted,
    });
    c.setTerm(initialTerm);
    return c;
  });
  useEffect(() => controller.connect(), [controller]);
  const { kind, tab, settle, period } = params;
  useEffect(() => {
    controller.setParams({ kind, tab, term: controller.term, settle, period, fiat });
  }, [controller, kind, tab, settle, period, fiat]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { controller, snapshot };
}
