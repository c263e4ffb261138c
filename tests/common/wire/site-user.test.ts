// The site and user wire schemas (common/wire/site.ts, user.ts) read through the one wrapper parser
// (common/wire/envelope.ts): SPEC §8 fallbacks for bad data, SPEC §3 defaults for missing fields.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { openEnvelope, parseEnvelope } from '../../../common/wire/envelope.ts';
import { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../../common/wire/site.ts';
import { AccountMode, CrossMarginInfo, UserInfo } from '../../../common/wire/user.ts';

const ok = (data: unknown) => ({ code: 200, message: 'success', data });

describe('the {code, data} wrapper (SPEC §7, §8)', () => {
  it('opens only a wrapper with code 200, and says why not otherwise', () => {
    expect(openEnvelope(ok({ a: 1 }))).toEqual({ ok: true, data: { a: 1 } });
    expect(openEnvelope({ code: 500, data: {} })).toEqual({ ok: false, problem: 'code 500' });
    expect(openEnvelope({ data: {} })).toEqual({ ok: false, problem: 'not an API envelope' });
    expect(openEnvelope('{"code":200')).toEqual({ ok: false, problem: 'not an API envelope' });
  });

  it('rejects non-wrappers, error codes and non-object data for every site and user answer', () => {
    for (const schema of [CommonSiteData, MenuData, UserInfo, AccountMode, CrossMarginInfo, FiatRates]) {
      expect(parseEnvelope(null, schema)).toBeNull();
      expect(parseEnvelope('{"code":200', schema)).toBeNull();
      expect(parseEnvelope({ code: 500, data: {} }, schema)).toBeNull();
      expect(parseEnvelope({ code: 200, data: [] }, schema)).toBeNull();
    }
  });

  it('an error code is null even for a schema that would accept missing data', () => {
    expect(parseEnvelope({ code: 500 }, z.optional(z.string()))).toBeNull();
  });
});

describe('site answers', () => {
  it('common site data: curr_fiat defaults to USD, sub_website_id to 0, junk entries dropped', () => {
    const d = parseEnvelope(
      ok({
        fiat_list: { EUR: { fiat: 'EUR', symbol: '€' }, BAD: 3 },
        curr_fiat_market_rates: { EUR: 0.97, X: 'y' },
      }),
      CommonSiteData,
    )!;
    expect(d.curr_fiat).toBe('USD');
    expect(d.sub_website_id).toBe(0);
    expect(d.defaultBuyCryptoFiat).toBe('USD');
    expect(d.fiat_list).toEqual({ EUR: { fiat: 'EUR', symbol: '€' } });
    expect(d.curr_fiat_market_rates).toEqual({ EUR: 0.97 });
    expect(d.isUKLimit).toBe(false);
  });

  it('common site data: the buy and P2P fiats default to curr_fiat; flags read 1 and "1" as true', () => {
    const d = parseEnvelope(
      ok({ curr_fiat: 'EUR', isUKLimit: 1, isItalyLimit: '1', site: '2' }),
      CommonSiteData,
    )!;
    expect(d).toMatchObject({ defaultBuyCryptoFiat: 'EUR', defaultP2PFiat: 'EUR', isUKLimit: true, site: 2 });
    expect(d.isItalyLimit).toBe(true);
  });

  it('compliance needs an array menu_list', () => {
    expect(parseEnvelope(ok({ menu_list: 'deposit' }), ComplianceResult)).toBeNull();
    expect(parseEnvelope(ok({ menu_list: ['deposit', 3], limit: { is_tr: 1 } }), ComplianceResult)).toEqual({
      menu_list: ['deposit'],
      limit: { is_tr: true },
    });
  });

  it('menu data: NFT flag defaults to "0"', () => {
    expect(parseEnvelope(ok({}), MenuData)).toEqual({ business_list: [], nft_flag: '0' });
  });

  it('fiat rates (SPEC §7): 3-letter codes with positive numbers only', () => {
    expect(parseEnvelope(ok({ USD: 1, EUR: 0.97, xx: 2, JPY: -1, GBP: 'x' }), FiatRates)).toEqual({
      USD: 1,
      EUR: 0.97,
    });
  });
});

describe('user answers', () => {
  it('user info: anonymous is is_login false and is_sub 0; numbers from strings; progress clamped', () => {
    expect(parseEnvelope(ok({ is_login: false }), UserInfo)).toMatchObject({ is_login: false, is_sub: 0 });
    const u = parseEnvelope(
      ok({ is_login: true, uid: 7, tier_level: '2', tier_next_progress: 140, safe_level: '1', is_sub: '1' }),
      UserInfo,
    )!;
    expect(u).toMatchObject({
      is_login: true,
      isLogin: true,
      uid: '7',
      tier_level: 2,
      tier_next_progress: 100,
      safe_level: 1,
      is_sub_account: true,
    });
    expect(u.is_sub).toBe(1);
    expect(u.tier_all_trade_usdt).toBe('0.00');
  });

  it('account mode: unknown modes are classic; first_open is false when absent', () => {
    expect(parseEnvelope(ok({ mode: 'weird' }), AccountMode)!.mode).toBe('classic');
    expect(
      parseEnvelope(ok({ mode: 'portfolio', settings: { usdt_futures: true } }), AccountMode),
    ).toMatchObject({
      mode: 'portfolio',
      first_open: false,
      settings: { usdt_futures: true, options: false },
    });
  });

  it('cross-margin info: crossMarginUid defaults to 0', () => {
    expect(parseEnvelope(ok({}), CrossMarginInfo)).toEqual({
      userTier: 0,
      userSpotBalance: '0',
      crossMarginUid: 0,
    });
  });
});
