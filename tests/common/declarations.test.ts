// The declaration modules of common/, each read through what depends on it: the exchange hosts through the URL
// policy's link and icon checks (SPEC §2 'External', §3 icons), the message dropdown's tabs and target keys
// (SPEC §2 'Header elements', 'Message types map to'), the page loader's shared names (ARCHITECTURE.md 'The page
// loader'; SPEC §3 theme cookies), and the buy-crypto and header-extras wire shapes (SPEC §3, §7).
import { describe, expect, it } from 'vitest';
import {
  ICON_HOSTS,
  LINK_HOSTS,
  MAIN_SITE_HOST,
  MALTA_SITE_HOST,
  STATIC_HOST,
  TELEGRAM_MINI_APP_URL,
  TESTNET_SITE_HOST,
  TURKEY_SITE_HOST,
} from '../../common/domain/hosts.ts';
import {
  NOTICE_PAGE_SIZE,
  NOTICE_TAB_TYPES,
  NOTICE_TABS,
  NOTICE_TARGET_KEYS,
  NOTICE_TEMPLATES,
} from '../../common/domain/notice-types.ts';
import * as loader from '../../common/page-loader.ts';
import { FiatSetting, FiatSettingList, PAY_WITH_FALLBACK } from '../../common/wire/buy.ts';
import { BOOT_DATA_ID } from '../../common/wire/page.ts';
import { ErrorReport, SwitchAccount, SwitchAccounts } from '../../common/wire/header.ts';
import { resolveDataLink } from '../../src/lib/data-link.ts';
import { coinIconSrc } from '../../src/ui/icon-url.ts';

describe("SPEC §2 'External' hosts, through the URL policy", () => {
  const SITES = [MAIN_SITE_HOST, MALTA_SITE_HOST, TURKEY_SITE_HOST, TESTNET_SITE_HOST];

  it('are distinct host names (an operator replaces them; each must stay a real name)', () => {
    const all = [...SITES, STATIC_HOST];
    expect(new Set(all).size).toBe(all.length);
    for (const host of all) expect(new URL(`https://${host}/`).hostname).toBe(host);
    expect(new URL(TELEGRAM_MINI_APP_URL).protocol).toBe('https:');
  });

  it('a link from data may go to the main, Malta, Turkey and testnet sites, and no other host', () => {
    expect([...LINK_HOSTS].sort()).toEqual([...SITES].sort());
    for (const host of SITES)
      expect(resolveDataLink(`https://${host}/help`, '/zh'), host).toBe(`https://${host}/zh/help`);
    for (const host of [STATIC_HOST, 'evil.example', `x.${MAIN_SITE_HOST}`])
      expect(resolveDataLink(`https://${host}/help`, ''), host).toBeNull();
  });

  it('an icon may load from the static host only (or a same-origin path)', () => {
    expect(ICON_HOSTS).toEqual([STATIC_HOST]);
    expect(coinIconSrc(`https://${STATIC_HOST}/coin/btc.png`)).toBe(`https://${STATIC_HOST}/coin/btc.png`);
    expect(coinIconSrc('/icons/btc.svg')).toBe('/icons/btc.svg');
    for (const host of SITES) expect(coinIconSrc(`https://${host}/coin/btc.png`), host).toBeNull();
  });
});

describe("SPEC §2 'Header elements': the message dropdown", () => {
  it('three tabs, platform, trade and markets, each asking for its types in SPEC order, 10 at a time', () => {
    expect(NOTICE_TABS).toEqual(['platform', 'trade', 'markets']);
    expect(NOTICE_TAB_TYPES).toEqual({
      platform: [
        'notice',
        'sys_notice',
        'tasks_bonuses_notice',
        'private_notice',
        'nft_notice',
        'gate_pay',
        'gate_shop',
        'referral',
        'exclusive_event',
      ],
      trade: [
        'future',
        'margin',
        'unified_account',
        'firm_offer',
        'quantification',
        'c2c',
        'pre_market_trading',
        'subscribe',
        'etf',
        'options',
      ],
      markets: ['market_global', 'market', 'chain_global'],
    });
    expect(NOTICE_PAGE_SIZE).toBe(10);
  });

  it("the wire keys of SPEC §2 'Message types map to' (types and template ids the exchange sends)", () => {
    expect(NOTICE_TARGET_KEYS).toEqual({
      margin: 'margin',
      crossMargin: 'cross_margin',
      future: 'future',
      market: 'market',
      marketGlobal: 'market_global',
      invest: 'invest',
      startup: 'startup',
      strategybot: 'strategybot',
      copytrading: 'copytrading',
      liquidationWarning: 'liquidation_warning',
      loanLiquidationWarning: 'loan_liquidation_warning',
      investSuccess: 'invest_success',
      live: 'live',
      post: 'post',
      posts: 'posts',
    });
    expect(NOTICE_TEMPLATES).toEqual({
      invest: 'invest',
      startup: 'startup',
      strategybot: 'strategybot',
      copytrading: 'copytrading',
      liquidationWarning: 'loan_liquidation_warning',
      investSuccess: 'invest_success',
      live: 'live',
      post: 'post',
    });
  });
});

