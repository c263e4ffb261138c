/**
 * SPEC §4: switching to Turkish from a non-Turkey sub-site asks where to continue: the global site in Turkish, or
 * the Turkey site (languages.turkeySiteHref). Both choices are real links; a Radix Dialog traps focus meanwhile.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { applyLanguageDefaults } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { CloseIcon } from './icons.tsx';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-confirm" data-testid="turkish-confirm">
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{t('turkish.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('turkish.cancel')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-text">{t('turkish.body')}</Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
