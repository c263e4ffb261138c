/**
 * The language and region menu (SPEC §2), trigger `data-testid="nav-language"`: a dropdown (HoverPopover) at
 * 768 px and wider, a modal (Radix Dialog) below (SPEC §9 breakpoint). Picking Turkish off the Turkey sub-site
 * opens TurkishConfirm instead of navigating (SPEC §4).
 */
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../common/domain/locales.ts';
import { applyLanguageDefaults } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';
import { LanguagePanel } from './LanguagePanel.tsx';
import { languageSwitchMode } from './languages.ts';
import { currentSubWebsiteId } from './sub-site.ts';
import { TurkishConfirm } from './TurkishConfirm.tsx';
import './dialogs.css';

/** Below this width (px) the menu is a modal (SPEC §9: 767/768 mobile). */
export const LANGUAGE_MODAL_BELOW_PX = 768;

/** Header entry for language and region. */
export function LanguageMenu() {
  const { t } = useTranslation('settings');
  const { viewportWidth } = useSnapshot(siteState);
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const mobile = viewportWidth < LANGUAGE_MODAL_BELOW_PX;

  const pick = (close: () => void) => (target: Locale, event: MouseEvent<HTMLAnchorElement>) => {
    if (languageSwitchMode(target, currentSubWebsiteId()) === 'confirm-turkey') {
      event.preventDefault();
      close();
      setConfirmOpen(true);
      return;
    }
    applyLanguageDefaults(target);
  };

  const trigger = <Icon name="globe" size={20} />;
  return (
    <>
      {mobile ? (
        <Dialog
          open={modalOpen}
          onOpenChange={setModalOpen}
          trigger={
            <button
              type="button"
              className="nav-trigger icon-trigger"
              data-testid="nav-language"
              aria-label={t('language.trigger')}
            >
              {trigger}
            </button>
          }
          className="dialog dialog-lang"
          title={t('language.title')}
          closeLabel={t('language.close')}
        >
          <LanguagePanel
            onPickLanguage={pick(() => setModalOpen(false))}
            onChosen={() => setModalOpen(false)}
          />
        </Dialog>
      ) : (
        <HoverPopover
          testId="nav-language"
          ariaLabel={t('language.trigger')}
          align="end"
          className="lang-popover"
          triggerClassName="nav-trigger icon-trigger"
          trigger={trigger}
        >
          <LanguagePanel onPickLanguage={pick(() => undefined)} />
        </HoverPopover>
      )}
      <TurkishConfirm open={confirmOpen} onOpenChange={setConfirmOpen} />
    </>
  );
}
