/**
 * The language and region menu (SPEC §2), trigger `data-testid="nav-language"` in the header and
 * `footer-language` in the footer (same component, SPEC §2 'language selector (mobile and desktop)'): a dropdown
 * (HoverPopover) at 768 px and wider, a modal (Radix Dialog) below (SPEC §9 breakpoint). Picking Turkish off the
 * Turkey sub-site opens TurkishConfirm instead of navigating (SPEC §4, use-language-pick.ts). The trigger is
 * server-rendered with the header; the panel (./LanguagePanel.tsx) loads on the first intent on it.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { siteState } from '../state/site.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { LANGUAGE_NAMES } from './languages.ts';
import { TurkishConfirm } from './TurkishConfirm.tsx';
import { useLanguagePick } from './use-language-pick.ts';
import './dialogs.css';
import { useViewportBelow } from '../state/viewport.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The menu's content (tabs, language grid, fiat list): loaded on the first intent on the trigger. */
const LanguagePanel = lazyOnIntent(
  () => import('./LanguagePanel.tsx').then((m) => m.LanguagePanel),
  'language panel',
);
const preloadPanel = () => void LanguagePanel.preload();

/** Below this width (px) the menu is a modal (SPEC §9: 767/768 mobile). */
export const LANGUAGE_MODAL_BELOW_PX = 768;

/** Where the menu is placed: the header's globe icon, or the footer's globe with the language name. */
export interface LanguageMenuProps {
  /** Default `nav-language`. */
  testId?: string;
  /** Show the current language's name beside the globe (footer). */
  withName?: boolean;
  /** Default `nav-trigger icon-trigger`. */
  triggerClassName?: string;
  /** Popover alignment on wide screens; default `end`. */
  align?: 'start' | 'end';
}

/** Entry for language and region (header or footer placement). */
export function LanguageMenu({
  testId = 'nav-language',
  withName = false,
  triggerClassName = 'nav-trigger icon-trigger',
  align = 'end',
}: LanguageMenuProps = {}) {
  const { t } = useTranslation('settings');
  const { locale } = useSnapshot(useScoped(siteState));
  const mobile = useViewportBelow(LANGUAGE_MODAL_BELOW_PX);
  const [modalOpen, setModalOpen] = useState(false);
  const { pick, confirmOpen, setConfirmOpen } = useLanguagePick();
  // With the name shown, the accessible name contains the visible text (WCAG 2.5.3 label in name).
  const label = withName ? `${t('language.trigger')}: ${LANGUAGE_NAMES[locale]}` : t('language.trigger');

  const trigger = (
    <>
      <Icon name="globe" size={withName ? 16 : 20} />
      {withName && <span>{LANGUAGE_NAMES[locale]}</span>}
    </>
  );
  return (
    <>
      {mobile ? (
        <Dialog
          open={modalOpen}
          onOpenChange={setModalOpen}
          onIntent={preloadPanel}
          trigger={
            <button type="button" className={triggerClassName} data-testid={testId} aria-label={label}>
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
            fallback={chunkFallback}
          />
        </Dialog>
      ) : (
        <HoverPopover
          testId={testId}
          ariaLabel={label}
          align={align}
          className="lang-popover"
          triggerClassName={triggerClassName}
          trigger={trigger}
          onIntent={preloadPanel}
        >
          <LanguagePanel onPickLanguage={pick(() => undefined)} fallback={chunkFallback} />
        </HoverPopover>
      )}
      <TurkishConfirm open={confirmOpen} onOpenChange={setConfirmOpen} />
    </>
  );
}
