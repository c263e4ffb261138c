// The site wire schemas (common/wire/site.ts) field by field: SPEC §3 common site data with its defaults, the fiat
// list, menu data and the compliance check; SPEC §7 fiat market rates. Odd fields fall back (SPEC §8).
import { describe, expect, it } from 'vitest';
import { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../../common/wire/site.ts';

describe('SPEC §3 common site data', () => {
  // SPEC §8: the empty answer's defaults are the written-out fallback (tests/api/fallbacks.test.ts).
  it('an empty curr_fiat is USD; explicit buy and P2P fiats win over curr_fiat', () => {
    expect(CommonSiteData.parse({ curr_fiat: '' }).curr_fiat).toBe('USD');
    expect(
      CommonSiteData.parse({ curr_fiat: 'EUR', defaultBuyCryptoFiat: 'GBP', defaultP2PFiat: 'TRY' }),
    ).toMatchObject({ curr_fiat: 'EUR', defaultBuyCryptoFiat: 'GBP', defaultP2PFiat: 'TRY' });
  });

  it('fiat list: entries need a string fiat; a missing or non-string symbol is the code; null, undefined and scalars are dropped', () => {
    const d = CommonSiteData.parse({
      fiat_list: {
        EUR: { fiat: 'EUR', symbol: '€' },
        GBP: { fiat: 'GBP' },
        JPY: { fiat: 'JPY', symbol: 5 },
        NUL: null,
        UND: undefined,
        STR: 'USD',
        NUM: 3,
        OBJ: {},
        BAD: { fiat: 7, symbol: '$' },
      },
    });
    expect(d.fiat_list).toEqual({
      EUR: { fiat: 'EUR', symbol: '€' },
      GBP: { fiat: 'GBP', symbol: 'GBP' },
      JPY: { fiat: 'JPY', symbol: 'JPY' },
    });
    expect(CommonSiteData.parse({ fiat_list: ['x'] }).fiat_list).toEqual({});
  });

  it('language names keep their string entries only', () => {
    expect(CommonSiteData.parse({ lang_list: { es: 'Español', de: 3 } }).lang_list).toEqual({
      es: 'Español',
    });
  });
});

describe('menu data and the compliance check', () => {
  it('menu data: the business list and the NFT flag as sent', () => {
    expect(MenuData.parse({ business_list: ['nft', 2], nft_flag: '1' })).toEqual({
      business_list: ['nft'],
      nft_flag: '1',
    });
  });

  it('compliance: a missing or odd Turkey limit reads false; string keys kept in order', () => {
    expect(ComplianceResult.parse({ menu_list: ['b', 'a'] })).toEqual({
      menu_list: ['b', 'a'],
      limit: { is_tr: false },
    });
    expect(ComplianceResult.parse({ menu_list: [], limit: 'tr' }).limit).toEqual({ is_tr: false });
    expect(ComplianceResult.parse({ menu_list: [], limit: { is_tr: 'true' } }).limit).toEqual({
      is_tr: true,
    });
    expect(ComplianceResult.safeParse({}).success).toBe(false);
  });
});

describe('SPEC §7 fiat market rates', () => {
  it('only three upper-case letters with a positive finite number', () => {
    expect(
      FiatRates.parse({
        USD: 1,
        EUR: 0.97,
        USDT: 1,
        US: 1,
        aEUR: 1,
        EURo: 1,
        Eur: 1,
        GBP: 0,
        JPY: -1,
        TRY: Infinity,
        CHF: NaN,
        CAD: '1.3',
      }),
    ).toEqual({ USD: 1, EUR: 0.97 });
  });
});
