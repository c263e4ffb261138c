// The SPEC §8 fallback table (src/api/fallbacks.ts) and its two readers: the boot loader's parsing of failed or
// invalid answers (src/api/client.ts dataOr) and the policy input for data not loaded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAY_WITH_FALLBACK } from '../../common/wire/buy.ts';
import { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../common/wire/site.ts';
import { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import { dataOr } from '../../src/api/parse.ts';
import { FALLBACKS } from '../../src/api/fallbacks.ts';
import { policyInput } from '../../src/policy/input.ts';

afterEach(() => vi.restoreAllMocks());

describe('FALLBACKS (SPEC §8)', () => {
  it('holds {} / [] / classic account mode / is_sub 0', () => {
    expect(FALLBACKS.compliance).toEqual({ menu_list: [], limit: { is_tr: false } });
    expect(FALLBACKS.menuData).toEqual({ business_list: [], nft_flag: '0' });
    expect(FALLBACKS.accountMode).toMatchObject({ mode: 'classic', first_open: true });
    expect(FALLBACKS.userInfo).toMatchObject({ is_login: false, is_sub: 0 });
    expect(FALLBACKS.crossMargin.crossMarginUid).toBe(0);
    expect(FALLBACKS.commonSiteData).toMatchObject({ curr_fiat: 'USD', sub_website_id: 0, isUKLimit: false });
    expect(FALLBACKS.fiatRates).toEqual({});
    expect(Object.isFrozen(FALLBACKS)).toBe(true);
  });

  it('each written-out value equals what its schema gives for an empty answer', () => {
    expect(FALLBACKS.commonSiteData).toEqual(CommonSiteData.parse({}));
    expect(FALLBACKS.compliance).toEqual(ComplianceResult.parse({ menu_list: [] }));
    expect(FALLBACKS.menuData).toEqual(MenuData.parse({}));
    expect(FALLBACKS.userInfo).toEqual(UserInfo.parse({}));
    expect(FALLBACKS.accountMode).toEqual({ ...AccountMode.parse({}), first_open: true });
    expect(FALLBACKS.crossMargin).toEqual(CrossMarginInfo.parse({}));
    expect(FALLBACKS.fiatRates).toEqual(FiatRates.parse({}));
    expect(FALLBACKS.buyCryptoFiatSetting).toEqual(PAY_WITH_FALLBACK);
  });

  it('dataOr gives the fallback for a failed call, a bad code and invalid data, with a log line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fb = FALLBACKS.accountMode;
    expect(dataOr({ ok: false, reason: 'timeout' }, AccountMode, fb, 'mode')).toBe(fb);
    expect(dataOr({ ok: true, status: 200, body: { code: 401, data: {} } }, AccountMode, fb, 'mode')).toBe(
      fb,
    );
    expect(
      dataOr({ ok: true, status: 200, body: { code: 200, data: {} } }, ComplianceResult, null, 'c'),
    ).toBe(null);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(
      dataOr(
        { ok: true, status: 200, body: { code: 200, data: { mode: 'portfolio' } } },
        AccountMode,
        fb,
        'm',
      ).mode,
    ).toBe('portfolio');
  });

  it('the policy input reads the same table for everything not loaded', () => {
    const input = policyInput({
      site: 0,
      siteData: null,
      user: null,
      sessionLoading: false,
      compliance: null,
      menu: null,
      accountMode: null,
      crossMargin: null,
      isSwitchTag: false,
      viewportWidth: 1440,
    });
    expect(input).toMatchObject({
      user: { isLogin: false, isSub: false, whiteListShow: false },
      compliance: FALLBACKS.compliance.menu_list,
      business: FALLBACKS.menuData.business_list,
      accountMode: { mode: 'classic', firstOpen: true, openFutures: false },
      crossMarginUid: 0,
      flags: { isUKLimit: false, isItalyLimit: false, nftFlag: '0' },
    });
  });
});
