/**
 * Entry: initialises i18n for the locale in the path, starts the market engine early (so the cache paint is
 * ready before a menu opens), and renders the demo shell.
 */
import '../common/zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSiteAndSession } from './account/boot.ts';
import { initI18n } from './i18n/index.ts';
import { getMarketEngine } from './markets/engine-client.ts';
import { initDisplaySettings } from './settings/index.ts';
import { siteState, trackViewport } from './state/site.ts';
import { App } from './App.tsx';
import './styles/tokens.css';
import './styles/header.css';
import './styles/settings.css';
import './styles/account.css';

// Warm the engine (worker start + IndexedDB read) in parallel with i18n; failures surface in the panels.
void getMarketEngine().catch((err: unknown) => console.error('[markets] engine start failed', err));

initDisplaySettings();
// Site and session data (SPEC §3): in parallel with i18n; the header renders with fallbacks until it arrives.
void loadSiteAndSession();
void initI18n(siteState.locale).then(() => {
  trackViewport();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
