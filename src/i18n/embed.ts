/**
 * Which catalogues a server-rendered page embeds for the client (SPEC §3 locales): the namespaces the render used,
 * in the page's locale, so the client's translator starts synchronously with exactly the strings the markup shows, and
 * English for a used namespace only where the locale lacks a string (the render showed the English fallback, so the
 * client needs it too or the hydrated text would differ). Pure; runs on the server (src/entry-server.tsx).
 */
import { DEFAULT_LOCALE, type Locale } from '../../common/domain/locales.ts';
import type { Catalogues, CataloguesByLocale } from './options.ts';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Dotted paths of a catalogue's strings, plural forms folded to one key (`n_one`, `n_other` → `n`). */
export function stringKeys(catalogue: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix + key;
    if (value !== null && typeof value === 'object') {
      for (const k of stringKeys(value as Record<string, unknown>, `${path}.`)) out.add(k);
    } else {
      out.add(path.replace(PLURAL_SUFFIX, ''));
    }
  }
  return out;
}

/** True when `catalogue` has a string (or plural family) for every one of `english`. */
export function coversEnglish(catalogue: Record<string, unknown>, english: Record<string, unknown>): boolean {
  const own = stringKeys(catalogue);
  for (const key of stringKeys(english)) if (!own.has(key)) return false;
  return true;
}

/**
 * The catalogues to embed for a page in `locale` whose render used `used` namespaces, read through `catalogueOf`
 * (a namespace it does not know is `{}`): `{ [locale]: { ns: … } }`, plus `{ en: { ns: … } }` for each used namespace
 * the locale does not fully cover. Namespaces are listed in the order given.
 */
export function cataloguesToEmbed(
  locale: Locale,
  used: readonly string[],
  catalogueOf: (locale: Locale, ns: string) => Record<string, unknown>,
): CataloguesByLocale {
  const own: Catalogues = {};
  const english: Catalogues = {};
  for (const ns of used) {
    own[ns] = catalogueOf(locale, ns);
    if (locale === DEFAULT_LOCALE) continue;
    const fallback = catalogueOf(DEFAULT_LOCALE, ns);
    if (!coversEnglish(own[ns], fallback)) english[ns] = fallback;
  }
  return Object.keys(english).length ? { [locale]: own, [DEFAULT_LOCALE]: english } : { [locale]: own };
}
