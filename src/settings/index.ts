/**
 * Display settings entry points (issue 5) mounted by the header's actions area (issue 4):
 * `LanguageMenu` (data-testid nav-language) and `SettingsMenu` (data-testid nav-settings).
 * Temporary: both render nothing until issue 5's components replace these exports.
 */
export function LanguageMenu(): null {
  return null;
}

/** See LanguageMenu. */
export function SettingsMenu(): null {
  return null;
}
