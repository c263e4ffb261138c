/**
 * The page-wide state behind the embedded elements (docs/EMBED.md): one language, sub-site, theme and API origin
 * for the page (the stores are the app's own singletons), set from the attributes of the element that changed last.
 * Applying options loads the language's catalogues, the site and session data (SPEC §3) and tells the market engine
 * where its APIs are. Never throws: failures fall back as on masthead's own page (SPEC §8).
 */
import { langPrefixFor } from '../../common/domain/route.ts';
import { setApiBase } from '../api/client.ts';
import { clientTranslator, initI18n } from '../i18n/index.ts';
import type { Translator } from '../i18n/runtime.ts';
import { embedEngine } from '../markets/engine-client.ts';
import { initDisplaySettings } from '../settings/display-start.ts';
import { applyPrefsToDocument, prefsState, readPrefs } from '../state/prefs.ts';
import { setSiteData, siteState, trackViewport } from '../state/site.ts';
import { setUser } from '../state/session.ts';
import { FALLBACKS } from '../api/fallbacks.ts';
import { browserCookies } from '../lib/cookies.ts';
import type { EmbedOptions, EmbedTheme } from './attributes.ts';
import type { BootData } from '../state/boot-data.ts';
import { createEmbeddedWorker } from './worker-shim.ts';

let applied: EmbedOptions | null = null;
let ready: Promise<Translator> | null = null;
let apiOrigin = '';

/** The SPEC §3 theme code for `theme` (`auto`: the stored skin, else the system colour scheme). */
function themeCode(theme: EmbedTheme): 0 | 2 {
  if (theme === 'light') return 0;
  if (theme === 'dark') return 2;
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return readPrefs(browserCookies, siteState.locale, dark).theme;
}

function startOnce(): void {
  embedEngine({
    createWorker: createEmbeddedWorker,
    config: () => ({ origin: apiOrigin, lang: siteState.locale, langPrefix: siteState.langPrefix }),
  });
  trackViewport();
  initDisplaySettings();
}

/**
 * Applies `options` to the page (see the module comment); resolves with the translator to render with once the
 * language's catalogues are in (or failed: keys fall back). Repeated equal options cost nothing. `boot` is the
 * server fragment's data (already applied to the stores): its catalogues start i18n and no site data is fetched.
 */
export function applyEmbedOptions(options: EmbedOptions, boot: BootData | null = null): Promise<Translator> {
  const before = applied;
  if (!before) startOnce();
  // A second server-rendered element (the footer after the header): its catalogues join the page's translator
  // before it hydrates, or its text would not match the server's.
  if (before && boot?.catalogues) {
    const translator = clientTranslator();
    for (const [lng, byNs] of Object.entries(boot.catalogues))
      for (const [ns, catalogue] of Object.entries(byNs ?? {}))
        if (!translator.hasResourceBundle(lng, ns)) translator.addResourceBundle(lng, ns, catalogue);
  }
  applied = options;
  apiOrigin = options.apiBase;
  setApiBase(options.apiBase === location.origin ? '' : options.apiBase);
  if (before?.theme !== options.theme) {
    prefsState.theme = themeCode(options.theme);
    applyPrefsToDocument();
  }
  const langChanged = before?.locale !== options.locale;
  if (langChanged) {
    siteState.locale = options.locale;
    siteState.langPrefix = langPrefixFor(options.locale);
    ready = initI18n(options.locale, before ? null : boot?.catalogues).catch(() => clientTranslator());
  }
  // Server-rendered (a fragment): the boot data already holds the site and session data of this language.
  const seeded = !before && boot !== null;
  if (!seeded && (langChanged || before?.subSite !== options.subSite || before.apiBase !== options.apiBase)) {
    siteState.subSite = options.subSite;
    void import('../account/boot.ts').then(
      (m) => m.loadSiteAndSession(options.subSite, before !== null),
      (err: unknown) => {
        // SPEC §8: as if every call had failed — the header renders from the fallbacks, signed out.
        console.error('[masthead] site and session loader failed to load', err);
        setSiteData(null, FALLBACKS.compliance, FALLBACKS.menuData);
        setUser(null, true);
      },
    );
  }
  return ready ?? Promise.resolve(clientTranslator());
}

/** Marks the header interactive (its `data-ready` waits for it) with the real viewport width. */
export function markEmbedInteractive(): void {
  siteState.interactive = true;
  if (siteState.viewportWidth !== window.innerWidth) siteState.viewportWidth = window.innerWidth;
}
