/**
 * React adapter of the list controller (market-list.ts), TanStack style: one controller per mounted panel, its
 * snapshot read with useSyncExternalStore, its inputs pushed from an effect. All query, window and refresh logic
 * lives in the controller; this file only wires React and the page (engine, frames, fiat preference, bench marks).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { FiatDisplay, MarketKind } from '../../workers/market/contract.ts';
import { fiatRatesState, loadFiatRates } from '../settings/fiat-rates.ts';
import { prefsState } from '../state/prefs.ts';
import { markRowsPainted } from './bench-marks.ts';
import { getMarketEngine, pageConfig } from './engine-client.ts';
import { liveHub } from './live-hub.ts';
import { inNextFrame } from './next-frame.ts';
import { readFirstWindow, storedFirstWindowTab, writeFirstWindow } from './first-window-cache.ts';
import { MarketListController, type MarketListOptions, type MarketListSnapshot } from './market-list.ts';
import { ListRegistry, type MarketListParams } from './list-query.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The page's list queries (list-query.ts): one registry for every panel and the prefetch on intent (prefetch.ts). */
export const pageLists = new ListRegistry();

/** The page's localStorage, or null where it is blocked (privacy settings: lists then wait for the engine). */
function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The tab a panel of `kind` opens on: the one its stored first window was shown on ('' = none yet). */
export function storedTab(kind: MarketKind): string {
  return storedFirstWindowTab(pageStorage(), kind, pageConfig().lang);
}

/** The page's stored first windows (first-window-cache.ts): localStorage, the page's language. */
function pageFirstWindows(): MarketListOptions['firstWindows'] {
  const storage = pageStorage();
  const lang = pageConfig().lang;
  return {
    read: (kind, key) => readFirstWindow(storage, kind, key, lang),
    write: (kind, key, w) => writeFirstWindow(storage, kind, key, lang, w, Date.now()),
  };
}

/**
 * The fiat price display (SPEC §4 fiat prices) for the preferences `currencyRate` and `currFiat` and the loaded
 * `rates` (fiat per 1 USDT by currency): `{currency, rate}` with rate mode open and the fiat's rate loaded, otherwise
 * null (rows keep their own price). Pure.
 */
export function fiatDisplayOf(
  currencyRate: string,
  currFiat: string,
  rates: Readonly<Record<string, number>>,
): FiatDisplay | null {
  const rate = currencyRate === 'open' && currFiat !== '' ? rates[currFiat] : undefined;
  return rate === undefined ? null : { currency: currFiat, rate };
}

/**
 * The fiat price display the trader chose (fiatDisplayOf over the preferences and the loaded rates); loads the rates
 * on demand. A new object only when the currency or the rate changes.
 */
export function useFiatDisplay(): FiatDisplay | null {
  const { currencyRate, currFiat } = useSnapshot(useScoped(prefsState));
  const { rates } = useSnapshot(fiatRatesState);
  const on = currencyRate === 'open' && currFiat !== '';
  useEffect(() => {
    if (on) void loadFiatRates();
  }, [on]);
  const display = fiatDisplayOf(currencyRate, currFiat, rates);
  const currency = display?.currency ?? '';
  const rate = display?.rate;
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
  const { kind, tab, settle, period } = params;
  const [controller] = useState(() => {
    const c = new MarketListController({
      engine: getMarketEngine,
      lists: pageLists,
      nextFrame: inNextFrame,
      onRowsShown: markRowsPainted,
      firstWindows: pageFirstWindows(),
      // The list's order may move only while it is still (live-still.ts through the input adapter, list-input.ts;
      // the engine re-ranks at most every 5 s).
      onStill: (still) => {
        void getMarketEngine().then((engine) => liveHub(engine).setStill(kind, still));
      },
    });
    // A first window prefetched on intent (prefetch.ts) that has arrived: the first commit draws its rows.
    if (!c.prime({ kind, tab, term: initialTerm, settle, period, fiat })) c.setTerm(initialTerm);
    return c;
  });
  useEffect(() => controller.connect(), [controller]);
  // Live prices (ARCHITECTURE.md 'Live lists'): the open panel shows its list, and its window's rows tick in place.
  useEffect(() => {
    let stop: (() => void) | null = null;
    let alive = true;
    void getMarketEngine().then((engine) => {
      if (!alive) return;
      const hub = liveHub(engine);
      const release = hub.hold([kind]);
      const off = hub.onRows(kind, (event) => controller.applyLive(event));
      stop = () => {
        release();
        off();
      };
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, [controller, kind]);
  useEffect(() => {
    controller.setParams({ kind, tab, term: controller.term, settle, period, fiat });
  }, [controller, kind, tab, settle, period, fiat]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { controller, snapshot };
}