describe("the page loader's shared names (ARCHITECTURE.md 'The page loader')", () => {
  it('SPEC §3 theme cookies: theme and theme_changed', () => {
    expect(loader.THEME_COOKIE).toBe('theme');
    expect(loader.THEME_CHANGED_COOKIE).toBe('theme_changed');
  });

  it('events are mh:-namespaced, attributes data-*, the script type and storage key ours; all distinct', () => {
    for (const name of [loader.HYDRATED_EVENT, loader.TAKE_SEARCH_EVENT, loader.POINTER_QUERY_EVENT])
      expect(name).toMatch(/^mh:[a-z-]+$/);
    for (const name of [loader.HYDRATES_ATTR, loader.HOLD_LINKS_ATTR]) expect(name).toMatch(/^data-[a-z-]+$/);
    expect(loader.DEFERRED_MODULE_TYPE).toMatch(/^mh-[a-z-]+$/);
    expect(loader.LANDING_QUERY_KEY).toMatch(/^mh_[a-z_]+$/);
    // The server render's boot data element (common/wire/page.ts), found by this id on the client.
    expect(BOOT_DATA_ID).toMatch(/^mh-[a-z-]+$/);
    const names = Object.values(loader);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('SPEC §3 buy-crypto fiat settings', () => {
  const eur = { fiat: 'EUR', credit_card: true, bank_transfer: false, p2p: true };

  it('a fiat is an upper-case three-letter code with three method flags', () => {
    expect(FiatSetting.parse(eur)).toEqual(eur);
    for (const fiat of ['eur', 'EURO', 'EU', 'xEUR', 'EURx', ''])
      expect(FiatSetting.safeParse({ ...eur, fiat }).success, fiat).toBe(false);
    expect(FiatSetting.safeParse({ ...eur, p2p: 1 }).success).toBe(false);
  });

  it('SPEC §5 cache validity: a non-empty list; SPEC §3 fallback: USD with every method', () => {
    expect(FiatSettingList.safeParse([]).success).toBe(false);
    expect(FiatSettingList.parse([eur])).toEqual([eur]);
    expect(PAY_WITH_FALLBACK).toEqual([{ fiat: 'USD', credit_card: true, bank_transfer: true, p2p: true }]);
    expect(FiatSettingList.parse(PAY_WITH_FALLBACK)).toEqual(PAY_WITH_FALLBACK);
    expect(Object.isFrozen(PAY_WITH_FALLBACK) && Object.isFrozen(PAY_WITH_FALLBACK[0])).toBe(true);
  });
});

describe('SPEC §1 switch account and the SPEC §7 CDN error report', () => {
  const account = { uid: '12345', nickname: 'ann', type: 'sub', current: false };

  it('an account: 1–20 digit uid, nickname up to 64 characters, main or sub', () => {
    expect(SwitchAccount.parse(account)).toEqual(account);
    expect(SwitchAccount.safeParse({ ...account, uid: '1'.repeat(20) }).success).toBe(true);
    for (const uid of ['', '1'.repeat(21), 'x1', '1x', '12 3', 12345])
      expect(SwitchAccount.safeParse({ ...account, uid }).success, String(uid)).toBe(false);
    expect(SwitchAccount.safeParse({ ...account, nickname: 'n'.repeat(64) }).success).toBe(true);
    expect(SwitchAccount.safeParse({ ...account, nickname: 'n'.repeat(65) }).success).toBe(false);
    expect(SwitchAccount.safeParse({ ...account, type: 'main' }).success).toBe(true);
    expect(SwitchAccount.safeParse({ ...account, type: 'admin' }).success).toBe(false);
    expect(SwitchAccounts.parse({ list: [account] })).toEqual({ list: [account] });
    expect(SwitchAccounts.safeParse({ list: [{ ...account, uid: 'x' }] }).success).toBe(false);
  });

  it('an error report: the cdn check, a 1–500 character message, 500-character url, detail and page', () => {
    const report = { message: 'cdn access error', source: 'cdn-check', url: '/x.js', trace: false };
    expect(ErrorReport.parse(report)).toEqual(report);
    expect(ErrorReport.safeParse({ ...report, message: '' }).success).toBe(false);
    expect(ErrorReport.safeParse({ ...report, source: 'other' }).success).toBe(false);
    for (const key of ['message', 'url', 'detail', 'page']) {
      expect(ErrorReport.safeParse({ ...report, [key]: 'm'.repeat(500) }).success, key).toBe(true);
      expect(ErrorReport.safeParse({ ...report, [key]: 'm'.repeat(501) }).success, key).toBe(false);
    }
  });
});
