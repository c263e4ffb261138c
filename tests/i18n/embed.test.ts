// What a server-rendered page embeds for the client's i18n (src/i18n/embed.ts; SPEC §3 locales): the render's
// namespaces in the page locale, English only where the locale lacks a string.
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../common/domain/locales.ts';
import { cataloguesToEmbed, coversEnglish, stringKeys } from '../../src/i18n/embed.ts';

const en = { menu: { title: 'Menu', items_one: '{{count}} item', items_other: '{{count}} items' }, ok: 'OK' };
const ja = { menu: { title: 'メニュー', items_other: '{{count}} 件' }, ok: 'OK' };
const de = { menu: { title: 'Menü' }, ok: 'OK' };
const files: Record<string, Record<string, Record<string, unknown>>> = {
  en: { footer: en, common: { hi: 'Hi' } },
  ja: { footer: ja, common: { hi: 'こんにちは' } },
  de: { footer: de, common: { hi: 'Hallo' } },
};
const catalogueOf = (locale: Locale, ns: string) => files[locale]?.[ns] ?? {};

describe('stringKeys / coversEnglish', () => {
  it('lists dotted string paths with plural forms folded', () => {
    expect([...stringKeys(en)].sort()).toEqual(['menu.items', 'menu.title', 'ok']);
  });
  it('accepts a locale with fewer plural forms and rejects one missing a string', () => {
    expect(coversEnglish(ja, en)).toBe(true);
    expect(coversEnglish(de, en)).toBe(false);
    expect(coversEnglish({}, en)).toBe(false);
  });
});

describe('cataloguesToEmbed', () => {
  it('embeds only the used namespaces of the locale when it covers English', () => {
    expect(cataloguesToEmbed('ja', ['footer'], catalogueOf)).toEqual({ ja: { footer: ja } });
  });
  it('adds English for a used namespace the locale does not cover, and only that one', () => {
    expect(cataloguesToEmbed('de', ['common', 'footer'], catalogueOf)).toEqual({
      de: { common: { hi: 'Hallo' }, footer: de },
      en: { footer: en },
    });
  });
  it('embeds English catalogues for an English page (none are in the script)', () => {
    expect(cataloguesToEmbed('en', ['common', 'footer'], catalogueOf)).toEqual({
      en: { common: { hi: 'Hi' }, footer: en },
    });
  });
  it('embeds nothing when the render used no namespace', () => {
    expect(cataloguesToEmbed('ja', [], catalogueOf)).toEqual({ ja: {} });
  });
});
