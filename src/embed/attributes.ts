/**
 * The embedded elements' attributes (docs/EMBED.md 'Attributes'): `sub-site` (SPEC §1 id), `lang` (one of the 16
 * SPEC §3 locales), `theme` (`light`, `dark`, `auto`) and `api-base` (the origin of the APIs). Pure: bad or missing
 * values fall back to defaults (SPEC §8), never throw.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../common/domain/locales.ts';
import { isSubSiteId, MAIN_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';

/** The attributes both elements observe. */
export const EMBED_ATTRIBUTES = ['sub-site', 'lang', 'theme', 'api-base'] as const;
export type EmbedAttribute = (typeof EMBED_ATTRIBUTES)[number];

/** `auto`: the site's own rule (the visitor's stored skin, else the system colour scheme; SPEC §3). */
export type EmbedTheme = 'light' | 'dark' | 'auto';

/** What an element renders with. */
export interface EmbedOptions {
  subSite: SubSiteId;
  locale: Locale;
  theme: EmbedTheme;
  /** Absolute origin of the APIs, no trailing slash (`https://www.example.com`). */
  apiBase: string;
}

/** `sub-site`: a SPEC §1 id (`0`, `2`…); anything else is the main site. */
export function parseSubSite(value: string | null): SubSiteId {
  const text = value?.trim() ?? '';
  if (!/^\d{1,3}$/.test(text)) return MAIN_SITE;
  const n = Number(text);
  return isSubSiteId(n) ? n : MAIN_SITE;
}

/** `lang`: one of the 16 locales, case-insensitive (`zh-TW` is `zh-tw`); anything else is English. */
export function parseLang(value: string | null): Locale {
  const text = value?.trim().toLowerCase();
  return isLocale(text) ? text : DEFAULT_LOCALE;
}

/** `theme`: `light`, `dark` or `auto` (case-insensitive); anything else is `auto`. */
export function parseTheme(value: string | null): EmbedTheme {
  const text = value?.trim().toLowerCase();
  return text === 'light' || text === 'dark' ? text : 'auto';
}

/**
 * `api-base`: an absolute http(s) URL, of which the origin is kept (a path is dropped: the API paths are fixed,
 * SPEC §7). Missing, relative or another scheme: `pageOrigin` (the host page's own origin, where a site's gateway
 * serves the APIs).
 */
export function parseApiBase(value: string | null, pageOrigin: string): string {
  const text = value?.trim();
  if (!text) return pageOrigin;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : pageOrigin;
  } catch {
    return pageOrigin;
  }
}

/** All four, read through `read` (an element's `getAttribute`). */
export function parseEmbedAttributes(
  read: (name: EmbedAttribute) => string | null,
  pageOrigin: string,
): EmbedOptions {
  return {
    subSite: parseSubSite(read('sub-site')),
    locale: parseLang(read('lang')),
    theme: parseTheme(read('theme')),
    apiBase: parseApiBase(read('api-base'), pageOrigin),
  };
}
