/**
 * The 16 UI locales (SPEC §3 'Preferences'), their text direction and the SPEC §9 locale mapping used where the
 * back end expects its own codes (zh→cn, zh-tw→tw, pt→pt-PT, pt-br→pt-BR). Realm-neutral.
 */
export const LOCALES = [
  'en',
  'zh',
  'zh-tw',
  'vi',
  'es',
  'ru',
  'fr',
  'de',
  'pt',
  'pt-br',
  'th',
  'id',
  'tr',
  'ja',
  'ar',
  'uk',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Locales whose pages carry the restricted-location notice (SPEC §8): the header bar and the footer line. */
export const RESTRICTED_NOTICE_LOCALES: readonly Locale[] = ['de', 'fr', 'es'];

/** True when `value` is one of the 16 locale codes (case-sensitive, as in paths). */
export function isLocale(value: string | undefined): value is Locale {
  return LOCALES.includes(value as Locale);
}

/** Right-to-left locales. */
export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** SPEC §9 mapping to the back end's language codes; other locales pass through. */
export function apiLanguage(locale: Locale): string {
  switch (locale) {
    case 'zh':
      return 'cn';
    case 'zh-tw':
      return 'tw';
    case 'pt':
      return 'pt-PT';
    case 'pt-br':
      return 'pt-BR';
    default:
      return locale;
  }
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(locale: Locale): string {
  switch (locale) {
    case 'zh':
      return 'zh-CN';
    case 'zh-tw':
      return 'zh-TW';
    case 'pt':
      return 'pt-PT';
    case 'pt-br':
      return 'pt-BR';
    default:
      return locale;
  }
}
