// The request's UI language for server-localised text (SPEC §3 locales, §9 locale mapping) and tab names.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/domain/locales.ts';
import { TAB_LABELS, tabLabel } from '../../server/market-data/tab-labels.ts';
import { localeFromAcceptLanguage, resolveLocale } from '../../server/request-lang.ts';

describe('resolveLocale (SPEC §3, §9)', () => {
  it('accepts the 16 UI locales and the back-end forms cn, tw, pt-PT, pt-BR', () => {
    for (const l of LOCALES) expect(resolveLocale(l)).toBe(l);
    expect(resolveLocale('cn')).toBe('zh');
    expect(resolveLocale('tw')).toBe('zh-tw');
    expect(resolveLocale('pt-PT')).toBe('pt');
    expect(resolveLocale('pt-BR')).toBe('pt-br');
  });

  it('maps BCP 47 variants and rejects unknown languages', () => {
    expect(resolveLocale('zh-CN')).toBe('zh');
    expect(resolveLocale('zh-Hant-TW')).toBe('zh-tw');
    expect(resolveLocale('zh-HK')).toBe('zh-tw');
    expect(resolveLocale('en_US')).toBe('en');
    expect(resolveLocale('fr-CA')).toBe('fr');
    expect(resolveLocale('ko')).toBeNull();
    expect(resolveLocale('')).toBeNull();
  });

  it('picks the highest-q supported language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('ko;q=1, ja;q=0.5, ru;q=0.9')).toBe('ru');
    expect(localeFromAcceptLanguage('*, tr;q=0.1')).toBe('tr');
    expect(localeFromAcceptLanguage('ko')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe('tab names (SPEC §7 tabs in the request language)', () => {
  it('has a non-empty name for every translated tab in all 16 locales, distinct from English outside en', () => {
    for (const [key, labels] of Object.entries(TAB_LABELS)) {
      for (const l of LOCALES) expect(labels[l], `${key} ${l}`).toMatch(/\S/);
      expect(new Set(LOCALES.map((l) => labels[l])).size, key).toBeGreaterThan(5);
    }
  });

  it('leaves currency codes and venue names as they are', () => {
    expect(tabLabel('USDT', 'ja')).toBe('USDT');
    expect(tabLabel('raydium', 'zh')).toBe('Raydium');
    expect(tabLabel('NEWLISTED', 'zh-tw')).toBe('新幣上線');
  });
});
