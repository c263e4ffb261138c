// The feature tables of the visibility policy (src/policy/features.ts) against the rules they implement: every
// compliance key of SPEC §3 hides its product's entries, the Italy and whole-UK limits hide the SPEC §6 list, and the
// testnet hides its accounts, orders and site flags. The expected lists are written out here (docs/PRODUCT.md §6
// documents them), so dropping an entry from a table fails a test.
import { describe, expect, it } from 'vitest';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { decideVisibility, hiddenBy, isVisible } from '../../src/policy/visibility.ts';
import { scenario } from './fixtures.ts';

const G = SUB_SITE.GLOBAL;

/** SPEC §3 compliance keys → the entries each must hide (header, drawer, wallet and order menus, footer). */
const COMPLIANCE: Record<string, string[]> = {
  ventures: ['footer:/ventures'],
  credit_paywith_card: ['buy-card'],
  bank_card: ['buy-bank'],
  spot_trade: ['spot'],
  derivatives: [
    'futures-usdt', 'futures-btc', 'delivery', 'options', 'unified', 'futures-guide', 'futures-competition',
    'funds-futures', 'funds-options', 'orders-futures', 'orders-futures-usdt', 'orders-futures-btc', 'orders-delivery',
    'footer:/futures_center',
  ],
  margin_etf_trade: ['margin', 'etf', 'funds-margin', 'orders-margin', 'footer:/etf'],
  startup: ['launchpad', 'launchpool', 'hodler-airdrop', 'candy-drop'],
  nft: ['nft', 'footer:/nft'],
  gatepay: ['funds-payment', 'orders-payment', 'footer:/gatepay'],
  gate_otc: ['otc', 'footer:/otc'],
  gate_card: ['card', 'footer:/card'],
  gate_shop: ['shop', 'footer:/shop'],
  vip_service: ['vip', 'institution', 'footer:/vip'],
  latest_news: ['live-news', 'announcements', 'hot-news'],
  help_center: ['help', 'footer:/help'],
  fiat_trade: [
    'buy-crypto', 'buy-quick', 'sale', 'p2p', 'deposit-fiat', 'funds-deposit-fiat', 'withdraw-fiat', 'deposit-buy',
    'deposit-p2p', 'orders-p2p', 'c2c-loan',
  ],
  affiliate: ['affiliate', 'footer:/referral/affiliate'],
  learn: ['learn', 'bitwiki', 'footer:/learn'],
}; // prettier-ignore

describe('compliance keys hide their entries (SPEC §3 compliance check, §6)', () => {
  it.each(Object.entries(COMPLIANCE))('%s', (key, entries) => {
    const input = scenario(G, 'vip', { compliance: { menu_list: [key], limit: { is_tr: false } } });
    const decision = decideVisibility(input);
    for (const entry of entries)
      expect(hiddenBy(decision, entry), entry).toContain('compliance-list-hides-features');
    // … and only those: the same entries show without the key.
    const without = decideVisibility(
      scenario(G, 'vip', { compliance: { menu_list: [], limit: { is_tr: false } } }),
    );
    for (const entry of entries)
      expect(hiddenBy(without, entry), entry).not.toContain('compliance-list-hides-features');
  });
});

describe('Italy and whole-UK limits (SPEC §6: profile, KYC, settings, futures and many order entries)', () => {
  const LIMITED = [
    'profile-info', 'profile-kyc', 'profile-security', 'futures-usdt', 'futures-btc', 'delivery', 'options',
    'funds-futures', 'funds-options', 'orders-futures', 'orders-futures-usdt', 'orders-futures-btc', 'orders-delivery',
    'orders-margin', 'orders-cross-margin', 'orders-p2p', 'orders-earn', 'orders-bots', 'orders-payment',
  ]; // prettier-ignore
  it.each(['italy', 'uk'] as const)('%s persona', (persona) => {
    const decision = decideVisibility(scenario(G, persona));
    for (const entry of LIMITED)
      expect(hiddenBy(decision, entry), entry).toContain(
        'italy-uk-limit-hides-profile-kyc-settings-futures-orders',
      );
    expect(isVisible(decideVisibility(scenario(G, 'vip')), 'profile-kyc')).toBe(true);
  });
});

describe('testnet (SPEC §6: no registration or log-out, many accounts and orders, its own site flags)', () => {
  const decision = decideVisibility(scenario(SUB_SITE.TESTNET, 'vip'));
  it('hides its account and order list', () => {
    const entries = [
      'funds-margin', 'funds-options', 'funds-quant', 'funds-earn', 'funds-payment', 'funds-cross-margin', 'funds-pilot',
      'funds-bot', 'funds-points', 'funds-proof', 'funds-statement', 'orders-margin', 'orders-cross-margin',
      'orders-pilot', 'orders-p2p', 'orders-convert', 'orders-earn', 'orders-payment', 'orders-bots',
      'profile-sub-accounts', 'profile-coupons', 'signup', 'logout', 'logout-all',
    ]; // prettier-ignore
    for (const entry of entries) expect(isVisible(decision, entry), entry).toBe(false);
  });
  it('hides deposit, withdraw, OTC, Web3, download, referral, rewards, language, exchange rate, notifications', () => {
    const entries = [
      'deposit', 'fund-drawer', 'funds-deposit-fiat', 'withdraw', 'transfer', 'withdraw-fiat', 'transfer-internal',
      'otc', 'web3', 'web3-airdrop', 'download', 'mobileapp', 'footer-qr', 'referral', 'profile-referral', 'affiliate',
      'rewards', 'rewards-hub', 'language', 'exchange-rate', 'notification',
    ]; // prettier-ignore
    for (const entry of entries) expect(isVisible(decision, entry), entry).toBe(false);
    expect(isVisible(decideVisibility(scenario(G, 'vip')), 'rewards-hub')).toBe(true);
  });
});
