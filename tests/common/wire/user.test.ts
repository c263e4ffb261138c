// The user and session wire schemas (common/wire/user.ts) field by field: SPEC §3 user info, account mode and
// cross-margin info with their SPEC §8 defaults; SPEC §7 logouts; the reference server's demo login.
import { describe, expect, it } from 'vitest';
import { DEMO_PERSONAS } from '../../../common/domain/personas.ts';
import {
  ACCOUNT_MODES,
  AccountMode,
  CrossMarginInfo,
  DemoLoginForm,
  DemoLoginResult,
  LogoutAllResult,
  LogoutForm,
  UserInfo,
} from '../../../common/wire/user.ts';

const parse = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? r.data : null;
};

describe('SPEC §3 user info', () => {
  // SPEC §8: the empty answer's defaults are the written-out fallback (tests/api/fallbacks.test.ts).
  it('either login flag signs in both', () => {
    expect(UserInfo.parse({ is_login: '1' })).toMatchObject({ is_login: true, isLogin: true });
    expect(UserInfo.parse({ isLogin: 'true' })).toMatchObject({ is_login: true, isLogin: true });
    expect(UserInfo.parse({ is_login: 0, isLogin: 'no' })).toMatchObject({ is_login: false, isLogin: false });
  });

  it('text fields keep strings, write numbers as text; verified, balances and the fiat keep what is sent', () => {
    const u = UserInfo.parse({
      uid: 42,
      nickname: 'ann',
      total_usd: '12.5',
      verified: '4',
      curr_fiat: 'EUR',
      tier_all_trade_usdt: '100.00',
      white_list_show: 1,
    });
    expect(u).toMatchObject({
      uid: '42',
      nickname: 'ann',
      total_usd: '12.5',
      verified: '4',
      curr_fiat: 'EUR',
      tier_all_trade_usdt: '100.00',
      white_list_show: true,
    });
  });

  it('levels are whole and never negative; progress is a percent clamped to 0–100', () => {
    expect(UserInfo.parse({ tier_level: '3.9', tier_next_progress: '42.5' })).toMatchObject({
      tier_level: 3,
      tier_next_progress: 42.5,
    });
    expect(UserInfo.parse({ tier_level: -2, tier_next_progress: -1 })).toMatchObject({
      tier_level: 0,
      tier_next_progress: 0,
    });
    expect(UserInfo.parse({ tier_next_progress: 100 }).tier_next_progress).toBe(100);
    expect(UserInfo.parse({ tier_next_progress: 101 }).tier_next_progress).toBe(100);
  });

  it('is_sub is 1 only for the number one (1, "1"); anything else reads 0; either sub flag marks a sub-account', () => {
    for (const v of [1, '1', '1.0'])
      expect(UserInfo.parse({ is_sub: v })).toMatchObject({ is_sub: 1, is_sub_account: true });
    for (const v of [0, 2, '2', 'yes', true, null, undefined])
      expect(UserInfo.parse({ is_sub: v })).toMatchObject({ is_sub: 0, is_sub_account: false });
    expect(UserInfo.parse({ is_sub: 0, is_sub_account: '1' })).toMatchObject({
      is_sub: 0,
      is_sub_account: true,
    });
  });
});

describe('SPEC §3 account mode', () => {
  it('SPEC §8: an empty answer is the classic mode with every switch off and first_open false', () => {
    expect(AccountMode.parse({})).toEqual({
      mode: 'classic',
      support_unified: false,
      first_open: false,
      auto_borrow: false,
      auto_repay: false,
      settings: { options: false, usdt_futures: false, spot_hedge: false, use_funding: false },
    });
  });

  it('every known mode is kept; an unknown one is classic', () => {
    for (const mode of ACCOUNT_MODES) expect(AccountMode.parse({ mode }).mode).toBe(mode);
    expect(AccountMode.parse({ mode: 'Portfolio' }).mode).toBe('classic');
  });

  it('first_open is true for true, 1, "1" and "true" only', () => {
    for (const v of [true, 1, '1', 'true'])
      expect(AccountMode.parse({ first_open: v }).first_open).toBe(true);
    for (const v of [false, 0, '0', 'false', '', 'yes', 2, null, undefined])
      expect(AccountMode.parse({ first_open: v }).first_open).toBe(false);
  });

  it('settings: each switch read as a flag; a settings value that is not an object reads all off', () => {
    expect(
      AccountMode.parse({
        settings: { options: 1, usdt_futures: 'true', spot_hedge: '1', use_funding: true },
      }).settings,
    ).toEqual({ options: true, usdt_futures: true, spot_hedge: true, use_funding: true });
    for (const settings of ['on', 1, null, [true]])
      expect(AccountMode.parse({ settings }).settings).toEqual({
        options: false,
        usdt_futures: false,
        spot_hedge: false,
        use_funding: false,
      });
  });

  it('the unified-account flags', () => {
    expect(AccountMode.parse({ support_unified: 1, auto_borrow: 'true', auto_repay: '1' })).toMatchObject({
      support_unified: true,
      auto_borrow: true,
      auto_repay: true,
    });
  });
});

describe('SPEC §3 cross-margin info', () => {
  it('numbers from numeric strings, the balance as text; junk reads the defaults', () => {
    expect(CrossMarginInfo.parse({ userTier: '2', userSpotBalance: 10.5, crossMarginUid: '77' })).toEqual({
      userTier: 2,
      userSpotBalance: '10.5',
      crossMarginUid: 77,
    });
    expect(CrossMarginInfo.parse({ userTier: 'x', userSpotBalance: null, crossMarginUid: {} })).toEqual({
      userTier: 0,
      userSpotBalance: '0',
      crossMarginUid: 0,
    });
  });
});

describe('demo login and SPEC §7 logouts', () => {
  it('demo login takes a known persona and an optional account label of at most 64 characters', () => {
    for (const persona of DEMO_PERSONAS) expect(parse(DemoLoginForm, { persona })).toEqual({ persona });
    expect(parse(DemoLoginForm, { persona: 'root' })).toBeNull();
    expect(parse(DemoLoginForm, {})).toBeNull();
    expect(parse(DemoLoginForm, { persona: 'vip', account: 'a'.repeat(64) })).toEqual({
      persona: 'vip',
      account: 'a'.repeat(64),
    });
    expect(parse(DemoLoginForm, { persona: 'vip', account: 'a'.repeat(65) })).toBeNull();
    expect(parse(DemoLoginForm, { persona: 'vip', account: 7 })).toBeNull();
  });

  it('demo login answers a known persona and its user id', () => {
    expect(parse(DemoLoginResult, { persona: 'sub', uid: '9' })).toEqual({ persona: 'sub', uid: '9' });
    expect(parse(DemoLoginResult, { persona: 'sub', uid: 9 })).toBeNull();
    expect(parse(DemoLoginResult, { persona: 'admin', uid: '9' })).toBeNull();
    expect(parse(DemoLoginResult, { uid: '9' })).toBeNull();
  });

  it('logout of this device takes scope "device" only; logout of all answers a session count', () => {
    expect(parse(LogoutForm, { scope: 'device' })).toEqual({ scope: 'device' });
    expect(parse(LogoutForm, { scope: 'all' })).toBeNull();
    expect(parse(LogoutForm, {})).toBeNull();
    expect(parse(LogoutAllResult, { sessions: 3 })).toEqual({ sessions: 3 });
    expect(parse(LogoutAllResult, { sessions: '3' })).toBeNull();
    expect(parse(LogoutAllResult, {})).toBeNull();
  });
});
