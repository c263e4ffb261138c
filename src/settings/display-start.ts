/**
 * Display settings at start-up (SPEC §4 preferences): apart from the settings components (./index.ts) so the entry,
 * which runs before React has arrived (src/main.tsx), can call it without importing React.
 */
import { applyPrefsToDocument, prefsState } from '../state/prefs.ts';
import { loadFiatRates } from './fiat-rates.ts';

/**
 * Start-up: reflects the stored preferences on `<html>` (theme, rise colour, price-change column) and, when fiat
 * prices are on, starts loading the rates so the first market panel already shows fiat. Never throws.
 */
export function initDisplaySettings(): void {
  applyPrefsToDocument();
  if (prefsState.currencyRate === 'open') void loadFiatRates();
}
