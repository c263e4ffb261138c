/**
 * The side drawer (SPEC §2 'Header elements', §4, §6): below 992 px (SPEC §9 breakpoint; drawer.css's media query) the header's top navigation and the
 * wallet, order and profile menus collapse into one trigger (`data-testid="nav-drawer"`) that opens this Radix
 * dialog (`data-testid="side-drawer"`; src/ui/Dialog: focus trap, Escape and backdrop close, focus back to the
 * trigger). It slides in from the inline-end edge (the left in Arabic) in 300 ms, instantly with reduced motion.
 * Its sections are the table in ./sections.ts, filtered by the same policy decision as the desktop header.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { TurkishConfirm } from '../settings/TurkishConfirm.tsx';
import { useLanguagePick } from '../settings/use-language-pick.ts';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import type { DrawerSectionKey } from './sections.ts';
import './drawer.css';

/** The drawer's sections (menus, account, settings panels): loaded on the trigger's first intent. */
const DrawerContent = lazyOnIntent(
  () => import('./DrawerContent.tsx').then((m) => m.default),
  'drawer content',
  ['drawer', 'nav', 'account', 'settings', 'buy', 'markets'],
);

function Hamburger() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M4 7h16M4 12h16M4 17h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Trigger and drawer. */
export function SideDrawer() {
  const { t } = useTranslation('drawer');
  const { t: ta } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<DrawerSectionKey | null>(null);
  const language = useLanguagePick();

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setSection(null);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={change}
        onIntent={() => void DrawerContent.preload()}
        trigger={
          <button
            type="button"
            className="icon-button nav-drawer-trigger"
            data-testid="nav-drawer"
            aria-label={t('open')}
          >
            <Hamburger />
          </button>
        }
        title={t('title')}
        closeLabel={ta('close')}
        className="drawer side-drawer"
        overlayClassName="drawer-overlay"
        testId="side-drawer"
      >
        <DrawerContent
          section={section}
          setSection={setSection}
          change={change}
          pickLanguage={language.pick}
          fallback={chunkFallback}
        />
      </Dialog>
      <TurkishConfirm open={language.confirmOpen} onOpenChange={language.setConfirmOpen} />
    </>
  );
}
