/**
 * Prefetch on intent (SPEC §4 market panels; docs/BENCHMARKS.md 'warm first rows'): when a menu holding market panels
 * opens, the first window of each panel's list is asked of the engine before any panel mounts, with the inputs the
 * panel will open with (the tab it opened on last time, empty term, the trader's change period and fiat display). The panel that
 * opens next adopts the reply (list-query.ts ListRegistry.prefetch), so its first rows wait for neither the panel's
 * render nor a worker round trip.
 */
import type { MarketKind, SettleCurrency } from '../../workers/market/contract.ts';
import { fiatRatesState } from '../settings/fiat-rates.ts';
import { prefsState } from '../state/prefs.ts';
import { getMarketEngine } from './engine-client.ts';
import { fiatDisplayOf, pageLists, storedTab } from './use-market-list.ts';

/** Prefetches the first window of each panel in `panels` (panels with the same inputs share one; each prefetch has
 * its own list handle in the engine). Resolves when asked; an engine that fails to start is logged. */
export async function prefetchPanels(
  panels: ReadonlyArray<{ kind: MarketKind; settle?: SettleCurrency }>,
): Promise<void> {
  let engine;
  try {
    engine = await getMarketEngine();
  } catch (err) {
    console.error('[markets] prefetch: engine unavailable', err);
    return;
  }
  const fiat = fiatDisplayOf(prefsState.currencyRate, prefsState.currFiat, fiatRatesState.rates);
  for (const { kind, settle } of panels) {
    pageLists.prefetch(
      engine,
      { kind, tab: storedTab(kind), term: '', settle, period: prefsState.changePeriod, fiat },
      performance.now(),
    );
  }
}
