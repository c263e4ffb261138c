/**
 * i18n layer: i18next + react-i18next. Catalogues live in `locales/{locale}/{namespace}.json`, one namespace per
 * feature so that features add strings without touching each other. English is bundled (it is the fallback);
 * every other locale is loaded lazily, one chunk per locale and namespace.
 */
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../common/domain/locales.ts';

/** Namespaces: `common` (shell, shared words), `markets`, `nav`, `account`, `settings`. */
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

const english = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

function bundledEnglish(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, catalogue] of Object.entries(english)) {
    const ns = path.split('/').pop()!.replace('.json', '');
    out[ns] = catalogue;
  }
  return out;
}

/** A locale's catalogues by namespace, as the server render embeds them (src/state/boot-data.ts). */
export type Catalogues = Record<string, Record<string, unknown>>;

/**
 * Initialises i18next for `locale` and waits for its catalogues. Missing locale files fall back to English
 * (i18next logs, never throws). Sets `<html lang dir>`. With `preloaded` catalogues (every namespace of the locale,
 * embedded by the server render) or for English (bundled), i18next is ready synchronously — `i18next.isInitialized`
 * is true when this returns — so a server-rendered page can hydrate at once.
 */
export async function initI18n(locale: Locale, preloaded?: Catalogues | null): Promise<i18n> {
  const embedded = preloaded && locale !== DEFAULT_LOCALE ? { [locale]: preloaded } : {};
  const synchronous = locale === DEFAULT_LOCALE || Boolean(preloaded);
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = lazy[`./locales/${lng}/${ns}.json`];
        return load ? load() : Promise.resolve({});
      }),
    )
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      // Keep codes as our paths and folders spell them (`zh-tw`, `pt-br`): i18next would otherwise ask the
      // backend for `zh-TW`, find no such folder, and fall back to `zh` (SPEC §9 locales). Load no `zh` for `zh-tw`.
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { en: bundledEnglish(), ...embedded },
      partialBundledLanguages: true,
      initAsync: !synchronous,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  applyDocumentLocale(locale);
  return i18next;
}

/**
 * Loads `namespaces` for the current language (and the English fallback) before a lazily loaded feature renders,
 * so its first paint has its strings. Resolves when loaded or failed (i18next logs; keys fall back to English).
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (!i18next.isInitialized) return Promise.resolve();
  return i18next.loadNamespaces([...namespaces]).catch(() => undefined);
}

/** Sets `<html lang>` and `dir` for the locale (Arabic right to left). */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
}

export { i18next };
