/**
 * The side drawer (SPEC §2 'Header elements', §4, §6): below DRAWER_BELOW_PX the header's top navigation and the
 * wallet, order and profile menus collapse into one trigger (`data-testid="nav-drawer"`) that opens this Radix
 * dialog (`data-testid="side-drawer"`; src/ui/Dialog: focus trap, Escape and backdrop close, focus back to the
 * trigger). It slides in from the inline-end edge (the left in Arabic) in 300 ms, instantly with reduced motion.
 * Its sections are the table in ./sections.ts, filtered by the same policy decision as the desktop header.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { LoginButtons } from '../account/LoginButtons.tsx';
import { logout } from '../account/logout.ts';
import { PayWithPicker } from '../buy/PayWithPicker.tsx';
import { ProfileSummary } from '../account/ProfileSummary.tsx';
import type { UserInfo } from '../../common/wire/user.ts';
import { BUY_MENU } from '../menus/buy-earn.ts';
import { MenuEntry } from '../menus/MenuEntry.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { LanguagePanel } from '../settings/LanguagePanel.tsx';
import { SettingsPanel } from '../settings/SettingsMenu.tsx';
import { TurkishConfirm } from '../settings/TurkishConfirm.tsx';
import { useLanguagePick } from '../settings/use-language-pick.ts';
import { sessionState } from '../state/session.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { DrawerSection } from './DrawerSection.tsx';
import { drawerSections, toggleSection, type DrawerSectionKey, type DrawerSectionView } from './sections.ts';
import './drawer.css';

/** The top navigation collapses into the drawer below this width, px (SPEC §9 breakpoint 992; drawer.css). */
export const DRAWER_BELOW_PX = 992;

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
  const { t: tn } = useTranslation('nav');
  const { t: ta } = useTranslation('account');
  const { t: ts } = useTranslation('settings');
  const policy = usePolicy();
  const { user } = useSnapshot(sessionState);
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<DrawerSectionKey | null>(null);
  const language = useLanguagePick();
  const sections = drawerSections(policy.decision, Boolean(user?.is_login));
  const { ctx, show } = policy;

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setSection(null);
  };

  const body = (s: DrawerSectionView): ReactNode => {
    switch (s.kind) {
      case 'language':
        return (
          <LanguagePanel onPickLanguage={language.pick(() => change(false))} onChosen={() => change(false)} />
        );
      case 'display':
        return <SettingsPanel />;
      default:
        return (
          <>
            {/* The same pay-with picker as the desktop Buy crypto menu (SPEC §2): its fiat drives these links. */}
            {s.menu?.key === BUY_MENU.key && <PayWithPicker />}
            <ul className="menu-list drawer-menu">
              {s.items.map((item) => (
                <li key={item.key}>
                  <MenuEntry item={item} ctx={ctx} compact />
                </li>
              ))}
            </ul>
          </>
        );
    }
  };

  const title = (s: DrawerSectionView): string => {
    if (s.menu) return tn(s.menu.titleKey);
    return s.kind === 'language' ? ts('language.title') : ts('menu.title');
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={change}
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
        <div className="drawer-sections">
          {sections.map((s) => {
            if (s.kind === 'profile')
              return (
                <div key={s.key} className="drawer-profile" data-section={s.id}>
                  {user?.is_login ? (
                    <ProfileSummary user={user as UserInfo} langPrefix={ctx.langPrefix} />
                  ) : (
                    <>
                      <p className="drawer-prompt">{t('prompt')}</p>
                      <div className="drawer-login">
                        <LoginButtons policy={policy} />
                      </div>
                    </>
                  )}
                </div>
              );
            if (s.kind === 'download')
              return (
                <a
                  key={s.key}
                  className="drawer-row"
                  data-section={s.id}
                  href={withLangPrefix(ctx.langPrefix, '/mobileapp')}
                >
                  <Icon name="mobile" size={20} />
                  <span className="drawer-row-text">
                    <span>{ta('download')}</span>
                    <span className="drawer-row-hint">{t('downloadHint')}</span>
                  </span>
                </a>
              );
            if (s.kind === 'logout')
              return (
                <div key={s.key} className="drawer-logout" data-section={s.id}>
                  {show('logout') && (
                    <button
                      type="button"
                      className="drawer-row"
                      data-testid="drawer-logout-device"
                      onClick={() => void logout('device')}
                    >
                      <Icon name="logout" size={20} />
                      {ta('logout')}
                    </button>
                  )}
                  {show('logout-all') && (
                    <button
                      type="button"
                      className="drawer-row"
                      data-testid="drawer-logout-all"
                      onClick={() => void logout('all')}
                    >
                      <Icon name="logout" size={20} />
                      {ta('logoutAll')}
                    </button>
                  )}
                </div>
              );
            return (
              <DrawerSection
                key={s.key}
                id={s.id}
                title={title(s)}
                open={section === s.key}
                onToggle={() => setSection((cur) => toggleSection(cur, s.key))}
              >
                {body(s)}
              </DrawerSection>
            );
          })}
        </div>
      </Dialog>
      <TurkishConfirm open={language.confirmOpen} onOpenChange={language.setConfirmOpen} />
    </>
  );
}
