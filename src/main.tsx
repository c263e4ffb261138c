/**
 * Entry: initialises i18n for the locale in the path, starts the market engine once idle (so the cache paint is
 * ready before a menu opens), and mounts the demo shell. When the server rendered the page (ARCHITECTURE.md 'The reference
 * server'), the stores are seeded synchronously from its embedded boot data (src/state/boot-data.ts) and the page is
 * hydrated, so the first client render equals the server's markup; otherwise (vite dev, `vite preview`, the SPEC §8
 * fallback shell) the site and session data are fetched and the app renders from scratch.
 *
 * This module and its static imports need no React (nothing here may import React, a component or `valtio`'s React
 * half: tests/page-load/entry-split.test.ts): the browser runs it as soon as its own chunk is in, while React's
 * larger chunk is still arriving, so the stores, the cookies, the display settings and i18n are ready before React
 * is. The mounting, with React and the components, is ./mount.tsx, a chunk the page fetches beside this one
 * (docs/BENCHMARKS.md 'Hydration at 4x').
 */
import { captureLandingQuery } from './account/signup-query.ts';
import { clientTranslator, initI18n } from './i18n/index.ts';
import { warmMarketEngineWhenIdle } from './lib/market-warmup.ts';
import { initDisplaySettings } from './settings/display-start.ts';
import { applyBootData, readBootData } from './state/boot-data.ts';
import { setSiteData, siteState, trackViewport } from './state/site.ts';
import { setUser } from './state/session.ts';
import { FALLBACKS } from './api/fallbacks.ts';
import { yieldToMain } from './lib/yield.ts';
import './styles/tokens.css';
import './styles/header.css';
import './styles/settings.css';
import './styles/account.css';

// Warm the engine (worker start + IndexedDB read) once the page is idle after load, or earlier on the first intent
// on a menu with market panels (src/header/Header.tsx): not in the first load; failures surface in the panels.
warmMarketEngineWhenIdle();

const rootElement = document.getElementById('root')!;
const boot = rootElement.firstChild ? readBootData() : null;
if (boot) {
  applyBootData(boot);
  captureLandingQuery(location.search);
} else {
  // Site and session data (SPEC §3): in parallel with i18n; the header renders with fallbacks until it arrives. The
  // loader and its schemas are a chunk of their own (only the client-rendered shell needs them).
  void import('./account/boot.ts').then(
    (m) => m.loadSiteAndSession(),
    (err: unknown) => {
      // SPEC §8: as if every call had failed — the header renders from the fallbacks, signed out.
      console.error('[boot] site and session loader failed to load', err);
      setSiteData(null, FALLBACKS.compliance, FALLBACKS.menuData);
      setUser(null, true);
    },
  );
}
initDisplaySettings();
trackViewport();
// The real viewport width replaces the server's guess with the first commit (markInteractive, src/state/site.ts).

// The mounting chunk is requested now (its bytes and React's are already on their way: the page preloads them); it
// runs once React is in, by which time the start-up below is done.
const mounting = import('./mount.tsx');
mounting.catch(() => undefined); // handled where it is awaited, below

// With the catalogues the server embedded, i18n is ready at once: hydrate now, before `load`, so a pointer or key on
// the server-rendered header is handled (React replays what arrived during hydration). The client-rendered shell
// waits for its locale's catalogues first (and renders with keys if they fail: SPEC §8, never a blank header).
// Module evaluation, i18n start-up and the root's creation are separate tasks, so none is a long task (Lighthouse
// TBT). Callbacks, not a top-level await: an await in the entry would make the bundler split every module the entry
// shares with a lazy chunk into a chunk of its own (dozens of first-load requests).
void yieldToMain()
  .then(() => {
    const i18nReady = initI18n(siteState.locale, boot?.catalogues);
    return clientTranslator().isInitialized ? undefined : i18nReady;
  })
  .catch((err: unknown) => console.error('[i18n] start-up failed; rendering with keys', err))
  .then(() => mounting)
  .then(({ mount }) => mount(rootElement, boot !== null))
  .catch((err: unknown) =>
    console.error('[boot] React failed to load; the page stays as the server sent it', err),
  );
