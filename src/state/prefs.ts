/**
 * Display preferences (SPEC §3 'Preferences', §4): rise colour and change period, which the market panels read.
 * Issue 5 (display settings) owns persistence and the settings UI; this file holds the store and its defaults.
 */
import { proxy } from 'valtio';
import type { ChangePeriod } from '../../workers/market/contract.ts';

export type RiseColor = 'risegreen' | 'risered';

export interface PrefsState {
  /** green-for-rise (default) or red-for-rise. */
  riseColor: RiseColor;
  /** Change column period. */
  changePeriod: ChangePeriod;
}

/** The store, with defaults (SPEC §4: green for rise unless Chinese). */
export const prefsState = proxy<PrefsState>({
  riseColor: 'risegreen',
  changePeriod: '24h',
});
