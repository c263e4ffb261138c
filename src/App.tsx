/**
 * Demo shell: the header, a page body that shows the current route (so navigation can be seen and tested), and
 * the footer area. Any page of the exchange would mount the header the same way.
 */
import { useEffect } from 'react';
import { useTranslation } from './i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { AnnouncementBar } from './announcement/AnnouncementBar.tsx';
import { DeferredFooter } from './footer/DeferredFooter.tsx';
import { deferredHydration } from './lib/deferred-hydration.tsx';
import { Header } from './header/Header.tsx';
import { preloadRestrictedNotice, RestrictedNotice } from './settings/index.ts';
import { markInteractive, siteState } from './state/site.ts';
import { useScoped } from './state/page-scope.tsx';

/** The /login page's code: a chunk of its own (only that route renders it), fetched before hydrating there. */
const LoginPage = deferredHydration(
  () => import('./account/LoginPage.tsx').then((m) => m.LoginPage),
  'login page',
);

/**
 * Loads the code of the server-rendered parts this page shows that are not in the first load (the /login page, the
 * restricted notice: both have buttons, which must work as soon as the page is hydrated), so hydration can wait for
 * it. Reads the stores as seeded from the server's boot data. Resolves once loaded or failed; never rejects.
 */
export function preloadPageParts(): Promise<void> {
  return Promise.all([
    siteState.path === '/login' ? LoginPage.preload() : undefined,
    preloadRestrictedNotice(),
  ]).then(() => undefined);
}

/**
 * The demo page. Renders the same on the server (src/entry-server.tsx) and the client for the same store contents:
 * it reads the page location from the site store, never from `location` (SPEC §2 routes).
 */
export function App() {
  const { t } = useTranslation();
  const { path, locale, search } = useSnapshot(useScoped(siteState));
  // After the first client commit (hydrated or rendered): handlers are attached, so the header may say it is ready.
  useEffect(markInteractive, []);
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
      <DeferredFooter />
    </>
  );
}
