/**
 * Display settings (SPEC §2 header elements, §4 preferences, §8 restricted notice), mounted by the header:
 * `LanguageMenu` (data-testid nav-language), `SettingsMenu` (data-testid nav-settings), `RestrictedNotice` (below
 * the header); `initDisplaySettings`, for start-up, is ./display-start.ts (no React).
 */

export { LanguageMenu } from './LanguageMenu.tsx';
export { SettingsMenu } from './SettingsEntry.tsx';
export { preloadRestrictedNotice, RestrictedNotice } from './RestrictedNotice.tsx';

