/**
 * The request's UI language for server-localised text (SPEC §7 'language headers', §9 locale mapping). Accepts the
 * 16 UI locales (SPEC §3) and the back end's forms of SPEC §9 (cn, tw, pt-PT, pt-BR), case-insensitive, plus common
 * BCP 47 variants (zh-CN, zh-Hant, zh-HK…). Shared by any route that localises (tabs now; site data later).
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../common/domain/locales.ts';

/** Tags that are not a locale code but name one (a Map: request values index it, so no inherited entries). */
const ALIASES: ReadonlyMap<string, Locale> = new Map<string, Locale>([
  ['cn', 'zh'],
  ['zh-cn', 'zh'],
  ['zh-sg', 'zh'],
  ['zh-hans', 'zh'],
  ['tw', 'zh-tw'],
  ['zh-hk', 'zh-tw'],
  ['zh-mo', 'zh-tw'],
  ['zh-hant', 'zh-tw'],
  ['pt-pt', 'pt'],
]);

/** A locale for a language tag such as `zh-TW`, `cn`, `pt-BR`, `fr-CA`, `en_US`; null when none of the 16 fits. */
export function resolveLocale(tag: string): Locale | null {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!t) return null;
  if (isLocale(t)) return t;
  const alias = ALIASES.get(t) ?? ALIASES.get(t.split('-').slice(0, 2).join('-'));
  if (alias) return alias;
  const primary = t.split('-')[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/** Picks the best locale from an Accept-Language header (q-values honoured, ties keep header order). */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .filter((e) => e.q > 0 && e.tag.trim() !== '*')
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const e of ranked) {
    const locale = resolveLocale(e.tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The request's locale: the `lang` query parameter (an unknown value is an error: `{error}`, for a 400), else the
 * `lang` header, else Accept-Language, else `en`. Unknown header values fall through (clients send odd ones).
 */
export function requestLocale(c: Context): { locale: Locale } | { error: string } {
  const query = c.req.query('lang');
  if (query !== undefined) {
    const locale = resolveLocale(query);
    return locale ? { locale } : { error: `unknown lang ${JSON.stringify(query)}` };
  }
  const header = c.req.header('lang');
  const fromHeader = header ? resolveLocale(header) : null;
  return {
    locale: fromHeader ?? localeFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LOCALE,
  };
}
