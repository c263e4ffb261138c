/**
 * i18n layer: i18next + react-i18next. Catalogues live in `locales/{locale}/{namespace}.json`, one namespace per
 * feature so that features add strings without touching each other. No catalogue is in the first-load script, not
 * even English: a server-rendered page embeds the namespaces its render used (src/state/boot-data.ts), every other
 * namespace loads lazily, one chunk per locale and namespace. English, the fallback, loads for another locale only
 * when a string is missing from that locale (tests/i18n/completeness.test.ts keeps that from happening).
 */
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../common/domain/locales.ts';
import { i18nOptions, type CataloguesByLocale } from './options.ts';

export type { Catalogues, CataloguesByLocale } from './options.ts';

/** Namespaces: `common` (shell, shared words), `markets`, `nav`, `account`, `settings`, … one per feature. */
export const NAMESPACES = [
  'common',
  'markets',
  'nav',
  'account',
  'settings',
  'messages',
  'footer',
  'drawer',
  'search',
  'buy',
  'header',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const chunks = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });

/** Loads one catalogue chunk; an unknown locale or namespace is an empty catalogue (keys fall back to English). */
function loadCatalogue(locale: string, ns: string): Promise<Record<string, unknown>> {
  const load = chunks[`./locales/${locale}/${ns}.json`];
  return load ? load() : Promise.resolve({});
}

const englishRequested = new Set<string>();

/**
 * English for `ns`, loaded once when a string of another locale is missing: added to the fallback and the page
 * re-rendered (a language-changed event to the same language). A failed load is swallowed (the key shows).
 */
function loadEnglishFallback(ns: string): void {
  // A namespace still on its way is not missing strings: its own catalogue is coming.
  if (englishRequested.has(ns) || !i18next.hasResourceBundle(i18next.language, ns)) return;
  englishRequested.add(ns);
  loadCatalogue(DEFAULT_LOCALE, ns)
    .then((catalogue) => {
      i18next.addResourceBundle(DEFAULT_LOCALE, ns, catalogue, true, false);
      return i18next.changeLanguage(i18next.language);
    })
    .catch((err: unknown) => console.warn(`[i18n] English fallback for ${ns} failed`, err));
}

/**
 * Initialises i18next for `locale` and resolves when the namespaces it starts with are loaded. Sets `<html lang dir>`.
 * With `embedded` catalogues (the server render's, by locale then namespace) i18next starts with exactly those and
 * is ready synchronously — `i18next.isInitialized` is true when this returns — so the page hydrates at once; the
 * other namespaces load once the page is idle, or earlier when a feature asks (`loadNamespaces`, `useTranslation`).
 * Without (client-rendered shell: dev, `vite preview`, the SPEC §8 fallback) every namespace of the locale loads
 * before it resolves. Missing chunks fall back to English (i18next logs, never throws).
 */
export async function initI18n(locale: Locale, embedded?: CataloguesByLocale | null): Promise<i18n> {
  const own = embedded?.[locale];
  const ns = own ? Object.keys(own) : [...NAMESPACES];
  const english = locale === DEFAULT_LOCALE;
  const ready = i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend((lng: string, namespace: string) =>
        // The English fallback of another locale is an empty catalogue until a string is missing (see above).
        lng === DEFAULT_LOCALE && !english ? {} : loadCatalogue(lng, namespace),
      ),
    )
    .init(
      i18nOptions({
        locale,
        resources: own ? { ...embedded } : {},
        ns,
        synchronous: Boolean(own),
        onMissingKey: english ? undefined : loadEnglishFallback,
      }),
    );
  applyDocumentLocale(locale);
  if (own) whenIdle(() => void loadNamespaces(NAMESPACES.filter((n) => !ns.includes(n))));
  await ready;
  return i18next;
}

/** Runs `task` when the main thread is idle (at most 2 s later), outside the hydration's tasks. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/**
 * Loads `namespaces` for the current language before a lazily loaded feature renders, so its first paint has its
 * strings. Resolves when loaded or failed (i18next logs; keys fall back to English).
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (!i18next.isInitialized || namespaces.length === 0) return Promise.resolve();
  return i18next.loadNamespaces([...namespaces]).catch(() => undefined);
}

/** Sets `<html lang>` and `dir` for the locale (Arabic right to left). */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
}

export { i18next };
