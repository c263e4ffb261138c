/**
 * Demo shell: the header, a page body that shows the current route (so navigation can be seen and tested), and
 * the footer area. Any page of the exchange would mount the header the same way.
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LoginPage } from './account/LoginPage.tsx';
import { AnnouncementBar } from './announcement/AnnouncementBar.tsx';
import { Footer } from './footer/Footer.tsx';
import { Header } from './header/Header.tsx';
import { RestrictedNotice } from './settings/index.ts';
import { siteState } from './state/site.ts';

/** The demo page. */
export function App() {
  const { t } = useTranslation();
  const { path, locale } = useSnapshot(siteState);
  const search = typeof location === 'undefined' ? '' : location.search;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <AnnouncementBar />
      <Header />
      <RestrictedNotice />
      {path === '/login' ? (
        <LoginPage />
      ) : (
        <main id="main" className="page-body" tabIndex={-1}>
          <p className="page-eyebrow">{t('currentRoute')}</p>
          <h1 className="page-route" data-testid="page-route" dir="ltr">
            {path}
            {search}
          </h1>
          <p className="page-hint">
            {t('routeHint')} <span className="page-locale">({locale})</span>
          </p>
        </main>
      )}
      <Footer />
    </>
  );
}
