// Table test: every sub-site × persona (SPEC §1 sites, server/personas.ts) against the visibility policy. Per site,
// the items that must show and must hide for an anonymous visitor and a VIP; for every combination, the invariants
// of SPEC §6 that hold across all of them.
import { describe, expect, it } from 'vitest';
import { BUY_MENU, EARN_MENU } from '../../src/menus/buy-earn.ts';
import { MORE_MENU } from '../../src/menus/more.ts';
import { FUTURES_MENU, TRADE_MENU } from '../../src/menus/trade.ts';
import { visibleItems } from '../../src/policy/filter-menu.ts';
import { decideVisibility, isVisible } from '../../src/policy/visibility.ts';
import {
  MAIN_SITE,
  SUB_SITE,
  SUB_SITE_IDS,
  subSiteName,
  type SubSiteId,
} from '../../common/domain/sub-sites.ts';
import { PERSONA_NAMES } from '../../server/personas.ts';
import { scenario, type Who } from './fixtures.ts';
import { drawerSections } from '../../src/drawer/sections.ts';

interface Expect {
  show: string[];
  hide: string[];
}
/** Must show / must hide per site, anonymous and VIP. */
const TABLE: Record<SubSiteId, { anonymous: Expect; vip: Expect }> = {
  [SUB_SITE.GLOBAL]: {
    anonymous: { show: ['login', 'signup', 'rewards', 'search', 'download', 'web3', 'futures-usdt', 'pilot', 'premarket'], hide: ['notification', 'personal-center', 'deposit', 'tr-reminder'] },
    vip: { show: ['personal-center', 'wallet-menu', 'order-menu', 'deposit', 'fund-drawer', 'notification', 'switch-account', 'logout', 'logout-all', 'funds-futures', 'funds-margin', 'profile-sub-accounts', 'orders-futures'], hide: ['login', 'signup', 'rewards', 'funds-unified', 'orders-futures-usdt', 'funds-cross-margin', 'sale'] },
  },
  [SUB_SITE.TURKEY]: {
    anonymous: { show: ['login', 'signup', 'tr-reminder', 'spot', 'web3'], hide: ['futures-usdt', 'quant-fund', 'wealth', 'developers', 'footer-qr'] },
    vip: { show: ['personal-center', 'funds-spot', 'profile-info'], hide: ['deposit', 'profile-api', 'funds-quant', 'switch-account', 'switch-script'] },
  },
  [SUB_SITE.MALTA]: {
    anonymous: { show: ['login', 'signup', 'spot'], hide: ['web3', 'referral', 'nft', 'futures-usdt'] },
    vip: { show: ['wallet-menu', 'funds-spot'], hide: ['deposit', 'funds-futures', 'funds-margin'] },
  },
  [SUB_SITE.HONG_KONG]: {
    anonymous: { show: ['login', 'signup', 'buy-bank'], hide: ['otc', 'web3', 'referral', 'rewards', 'buy-card'] },
    vip: { show: ['order-menu'], hide: ['funds-futures', 'funds-margin', 'deposit'] },
  },
  [SUB_SITE.US]: {
    anonymous: { show: ['login', 'signup', 'search', 'rewards'], hide: ['download', 'mobileapp', 'footer-qr', 'futures-usdt', 'launchpad'] },
    vip: { show: ['personal-center', 'notification'], hide: ['funds-futures', 'funds-margin', 'referral', 'deposit', 'switch-account'] },
  },
  [SUB_SITE.BAHAMAS]: {
    anonymous: { show: ['login', 'web3', 'futures-usdt', 'referral'], hide: ['rewards', 'footer-social', 'footer-qr'] },
    vip: { show: ['funds-futures', 'funds-margin'], hide: ['deposit'] },
  },
  [SUB_SITE.SINGAPORE]: {
    anonymous: { show: ['login', 'signup'], hide: ['referral', 'rewards', 'footer-social', 'nft', 'futures-usdt'] },
    vip: { show: ['wallet-menu'], hide: ['funds-margin', 'funds-futures'] },
  },
  [SUB_SITE.UK]: {
    anonymous: { show: ['login', 'signup'], hide: ['referral', 'rewards', 'footer-social', 'affiliate'] },
    vip: { show: ['personal-center'], hide: ['funds-futures', 'funds-margin'] },
  },
  [SUB_SITE.JAPAN]: {
    anonymous: { show: ['login', 'sale', 'language'], hide: ['exchange-rate', 'web3', 'futures-usdt', 'footer-social'] },
    vip: { show: ['order-menu'], hide: ['funds-futures', 'funds-margin', 'referral'] },
  },
  [SUB_SITE.UAE]: {
    anonymous: { show: ['login', 'futures-usdt', 'web3'], hide: ['rewards', 'footer-social', 'nft'] },
    vip: { show: ['funds-futures'], hide: ['funds-margin', 'funds-cross-margin'] },
  },
  [SUB_SITE.EU]: {
    anonymous: { show: ['spot', 'language'], hide: ['login', 'signup', 'search', 'download', 'web3', 'futures-usdt'] },
    vip: { show: ['personal-center', 'wallet-menu'], hide: ['search', 'deposit'] },
  },
  [SUB_SITE.TESTNET]: {
    anonymous: { show: ['login', 'theme', 'setting'], hide: ['signup', 'language', 'exchange-rate', 'otc'] },
    vip: { show: ['personal-center', 'wallet-menu', 'funds-futures'], hide: ['logout', 'logout-all', 'funds-margin', 'orders-p2p', 'deposit', 'withdraw', 'funds-pilot'] },
  },
}; // prettier-ignore

