/**
 * The Turkish question's two answers (SPEC §4): the global site in Turkish, or the Turkey site
 * (languages.turkeySiteHref); both real links that apply the Turkish defaults first. Loaded when the question first
 * opens (./TurkishConfirm.tsx), alongside the dialog's own code.
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { applyLanguageDefaults } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { languageHref, turkeySiteHref } from './language-links.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The two links. */
export default function TurkishActions() {
  const { t } = useTranslation('settings');
  const { path, subSite, host } = useSnapshot(useScoped(siteState));
  const from = { site: subSite, host };
  const search = typeof location === 'undefined' ? '' : location.search;
  return (
    <div className="dialog-actions">
      <a
        className="settings-button"
        href={languageHref('tr', path, search, from)}
        onClick={() => applyLanguageDefaults('tr')}
      >
        {t('turkish.stayGlobal')}
      </a>
      <a
        className="settings-button settings-button-primary"
        href={turkeySiteHref(path, search, from)}
        onClick={() => applyLanguageDefaults('tr')}
      >
        {t('turkish.goTurkey')}
      </a>
    </div>
  );
}
