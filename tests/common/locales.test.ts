// The 16 UI locales and their helpers (common/domain/locales.ts): SPEC §3 'Preferences' (the locale list), the
// SPEC §9 mapping to the back end's codes, Intl tags, text direction, and the SPEC §8 restricted-location notice.
import { describe, expect, it } from 'vitest';
import {
  apiLanguage,
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  localeDirection,
  LOCALES,
} from '../../common/domain/locales.ts';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { footerNotices } from '../../src/footer/notices.ts';

const MAPPED = { zh: 'cn', 'zh-tw': 'tw', pt: 'pt-PT', 'pt-br': 'pt-BR' } as const;
const INTL = { zh: 'zh-CN', 'zh-tw': 'zh-TW', pt: 'pt-PT', 'pt-br': 'pt-BR' } as const;

describe('SPEC §3 the 16 locales', () => {
  it('are 16 distinct codes with English the default', () => {
    expect(LOCALES).toHaveLength(16);
    expect(new Set(LOCALES).size).toBe(16);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(LOCALES).toEqual(
      expect.arrayContaining(['en', 'zh', 'zh-tw', 'vi', 'es', 'ru', 'fr', 'de', 'pt', 'pt-br', 'th', 'id']),
    );
    expect(LOCALES).toEqual(expect.arrayContaining(['tr', 'ja', 'ar', 'uk']));
  });

  it('isLocale accepts each code exactly as written (case-sensitive, as in paths) and nothing else', () => {
    for (const l of LOCALES) expect(isLocale(l)).toBe(true);
    for (const v of ['EN', 'zh-TW', 'pt-BR', 'zh_tw', 'cn', 'tw', '', 'english', undefined])
      expect(isLocale(v)).toBe(false);
  });
});

describe('SPEC §9 locale mapping: zh → cn, zh-tw → tw, pt → pt-PT, pt-br → pt-BR', () => {
  it('maps the four locales the back end names differently', () => {
    for (const [locale, code] of Object.entries(MAPPED)) expect(apiLanguage(locale as never)).toBe(code);
  });

  it('passes every other locale through unchanged', () => {
    for (const l of LOCALES.filter((l) => !(l in MAPPED))) expect(apiLanguage(l)).toBe(l);
  });
});

describe('Intl tags and text direction', () => {
  it('intlLocale gives region tags for Chinese and Portuguese, the code itself otherwise; all are valid tags', () => {
    for (const [locale, tag] of Object.entries(INTL)) expect(intlLocale(locale as never)).toBe(tag);
    for (const l of LOCALES.filter((l) => !(l in INTL))) expect(intlLocale(l)).toBe(l);
    for (const l of LOCALES) expect(Intl.getCanonicalLocales(intlLocale(l))).toEqual([intlLocale(l)]);
  });

  it('Arabic is right-to-left; the other 15 left-to-right', () => {
    expect(localeDirection('ar')).toBe('rtl');
    for (const l of LOCALES.filter((l) => l !== 'ar')) expect(localeDirection(l)).toBe('ltr');
  });
});

describe('SPEC §8 restricted-location notice', () => {
  it('German, French and Spanish pages carry it, and no other locale', () => {
    for (const l of LOCALES)
      expect(footerNotices(SUB_SITE.GLOBAL, l).includes('restricted'), l).toBe(
        ['de', 'fr', 'es'].includes(l),
      );
  });
});