const WHO: readonly Who[] = ['anonymous', ...PERSONA_NAMES];

describe('sub-site × persona table (SPEC §1, §6)', () => {
  for (const site of SUB_SITE_IDS) {
    for (const who of ['anonymous', 'vip'] as const) {
      it(`${subSiteName(site)} ${who}: must show and must hide`, () => {
        const decision = decideVisibility(scenario(site, who));
        const { show, hide } = TABLE[site][who];
        expect(show.filter((k) => !isVisible(decision, k))).toEqual([]);
        expect(hide.filter((k) => isVisible(decision, k))).toEqual([]);
      });
    }
  }

  for (const site of SUB_SITE_IDS) {
    for (const who of WHO) {
      it(`${subSiteName(site)} × ${who}: SPEC §6 invariants hold`, () => {
        const input = scenario(site, who);
        const d = decideVisibility(input);
        const login = who !== 'anonymous';
        // Logged-in users have a personal centre; anonymous ones do not (SPEC §6).
        expect(isVisible(d, 'personal-center')).toBe(login);
        expect(isVisible(d, 'notification')).toBe(login && site !== SUB_SITE.TESTNET);
        // Login/signup: anonymous only; EU hides both; testnet hides signup.
        expect(isVisible(d, 'login')).toBe(!login && site !== SUB_SITE.EU);
        expect(isVisible(d, 'signup')).toBe(!login && site !== SUB_SITE.EU && site !== SUB_SITE.TESTNET);
        // Deposit: logged in, main site, compliance list without 'deposit'.
        expect(isVisible(d, 'deposit')).toBe(
          login && site === MAIN_SITE && !input.compliance.includes('deposit'),
        );
        // Switch Account: main site and not a sub-account (no is_switch_tag cookie here).
        expect(isVisible(d, 'switch-account')).toBe(login && site === MAIN_SITE && who !== 'sub');
        // Exactly one futures-order variant family shows.
        const typed = isVisible(d, 'orders-futures-usdt');
        expect(isVisible(d, 'orders-futures-btc')).toBe(typed);
        if (typed) expect(isVisible(d, 'orders-futures')).toBe(false);
        // Every hidden key names at least one rule.
        for (const rules of Object.values(d.hidden)) expect(rules.length).toBeGreaterThan(0);
        // The header never goes blank: Trade always has an entry and at least one other menu survives.
        expect(visibleItems(TRADE_MENU.items, d).length).toBeGreaterThan(0);
        const others = [FUTURES_MENU, BUY_MENU, EARN_MENU, MORE_MENU].filter(
          (m) => visibleItems(m.items, d).length > 0,
        );
        expect(others.length).toBeGreaterThan(0);
      });
    }
  }

  it('drops top menus whose items are all hidden (Derivatives on the US site)', () => {
    const d = decideVisibility(scenario(SUB_SITE.US, 'anonymous'));
    expect(visibleItems(FUTURES_MENU.items, d)).toEqual([]);
    expect(visibleItems(FUTURES_MENU.items, decideVisibility(scenario(MAIN_SITE, 'anonymous'))).length).toBe(
      7,
    );
  });
});

describe('footer and side drawer in the sub-site × persona matrix (SPEC §2, §6)', () => {
  const noSocial: readonly SubSiteId[] = [
    SUB_SITE.SINGAPORE,
    SUB_SITE.BAHAMAS,
    SUB_SITE.UK,
    SUB_SITE.JAPAN,
    SUB_SITE.UAE,
  ];
  for (const site of SUB_SITE_IDS) {
    for (const who of WHO) {
      it(`${subSiteName(site)} × ${who}: footer controls and drawer sections follow the policy`, () => {
        const input = scenario(site, who);
        const d = decideVisibility(input);
        expect(isVisible(d, 'footer-main-list')).toBe(!input.flags.isItalyLimit);
        expect(isVisible(d, 'footer-social')).toBe(!input.flags.isUKLimit && !noSocial.includes(site));
        expect(isVisible(d, 'footer-qr')).toBe(site === MAIN_SITE);
        const sections = drawerSections(d, who !== 'anonymous');
        // The drawer's navigation sections are exactly the header's non-empty top menus.
        const topMenus = [TRADE_MENU, FUTURES_MENU, BUY_MENU, EARN_MENU, MORE_MENU]
          .filter((m) => visibleItems(m.items, d).length > 0)
          .map((m) => m.key);
        const drawerMenus = sections.filter((s) => s.key >= 1 && s.key <= 5).map((s) => s.menu!.key);
        expect(drawerMenus).toEqual(topMenus);
        // Account sections only for signed-in users.
        const account = sections.filter((s) => (s.key >= 6 && s.key <= 8) || s.key === 12);
        if (who === 'anonymous') expect(account).toEqual([]);
      });
    }
  }
});
