// One test per rule of the visibility policy (SPEC §6, plus §2 Turkey link and §4 account mode), each named after
// its rule id; the last test fails when a rule is added to RULES without a test here.
import { describe, expect, it } from 'vitest';
import { decideVisibility, hiddenBy, isVisible, RULES } from '../../src/policy/visibility.ts';
import type { PolicyInput, RuleId } from '../../src/policy/types.ts';
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';
import { PERSONAS } from '../../server/personas.ts';
import { scenario } from './fixtures.ts';

const covered = new Set<RuleId>();
function rule(id: RuleId, spec: string, body: () => void) {
  covered.add(id);
  it(`${id} (${spec})`, body);
}
const show = (input: PolicyInput, key: string) => isVisible(decideVisibility(input), key);
const by = (input: PolicyInput, key: string) => hiddenBy(decideVisibility(input), key);
const G = SUB_SITE.GLOBAL;

describe('visibility policy rules', () => {
  rule('anonymous-sees-login-signup-rewards', 'SPEC §6 Anonymous, §4 loading state', () => {
    for (const key of ['login', 'signup', 'rewards']) {
      expect(show(scenario(G, 'anonymous'), key)).toBe(true);
      expect(show(scenario(G, 'vip'), key)).toBe(false);
      expect(by(scenario(G, 'anonymous', { sessionLoading: true }), key)).toContain(
        'anonymous-sees-login-signup-rewards',
      );
    }
  });
  rule('anonymous-hides-notifications', 'SPEC §6 Anonymous', () => {
    expect(by(scenario(G, 'anonymous'), 'notification')).toContain('anonymous-hides-notifications');
    expect(show(scenario(G, 'vip'), 'notification')).toBe(true);
  });
  rule('logged-in-only-personal-centre', 'SPEC §6 Logged-in', () => {
    for (const key of ['personal-center', 'wallet-menu', 'order-menu', 'logout', 'avatar']) {
      expect(show(scenario(G, 'anonymous'), key)).toBe(false);
      expect(show(scenario(G, 'vip'), key)).toBe(true);
    }
  });
  rule('deposit-main-site-without-compliance-deposit', 'SPEC §6 Logged-in', () => {
    expect(show(scenario(G, 'vip'), 'deposit')).toBe(true);
    expect(show(scenario(G, 'vip'), 'fund-drawer')).toBe(true);
    expect(by(scenario(SUB_SITE.BAHAMAS, 'vip'), 'deposit')).toEqual([
      'deposit-main-site-without-compliance-deposit',
    ]);
    expect(by(scenario(G, 'withdraw-only'), 'fund-drawer')).toContain(
      'deposit-main-site-without-compliance-deposit',
    );
    // SPEC §2 Funds 'deposit_fiat (and /JPY)': off the main site the wallet menu carries the fiat deposit (Japan's
    // users reach /myaccount/deposit_fiat/JPY there); compliance 'deposit' hides it as it hides the drawer.
    expect(show(scenario(SUB_SITE.JAPAN, 'vip'), 'funds-deposit-fiat')).toBe(true);
    expect(show(scenario(G, 'vip'), 'funds-deposit-fiat')).toBe(true);
    expect(by(scenario(G, 'withdraw-only'), 'funds-deposit-fiat')).toContain(
      'deposit-main-site-without-compliance-deposit',
    );
  });
  rule('sub-account-hides-sub-account-management', 'SPEC §6 Sub-accounts, main site only', () => {
    expect(by(scenario(G, 'sub'), 'profile-sub-accounts')).toContain(
      'sub-account-hides-sub-account-management',
    );
    // Off the main site is_sub is not detected.
    expect(by(scenario(SUB_SITE.BAHAMAS, 'sub'), 'profile-sub-accounts')).not.toContain(
      'sub-account-hides-sub-account-management',
    );
    expect(decideVisibility(scenario(SUB_SITE.BAHAMAS, 'sub')).isSubAccount).toBe(false);
  });
  rule('sub-account-management-needs-white-list', 'SPEC §6 Sub-accounts', () => {
    expect(show(scenario(G, 'vip'), 'profile-sub-accounts')).toBe(true);
    expect(by(scenario(G, 'unverified'), 'profile-sub-accounts')).toEqual([
      'sub-account-management-needs-white-list',
    ]);
  });
  rule('site-flags', 'SPEC §6 Per-site flags hide items', () => {
    const testnet = scenario(SUB_SITE.TESTNET, 'vip');
    for (const key of ['withdraw', 'language', 'exchange-rate', 'notification', 'otc']) {
      expect(by(testnet, key)).toContain('site-flags');
    }
    expect(by(scenario(SUB_SITE.JAPAN, 'vip'), 'exchange-rate')).toContain('site-flags');
    expect(show(scenario(G, 'vip'), 'language')).toBe(true);
    expect(show(testnet, 'theme')).toBe(true);
  });
  rule('us-hides-download', 'SPEC §6 US hides download-app', () => {
    for (const key of ['download', 'mobileapp', 'footer-qr']) {
      expect(by(scenario(SUB_SITE.US, 'anonymous'), key)).toContain('us-hides-download');
    }
    expect(show(scenario(G, 'anonymous'), 'download')).toBe(true);
  });
  rule('testnet-hides-register-logout-accounts', 'SPEC §6 Testnet', () => {
    const anon = scenario(SUB_SITE.TESTNET, 'anonymous');
    const vip = scenario(SUB_SITE.TESTNET, 'vip');
    expect(show(anon, 'signup')).toBe(false);
    expect(show(anon, 'login')).toBe(true);
    expect(decideVisibility(anon).login).toEqual({
      kind: 'testnet-authorize',
      labelKey: 'login.testnetButton',
    });
    expect(decideVisibility(scenario(G, 'anonymous')).login.kind).toBe('page');
    for (const key of ['logout', 'logout-all', 'funds-margin', 'orders-p2p', 'funds-bot', 'orders-convert']) {
      expect(by(vip, key)).toContain('testnet-hides-register-logout-accounts');
    }
  });
  rule('eu-hides-web3-search-download-login', 'SPEC §6 EU', () => {
    const eu = scenario(SUB_SITE.EU, 'anonymous');
    for (const key of ['web3', 'search', 'download', 'login', 'signup']) {
      expect(by(eu, key)).toContain('eu-hides-web3-search-download-login');
    }
    expect(decideVisibility(eu).footerClickBlocked).toBe(true);
    expect(decideVisibility(scenario(SUB_SITE.MALTA, 'anonymous')).footerClickBlocked).toBe(false);
  });
  rule(
    'regional-sites-hide-referral-rewards-futures-margin',
    'SPEC §6 UK, US, JP, SG, BS, MT, HK, UAE',
    () => {
      const id = 'regional-sites-hide-referral-rewards-futures-margin';
      const table: [number, string[], string[]][] = [
        [SUB_SITE.UK, ['referral', 'rewards', 'funds-futures', 'funds-margin'], []],
        [SUB_SITE.US, ['referral', 'funds-futures', 'funds-margin'], ['rewards']],
        [SUB_SITE.JAPAN, ['referral', 'funds-futures', 'funds-margin'], ['rewards']],
        [SUB_SITE.SINGAPORE, ['referral', 'rewards', 'funds-margin'], ['funds-futures']],
        [SUB_SITE.BAHAMAS, ['rewards'], ['referral', 'funds-futures', 'funds-margin']],
        [SUB_SITE.MALTA, ['referral', 'funds-futures', 'funds-margin'], ['rewards']],
        [SUB_SITE.HONG_KONG, ['referral', 'rewards', 'funds-futures', 'funds-margin'], []],
        [SUB_SITE.UAE, ['rewards', 'funds-margin'], ['referral', 'funds-futures']],
      ];
      for (const [site, hidden, notByThisRule] of table) {
        const input = scenario(site as SubSiteId, 'anonymous');
        for (const key of hidden) expect(by(input, key), `${site} ${key}`).toContain(id);
        for (const key of notByThisRule) expect(by(input, key), `${site} ${key}`).not.toContain(id);
      }
      expect(show(scenario(G, 'vip'), 'funds-margin')).toBe(true);
    },
  );
  rule('turkey-hides-funds-management-and-api', 'SPEC §6 Turkey', () => {
    for (const key of ['quant-fund', 'wealth', 'funds-quant', 'profile-api', 'developers']) {
      expect(by(scenario(SUB_SITE.TURKEY, 'vip'), key)).toContain('turkey-hides-funds-management-and-api');
      expect(show(scenario(G, 'vip'), key)).toBe(true);
    }
  });
  rule(
    'italy-uk-limit-hides-profile-kyc-settings-futures-orders',
    'SPEC §6 Italy and whole-UK limits',
    () => {
      for (const who of ['italy', 'uk'] as const) {
        for (const key of [
          'profile-info',
          'profile-kyc',
          'profile-security',
          'futures-usdt',
          'orders-futures',
        ]) {
          expect(by(scenario(G, who), key)).toContain(
            'italy-uk-limit-hides-profile-kyc-settings-futures-orders',
          );
        }
        expect(show(scenario(G, who), 'orders-spot')).toBe(true);
      }
    },
  );
  rule('italy-limit-hides-footer-main-list', 'SPEC §6 Italy-limited footer', () => {
    expect(by(scenario(G, 'italy'), 'footer-main-list')).toEqual(['italy-limit-hides-footer-main-list']);
    expect(show(scenario(G, 'uk'), 'footer-main-list')).toBe(true);
  });
  rule('uk-limit-hides-footer-links', 'SPEC §6 UK-limited footer', () => {
    for (const key of ['footer:/futures_center', 'footer:/referral/affiliate', 'footer:/gift-card']) {
      expect(by(scenario(G, 'uk'), key)).toContain('uk-limit-hides-footer-links');
      expect(show(scenario(G, 'italy'), key)).toBe(true);
    }
    expect(show(scenario(G, 'uk'), 'footer:/about_us')).toBe(true);
  });
  rule('business-list-hides-pilot-account-and-orders', 'SPEC §6 Pilot account', () => {
    for (const key of ['funds-pilot', 'orders-pilot']) {
      expect(by(scenario(G, 'sub'), key)).toEqual(['business-list-hides-pilot-account-and-orders']);
      expect(show(scenario(G, 'vip'), key)).toBe(true);
    }
  });
  rule('portfolio-margin-needs-cross-margin-uid', 'SPEC §6 Portfolio margin (non-UAE)', () => {
    expect(show(scenario(G, 'portfolio'), 'funds-cross-margin')).toBe(true);
    expect(show(scenario(G, 'portfolio'), 'orders-cross-margin')).toBe(true);
    expect(by(scenario(G, 'vip'), 'funds-cross-margin')).toEqual(['portfolio-margin-needs-cross-margin-uid']);
    const one = scenario(G, 'vip', { crossMargin: { userTier: 1, userSpotBalance: '0', crossMarginUid: 1 } });
    expect(show(one, 'funds-cross-margin')).toBe(false);
    expect(show(one, 'orders-cross-margin')).toBe(false);
    expect(by(scenario(SUB_SITE.UAE, 'portfolio'), 'funds-cross-margin')).toContain(
      'portfolio-margin-needs-cross-margin-uid',
    );
  });
  rule('portfolio-mode-hides-option-account', 'SPEC §6 Option account', () => {
    expect(by(scenario(G, 'portfolio'), 'funds-options')).toEqual(['portfolio-mode-hides-option-account']);
    expect(show(scenario(G, 'unified'), 'funds-options')).toBe(true);
  });
  rule('nft-flag-or-compliance-hides-nft', 'SPEC §6 NFT link', () => {
    expect(show(scenario(G, 'anonymous'), 'nft')).toBe(true);
    expect(by(scenario(SUB_SITE.SINGAPORE, 'anonymous'), 'nft')).toEqual([
      'nft-flag-or-compliance-hides-nft',
    ]);
    const byCompliance = scenario(G, 'anonymous', {
      compliance: { menu_list: ['nft'], limit: { is_tr: false } },
    });
    expect(by(byCompliance, 'nft')).toContain('nft-flag-or-compliance-hides-nft');
    expect(by(byCompliance, 'footer:/nft')).toContain('nft-flag-or-compliance-hides-nft');
    expect(show(scenario(G, 'anonymous'), 'footer:/nft')).toBe(true);
  });
  rule('social-icons-hidden-uk-limit-or-regions', 'SPEC §6 Social icons', () => {
    for (const site of [SUB_SITE.SINGAPORE, SUB_SITE.BAHAMAS, SUB_SITE.UK, SUB_SITE.JAPAN, SUB_SITE.UAE]) {
      expect(show(scenario(site, 'anonymous'), 'footer-social')).toBe(false);
    }
    for (const site of [G, SUB_SITE.US, SUB_SITE.EU, SUB_SITE.TURKEY]) {
      expect(show(scenario(site, 'anonymous'), 'footer-social')).toBe(true);
    }
    expect(show(scenario(G, 'uk'), 'footer-social')).toBe(false);
  });
  rule('turkey-shows-compliance-reminder', 'SPEC §6 Turkey reminder', () => {
    expect(show(scenario(SUB_SITE.TURKEY, 'anonymous'), 'tr-reminder')).toBe(true);
    expect(show(scenario(G, 'anonymous'), 'tr-reminder')).toBe(false);
  });
  rule('switch-script-logged-in-main-site', 'SPEC §6 Switch-account script', () => {
    expect(show(scenario(G, 'vip'), 'switch-script')).toBe(true);
    expect(show(scenario(G, 'anonymous'), 'switch-script')).toBe(false);
    expect(show(scenario(SUB_SITE.US, 'vip'), 'switch-script')).toBe(false);
  });
  rule('switch-account-main-not-sub-or-cookie', 'SPEC §1 Switch Account', () => {
    expect(show(scenario(G, 'vip'), 'switch-account')).toBe(true);
    expect(show(scenario(G, 'sub'), 'switch-account')).toBe(false);
    expect(show(scenario(G, 'sub', { isSwitchTag: true }), 'switch-account')).toBe(true);
    expect(show(scenario(SUB_SITE.US, 'vip'), 'switch-account')).toBe(false);
    expect(show(scenario(SUB_SITE.US, 'vip', { isSwitchTag: true }), 'switch-account')).toBe(true);
    expect(show(scenario(G, 'anonymous', { isSwitchTag: true }), 'switch-account')).toBe(false);
  });
  rule('turkey-link-is-tr-and-wide', 'SPEC §2 Turkey-site link', () => {
    const tr = { compliance: { menu_list: [], limit: { is_tr: true } } };
    expect(show(scenario(G, 'anonymous', { ...tr, viewportWidth: 1440 }), 'turkey-link')).toBe(true);
    expect(show(scenario(G, 'anonymous', { ...tr, viewportWidth: 992 }), 'turkey-link')).toBe(false);
    expect(show(scenario(G, 'anonymous', { viewportWidth: 1440 }), 'turkey-link')).toBe(false);
  });
  rule('compliance-list-hides-features', 'SPEC §3 compliance menu list', () => {
    const us = scenario(SUB_SITE.US, 'vip');
    for (const key of ['futures-usdt', 'options', 'margin', 'etf', 'launchpad', 'card', 'footer:/ventures']) {
      expect(by(us, key)).toContain('compliance-list-hides-features');
    }
    expect(by(scenario(G, 'withdraw-only'), 'buy-quick')).toContain('compliance-list-hides-features');
    expect(show(scenario(G, 'vip'), 'futures-usdt')).toBe(true);
  });
  rule('account-mode-classic-or-unified-entries', 'SPEC §4 Account mode', () => {
    expect(show(scenario(G, 'vip'), 'funds-unified')).toBe(false);
    expect(show(scenario(G, 'unified'), 'funds-unified')).toBe(true);
    expect(by(scenario(G, 'unified'), 'funds-margin')).toEqual(['account-mode-classic-or-unified-entries']);
    const firstOpen = scenario(G, 'unified', {
      accountMode: { ...PERSONAS.unified.accountMode, first_open: true },
    });
    expect(decideVisibility(firstOpen).isUnified).toBe(false);
    // Classic is never unified, even opened (first_open false) and with futures open.
    const classicOpened = scenario(G, 'vip', {
      accountMode: { ...PERSONAS.unified.accountMode, mode: 'classic', first_open: false },
    });
    expect(decideVisibility(classicOpened).isUnified).toBe(false);
    expect(show(classicOpened, 'funds-margin')).toBe(true);
    expect(show(classicOpened, 'orders-margin')).toBe(true);
    expect(by(scenario(G, 'unified'), 'orders-margin')).toEqual(['account-mode-classic-or-unified-entries']);
    expect(show(classicOpened, 'orders-futures')).toBe(true);
    expect(show(classicOpened, 'orders-futures-usdt')).toBe(false);
  });
  rule('typed-futures-orders-in-unified-with-open-futures', 'SPEC §4 typed futures order links', () => {
    const unified = scenario(G, 'unified');
    expect(show(unified, 'orders-futures-usdt')).toBe(true);
    expect(show(unified, 'orders-futures-btc')).toBe(true);
    expect(show(unified, 'orders-futures')).toBe(false);
    const classic = scenario(G, 'vip');
    expect(show(classic, 'orders-futures')).toBe(true);
    expect(show(classic, 'orders-futures-usdt')).toBe(false);
    expect(show(classic, 'orders-futures-btc')).toBe(false);
    // Unified without an open futures contract: the untyped history.
    const noFutures = scenario(G, 'unified', {
      accountMode: {
        ...PERSONAS.unified.accountMode,
        settings: { ...PERSONAS.unified.accountMode.settings, usdt_futures: false },
      },
    });
    expect(show(noFutures, 'orders-futures')).toBe(true);
    expect(show(noFutures, 'orders-futures-btc')).toBe(false);
  });
  rule('app-download-qr-global-only', 'SPEC §2 Footer app-download QR', () => {
    expect(show(scenario(G, 'anonymous'), 'footer-qr')).toBe(true);
    expect(by(scenario(SUB_SITE.BAHAMAS, 'anonymous'), 'footer-qr')).toEqual(['app-download-qr-global-only']);
  });
  rule('japan-only-sale', 'SPEC §2 Buy crypto /sale (Japan)', () => {
    expect(show(scenario(SUB_SITE.JAPAN, 'anonymous'), 'sale')).toBe(true);
    expect(show(scenario(G, 'anonymous'), 'sale')).toBe(false);
  });

  rule('pay-with-fiat-methods', 'SPEC §2 Buy crypto, §3 currency option', () => {
    const base = scenario(G, 'anonymous');
    expect(show(base, 'buy-card') && show(base, 'buy-bank') && show(base, 'p2p')).toBe(true);
    const none = { ...base, payWith: { creditCard: false, bankTransfer: false, p2p: false } };
    for (const key of ['buy-card', 'buy-bank', 'p2p'])
      expect(by(none, key)).toEqual(['pay-with-fiat-methods']);
    expect(show(none, 'buy-quick')).toBe(true);
    const cardOnly = { ...base, payWith: { creditCard: true, bankTransfer: false, p2p: false } };
    expect([show(cardOnly, 'buy-card'), show(cardOnly, 'buy-bank'), show(cardOnly, 'p2p')]).toEqual([
      true,
      false,
      false,
    ]);
  });
  rule('demo-badge-testnet-only', 'SPEC §1 demo-trade badge', () => {
    expect(show(scenario(SUB_SITE.TESTNET, 'anonymous'), 'demo-trade')).toBe(true);
    expect(by(scenario(G, 'vip'), 'demo-trade')).toEqual(['demo-badge-testnet-only']);
  });
  rule('futures-demo-link-main-site-with-derivatives', 'SPEC §2 External testnet futures demo', () => {
    expect(show(scenario(G, 'anonymous'), 'testnet-futures-demo')).toBe(true);
    expect(show(scenario(SUB_SITE.TESTNET, 'anonymous'), 'testnet-futures-demo')).toBe(false);
    expect(show(scenario(SUB_SITE.UK, 'anonymous'), 'testnet-futures-demo')).toBe(false);
    expect(show({ ...scenario(G, 'anonymous'), compliance: ['derivatives'] }, 'testnet-futures-demo')).toBe(
      false,
    );
  });
  rule('chat-room-logged-in', 'SPEC §2 /groupchat/service', () => {
    expect(show(scenario(G, 'vip'), 'chat-room')).toBe(true);
    expect(by(scenario(G, 'anonymous'), 'chat-room')).toEqual(['chat-room-logged-in']);
  });
  rule('telegram-app-main-site', 'SPEC §2 External Telegram mini-app', () => {
    expect(show(scenario(G, 'anonymous'), 'telegram-app')).toBe(true);
    expect(show(scenario(SUB_SITE.EU, 'anonymous'), 'telegram-app')).toBe(false);
  });
  rule('live-link-site-flags', 'SPEC §2 /live, §6 per-site flags', () => {
    expect(show(scenario(G, 'anonymous'), 'live-link')).toBe(true);
    expect(by(scenario(SUB_SITE.TESTNET, 'anonymous'), 'live-link')).toEqual(['live-link-site-flags']);
    expect(show(scenario(SUB_SITE.EU, 'anonymous'), 'live-link')).toBe(false);
  });

  it('every rule of the policy has a test named after it', () => {
    expect(RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});
