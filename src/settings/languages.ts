/**
 * Language and region choices (SPEC §2 'Language and region modal', §4 Turkish switch). Pure: names and the
 * Turkish-switch decision, tested in node; the link targets are ./language-links.ts (loaded with the panel). The names equal server/settings-data.ts `langList()` (a test
 * keeps them in step); they are bundled so the grid renders before any site data arrives.
 */
import { LOCALES, type Locale } from '../../common/domain/locales.ts';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';

/** Each UI locale's own name, capitalised (CLDR 48 autonyms; `lang_list`, SPEC §3). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  zh: '简体中文',
  'zh-tw': '繁體中文',
  vi: 'Tiếng Việt',
  es: 'Español',
  ru: 'Русский',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  th: 'ไทย',
  id: 'Indonesia',
  tr: 'Türkçe',
  ja: '日本語',
  ar: 'العربية',
  uk: 'Українська',
};

/** The grid order: LOCALES order. */
export const LANGUAGE_ORDER: readonly Locale[] = LOCALES;

/** SPEC §4: switching to Turkish from a non-Turkey sub-site asks first; on the Turkey site, and for other languages, it is direct. */
export function languageSwitchMode(target: Locale, subWebsiteId: number): 'confirm-turkey' | 'direct' {
  return target === 'tr' && subWebsiteId !== SUB_SITE.TURKEY ? 'confirm-turkey' : 'direct';
}
