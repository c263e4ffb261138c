// Validation of site and session answers (src/api/parse.ts): SPEC §8 fallbacks for bad data, defaults for missing
// fields.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCOUNT_MODE,
  parseAccountMode,
  parseCommonSiteData,
  parseCompliance,
  parseCrossMargin,
  parseMenuData,
  parseUserInfo,
} from '../../src/api/parse.ts';

const ok = (data: unknown) => ({ code: 200, message: 'success', data });

describe('response parsers (SPEC §8)', () => {
  it('reject non-envelopes, error codes and non-object data (the caller falls back)', () => {
    for (const parse of [
      parseCommonSiteData,
      parseMenuData,
      parseUserInfo,
      parseAccountMode,
      parseCrossMargin,
    ]) {
      expect(parse(null)).toBeNull();
      expect(parse('{"code":200')).toBeNull();
      expect(parse({ code: 500, data: {} })).toBeNull();
      expect(parse({ code: 200, data: [] })).toBeNull();
    }
  });

  it('common site data: curr_fiat defaults to USD, sub_website_id to 0, junk entries dropped', () => {
    const d = parseCommonSiteData(
      ok({
        fiat_list: { EUR: { fiat: 'EUR', symbol: '€' }, BAD: 3 },
        curr_fiat_market_rates: { EUR: 0.97, X: 'y' },
      }),
    )!;
    expect(d.curr_fiat).toBe('USD');
    expect(d.sub_website_id).toBe(0);
    expect(d.defaultBuyCryptoFiat).toBe('USD');
    expect(d.fiat_list).toEqual({ EUR: { fiat: 'EUR', symbol: '€' } });
    expect(d.curr_fiat_market_rates).toEqual({ EUR: 0.97 });
    expect(d.isUKLimit).toBe(false);
  });

  it('compliance needs an array menu_list', () => {
    expect(parseCompliance(ok({ menu_list: 'deposit' }))).toBeNull();
    expect(parseCompliance(ok({ menu_list: ['deposit', 3], limit: { is_tr: 1 } }))).toEqual({
      menu_list: ['deposit'],
      limit: { is_tr: true },
    });
  });

  it('menu data: NFT flag defaults to "0"', () => {
    expect(parseMenuData(ok({}))).toEqual({ business_list: [], nft_flag: '0' });
  });

  it('user info: anonymous is is_login false and is_sub 0; numbers from strings; progress clamped', () => {
    expect(parseUserInfo(ok({ is_login: false }))).toMatchObject({ is_login: false, is_sub: 0 });
    const u = parseUserInfo(
      ok({ is_login: true, uid: 7, tier_level: '2', tier_next_progress: 140, safe_level: '1', is_sub: '1' }),
    )!;
    expect(u).toMatchObject({
      is_login: true,
      uid: '7',
      tier_level: 2,
      tier_next_progress: 100,
      safe_level: 1,
    });
    expect(u.is_sub).toBe(1);
    expect(u.tier_all_trade_usdt).toBe('0.00');
  });

  it('account mode: unknown modes are classic; the SPEC §8 default is classic', () => {
    expect(parseAccountMode(ok({ mode: 'weird' }))!.mode).toBe('classic');
    expect(parseAccountMode(ok({ mode: 'portfolio', settings: { usdt_futures: true } }))).toMatchObject({
      mode: 'portfolio',
      settings: { usdt_futures: true },
    });
    expect(DEFAULT_ACCOUNT_MODE).toMatchObject({ mode: 'classic', first_open: true });
  });

  it('cross-margin info: crossMarginUid defaults to 0', () => {
    expect(parseCrossMargin(ok({}))).toEqual({ userTier: 0, userSpotBalance: '0', crossMarginUid: 0 });
  });
});
