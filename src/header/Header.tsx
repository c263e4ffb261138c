/**
 * The site header (SPEC §2 'Header and top navigation'): brand, top navigation menus, and the actions area.
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../lib/route.ts';
import { siteState } from '../state/site.ts';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { HeaderActions } from './HeaderActions.tsx';
import { MegaMenu } from './MegaMenu.tsx';
import { FUTURES_ENTRIES, TRADE_ENTRIES } from './nav-entries.ts';

function Chevron() {
  return (
    <svg className="nav-chevron" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
      <path d="m2 3.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** Brand mark and word, linking home. */
export function Brand() {
  const { t } = useTranslation();
  const { langPrefix } = useSnapshot(siteState);
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

/** The header bar. */
export function Header() {
  const { t } = useTranslation('nav');
  return (
    <header className="site-header">
      <div className="header-inner">
        <Brand />
        <nav className="top-nav" aria-label={t('primary')}>
          <ul>
            <li>
              <HoverPopover
                testId="nav-trade"
                trigger={
                  <>
                    {t('trade.title')}
                    <Chevron />
                  </>
                }
              >
                <MegaMenu entries={TRADE_ENTRIES} label={t('trade.title')} />
              </HoverPopover>
            </li>
            <li>
              <HoverPopover
                testId="nav-futures"
                trigger={
                  <>
                    {t('futures.title')}
                    <Chevron />
                  </>
                }
              >
                <MegaMenu entries={FUTURES_ENTRIES} label={t('futures.title')} />
              </HoverPopover>
            </li>
          </ul>
        </nav>
        <HeaderActions />
      </div>
    </header>
  );
}
