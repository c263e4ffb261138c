/**
 * Display settings (SPEC §2 header elements, §4 preferences, §8 restricted notice), mounted by the header:
 * `LanguageMenu` (data-testid nav-language), `SettingsMenu` (data-testid nav-settings), `RestrictedNotice` (below
 * the header), and `initDisplaySettings` for start-up.
 */
import { applyPrefsToDocument, prefsState } from '../state/prefs.ts';
import { loadFiatRates } from './fiat-rates.ts';

export { LanguageMenu } from './LanguageMenu.tsx';
export { SettingsMenu } from './SettingsEntry.tsx';
export { preloadRestrictedNotice, RestrictedNotice } from './RestrictedNotice.tsx';

/**
 * Start-up: reflects the stored preferences on `<html>` (theme, rise colour, price-change column) and, when fiat
 * prices are on, starts loading the rates so the first market panel already shows fiat. Never throws.
 */
export function initDisplaySettings(): void {
  applyPrefsToDocument();
  if (prefsState.currencyRate === 'open') void loadFiatRates();
}
