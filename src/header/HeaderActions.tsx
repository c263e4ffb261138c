/**
 * Right side of the header (issue 4 owns the account part, issue 5 the settings part). Temporary composition.
 */
import { LanguageMenu, SettingsMenu } from '../settings/index.ts';

/** Actions area. */
export function HeaderActions() {
  return (
    <div className="header-actions">
      <LanguageMenu />
      <SettingsMenu />
    </div>
  );
}
