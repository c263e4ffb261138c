/**
 * Language-prefixed paths (SPEC §2: 'A language prefix may precede any path'). English has no prefix.
 * Pure: takes a pathname, returns its parts.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';

export interface RouteInfo {
  /** Locale from the first path segment, or `en`. */
  locale: Locale;
  /** `` for English, `/zh` etc. otherwise. */
  langPrefix: string;
  /** The path without the language prefix, always starting with `/`. */
  path: string;
}

/** Splits `/zh/trade/BTC_USDT` into `{locale: 'zh', langPrefix: '/zh', path: '/trade/BTC_USDT'}`. */
export function parseRoute(pathname: string): RouteInfo {
  const segments = pathname.split('/');
  const first = segments[1];
  if (isLocale(first) && first !== DEFAULT_LOCALE) {
    const rest = '/' + segments.slice(2).join('/');
    return { locale: first, langPrefix: `/${first}`, path: rest };
  }
  if (first === DEFAULT_LOCALE)
    return { locale: 'en', langPrefix: '', path: '/' + segments.slice(2).join('/') };
  return { locale: DEFAULT_LOCALE, langPrefix: '', path: pathname || '/' };
}

/** Prefix for a locale: `` for English, `/{locale}` otherwise. */
export function langPrefixFor(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** Joins a language prefix and a path (`/trade/BTC_USDT`). */
export function withLangPrefix(langPrefix: string, path: string): string {
  return `${langPrefix}${path.startsWith('/') ? path : `/${path}`}`;
}
