/**
 * The site header (SPEC §2 'Header and top navigation'): brand, the top navigation menus from src/menus/ filtered
 * by the visibility policy (a menu whose items are all hidden is not rendered), and the actions area.
 */
import { memo } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { LoggingOut } from '../account/LoggingOut.tsx';
import { Toaster } from '../account/Toaster.tsx';
import { TrReminder } from '../account/TrReminder.tsx';
import { withLangPrefix } from '../../common/domain/route.ts';
import { TOP_MENU_SHELLS } from '../menus/top-menus.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { isVisible } from '../policy/visibility.ts';
import { sessionState } from '../state/session.ts';
import { siteState } from '../state/site.ts';
import { Chevron } from '../ui/Chevron.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { HeaderActions } from './HeaderActions.tsx';
import { NavScroller } from './NavScroller.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { SideDrawer } from '../drawer/SideDrawer.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { warmMarketEngine } from '../lib/market-warmup.ts';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { useScoped } from '../state/page-scope.tsx';

/**
 * The menus' open content (and, with it, the menus' item data and the market panel code): loaded on the first intent
 * on any top menu. The closed header needs only the menus' key trees (src/menus/top-menus.ts).
 */
const MenuContent = lazyOnIntent(() => import('./MenuContent.tsx').then((m) => m.default), 'menu content', [
  'buy',
  'markets',
]);

/** Brand mark and word, linking home. */
export function Brand() {
  const { t } = useTranslation();
  const { langPrefix } = useSnapshot(useScoped(siteState));
  return (
    <a className="brand" href={withLangPrefix(langPrefix, '/')} aria-label={t('brandHome')}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--brand)" />
        <path
          d="M8 22V10l8 7 8-7v12"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-word">{t('brand')}</span>
    </a>
  );
}

/**
 * The header bar. `data-ready` turns true once site and session data have answered and the page is interactive
 * (hydrated: handlers attached); tests wait for it. Only this shell reads those flags: when they change (right after
 * hydration) it re-renders alone, and the memoised contents stay as they are.
 */
export function Header() {
  const { subSite, siteStatus, interactive } = useSnapshot(useScoped(siteState));
  const { status: sessionStatus } = useSnapshot(useScoped(sessionState));
  return (
    <header
      className="site-header"
      data-sub-site={subSite}
      data-ready={interactive && siteStatus !== 'loading' && sessionStatus !== 'loading'}
    >
      <HeaderContents />
    </header>
  );
}

/** Brand, top menus and actions; re-renders only for its own store reads (the policy inputs, the locale). */
const HeaderContents = memo(function HeaderContents() {
  const { t } = useTranslation('nav');
  const { decision, ctx, show } = usePolicy();
  // A menu whose items are all hidden is not rendered (the policy decides on the menus' keys).
  const menus = TOP_MENU_SHELLS.map((menu) => ({ menu, items: visibleItems(menu.items, decision) })).filter(
    (m) => m.items.length > 0,
  );
  return (
    <>
      <div className="header-inner">
        <Brand />
        <nav className="top-nav" aria-label={t('primary')}>
          <NavScroller version={menus.map((m) => `${m.menu.key}:${m.items.length}`).join()}>
            {menus.map(({ menu }) => (
              <li key={menu.key}>
                <HoverPopover
                  testId={menu.testId}
                  onIntent={() => {
                    void MenuContent.preload();
                    if (menu.panelKeys.some((k) => isVisible(decision, k))) void warmMarketEngine();
                  }}
                  trigger={
                    <>
                      {t(menu.titleKey)}
                      <Chevron />
                    </>
                  }
                >
                  <MenuContent
                    menu={menu.key}
                    decision={decision}
                    ctx={ctx}
                    label={t(menu.titleKey)}
                    payWith={menu.key === 'buy'}
                    fallback={chunkFallback}
                  />
                </HoverPopover>
              </li>
            ))}
          </NavScroller>
        </nav>
        <HeaderActions />
        <SideDrawer />
      </div>
      {show('tr-reminder') && <TrReminder />}
      <LoggingOut />
      <Toaster />
    </>
  );
});
