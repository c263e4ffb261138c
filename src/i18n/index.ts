/**
 * i18n layer (SPEC §3 locales): the page's translator (./runtime.ts) and its React binding (./react.tsx).
 * Catalogues live in `locales/{locale}/{namespace}.json`, one namespace per feature so that features add strings
 * without touching each other. No catalogue is in the first-load script, not even English, nor the table of their
 * chunks (./catalogue-chunks.ts): a server-rendered page embeds the namespaces its render used
 * (src/state/boot-data.ts), every other namespace loads lazily, one chunk per locale and namespace. English, the fallback, loads for another locale only when a string is missing from that
 * locale (tests/i18n/completeness.test.ts keeps that from happening).
 */
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../common/domain/locales.ts';
import type { CataloguesByLocale } from './options.ts';
import { Translator, type Catalogue } from './runtime.ts';
import { onIdleAfterHydration } from '../lib/yield.ts';
import { displayRoots } from '../lib/dom-root.ts';

export type { CataloguesByLocale } from './options.ts';

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
  'live',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loads one catalogue chunk, through the table of chunks (./catalogue-chunks.ts, loaded once with the first
 * catalogue); an unknown locale or namespace is an empty catalogue (keys fall back to English). Rejects when the
 * table or the catalogue's chunk fails to load (the translator logs it and the keys fall back).
 */
function loadCatalogue(locale: string, ns: string): Promise<Catalogue> {
  return import('./catalogue-chunks.ts').then(({ catalogueChunks }) => {
    const load = catalogueChunks[`./locales/${locale}/${ns}.json`];
    return load ? load() : {};
  });
}

/** The page's translator: a placeholder with no catalogues until `initI18n` replaces it. */
let current = new Translator({ locale: DEFAULT_LOCALE, fallbackLocale: DEFAULT_LOCALE });

/** The client's translator for the page (components use it through `useTranslation`, ./react.tsx). */
export function clientTranslator(): Translator {
  return current;
}

const englishRequested = new Set<string>();

/**
 * English for `ns`, loaded once when a string of another locale is missing: added as the fallback, and the
 * components using `ns` re-render. A failed load is logged (the key shows).
 */
function loadEnglishFallback(ns: string): void {
  // A namespace still on its way is not missing strings: its own catalogue is coming.
  if (englishRequested.has(ns) || !current.hasResourceBundle(current.language, ns)) return;
  englishRequested.add(ns);
  void current.loadCatalogue(DEFAULT_LOCALE, ns);
}

/**
 * Starts the translator for `locale` and resolves with it when the namespaces it starts with are loaded. Sets
 * `<html lang dir>`. With `embedded` catalogues (the server render's, by locale then namespace) it starts with exactly
 * those and is ready synchronously — `isInitialized` is true when this returns — so the page hydrates at once; the
 * other namespaces load once the page is idle, or earlier when a feature asks (`loadNamespaces`, `useTranslation`).
 * Without (client-rendered shell: dev, `vite preview`, the SPEC §8 fallback) every namespace of the locale loads
 * before it resolves. A catalogue that fails to load is logged and its keys fall back (never rejects).
 */
export async function initI18n(locale: Locale, embedded?: CataloguesByLocale | null): Promise<Translator> {
  const own = embedded?.[locale];
  const english = locale === DEFAULT_LOCALE;
  const translator = new Translator({
    locale,
    fallbackLocale: DEFAULT_LOCALE,
    resources: own ? embedded : {},
    load: loadCatalogue,
    onMissingKey: english ? undefined : loadEnglishFallback,
  });
  current = translator;
  englishRequested.clear();
  applyDocumentLocale(locale);
  if (own) {
    translator.isInitialized = true;
    whenIdle(() => void loadNamespaces(NAMESPACES.filter((n) => !(n in own))));
    return translator;
  }
  await translator.loadNamespaces(NAMESPACES);
  translator.isInitialized = true;
  translator.refresh();
  return translator;
}

/** Runs `task` when the main thread is idle after the page is interactive (at most 2 s later), outside hydration. */
function whenIdle(task: () => void): void {
  onIdleAfterHydration(task, 2000, undefined, 200);
}

/**
 * Loads `namespaces` for the current locale before a lazily loaded feature renders, so its first paint has its
 * strings. Resolves when loaded or failed (logged; keys fall back to English). Nothing before `initI18n`.
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (!current.isInitialized || namespaces.length === 0) return Promise.resolve();
  return current.loadNamespaces(namespaces);
}

/** Sets `<html lang>` and `dir` (or each embedded element's root's) for the locale (Arabic right to left). */
export function applyDocumentLocale(locale: Locale): void {
  for (const el of displayRoots()) {
    el.lang = locale;
    el.dir = localeDirection(locale);
  }
}
