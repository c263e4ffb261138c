/**
 * The i18next options shared by the server render (src/entry-server.tsx) and the client (src/i18n/index.ts). They
 * must be identical on both sides, or the hydrated strings differ from the server's markup (SPEC §3 locales).
 */
import type { InitOptions } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '../../common/domain/locales.ts';

/** A locale's catalogues by namespace (`{ settings: { menu: { … } } }`). */
export type Catalogues = Record<string, Record<string, unknown>>;

/** Catalogues by locale, then namespace, as the server render embeds them (src/state/boot-data.ts). */
export type CataloguesByLocale = Record<string, Catalogues>;

/** What differs between the callers; everything else is fixed here. */
export interface I18nSetup {
  /** The page's locale (the path's locale, SPEC §3). */
  locale: Locale;
  /** Catalogues already in memory, by locale then namespace. */
  resources: CataloguesByLocale;
  /** Namespaces to have loaded before i18next reports ready. */
  ns: readonly string[];
  /** True when `resources` holds every namespace in `ns`: i18next is initialised synchronously. */
  synchronous: boolean;
  /** Called with the namespace and key of a string found in no loaded catalogue (client: loads English). */
  onMissingKey?: (namespace: string, key: string) => void;
}

/**
 * The i18next init options for `setup`: English fallback, locale codes kept as the folders spell them, no escaping
 * (React escapes), no Suspense (the header never suspends on strings). Pure; raises nothing.
 */
export function i18nOptions(setup: I18nSetup): InitOptions {
  const { onMissingKey } = setup;
  return {
    lng: setup.locale,
    fallbackLng: DEFAULT_LOCALE,
    // Keep codes as our paths and folders spell them (`zh-tw`, `pt-br`): i18next would otherwise ask the backend for
    // `zh-TW`, find no such folder, and fall back to `zh` (SPEC §3 locales). Load no `zh` for `zh-tw`.
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: [...setup.ns],
    defaultNS: 'common',
    resources: setup.resources,
    // Namespaces not in `resources` come from the backend (one chunk per locale and namespace).
    partialBundledLanguages: true,
    initAsync: !setup.synchronous,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    ...(onMissingKey
      ? {
          saveMissing: true,
          missingKeyHandler: (_lngs: readonly string[], namespace: string, key: string) =>
            onMissingKey(namespace, key),
        }
      : {}),
  };
}
