/**
 * The open side drawer's sections (SPEC §2, §4, §6): profile or login prompt, the top navigation and account menus
 * as accordion sections, language and display settings, app download and log-out, per ./sections.ts. Loaded on the
 * drawer trigger's first intent (./SideDrawer.tsx); default export for the lazy import.
 */
import { type Dispatch, type MouseEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../common/domain/locales.ts';
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
import { sessionState } from '../state/session.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { DrawerSection } from './DrawerSection.tsx';
import { drawerSections, toggleSection, type DrawerSectionKey, type DrawerSectionView } from './sections.ts';
import { useScoped } from '../state/page-scope.tsx';

/** Props: which section is expanded, the close function, and the language pick handler factory. */
export interface DrawerContentProps {
  section: DrawerSectionKey | null;
  setSection: Dispatch<SetStateAction<DrawerSectionKey | null>>;
  change: (open: boolean) => void;
  pickLanguage: (close: () => void) => (target: Locale, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The sections. */
export default function DrawerContent({ section, setSection, change, pickLanguage }: DrawerContentProps) {
  const { t } = useTranslation('drawer');
  const { t: tn } = useTranslation('nav');
  const { t: ta } = useTranslation('account');
  const { t: ts } = useTranslation('settings');
  const policy = usePolicy();
  const { user } = useSnapshot(useScoped(sessionState));
  const sections = drawerSections(policy.decision, Boolean(user?.is_login));
  const { ctx, show } = policy;

  const body = (s: DrawerSectionView): ReactNode => {
    switch (s.kind) {
      case 'language':
        return (
          <LanguagePanel onPickLanguage={pickLanguage(() => change(false))} onChosen={() => change(false)} />
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
    <div className="drawer-sections">
      {sections.map((s) => {
        if (s.kind === 'profile')
          return (
            <div key={s.key} className="drawer-profile" data-section={s.id}>
              {user?.is_login ? (
                <ProfileSummary user={user as UserInfo} policy={policy} />
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
              <MenuIcon name="mobile" size={20} />
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
                  <MenuIcon name="logout" size={20} />
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
                  <MenuIcon name="logout" size={20} />
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
  );
}
