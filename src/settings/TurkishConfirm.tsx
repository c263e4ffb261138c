/**
 * SPEC §4: switching to Turkish from a non-Turkey sub-site asks where to continue: the global site in Turkish, or
 * the Turkey site (languages.turkeySiteHref). Both choices are real links; a Radix Dialog traps focus meanwhile.
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { applyLanguageDefaults } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { languageHref, turkeySiteHref } from './languages.ts';
import './dialogs.css';

/** The confirmation modal (controlled). */
export function TurkishConfirm({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const { path } = useSnapshot(siteState);
  const search = typeof location === 'undefined' ? '' : location.search;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="dialog dialog-confirm"
      testId="turkish-confirm"
      title={t('turkish.title')}
      closeLabel={t('turkish.cancel')}
      description={t('turkish.body')}
    >
      <div className="dialog-actions">
        <a
          className="settings-button"
          href={languageHref('tr', path, search)}
          onClick={() => applyLanguageDefaults('tr')}
        >
          {t('turkish.stayGlobal')}
        </a>
        <a
          className="settings-button settings-button-primary"
          href={turkeySiteHref(path, search)}
          onClick={() => applyLanguageDefaults('tr')}
        >
          {t('turkish.goTurkey')}
        </a>
      </div>
    </Dialog>
  );
}
