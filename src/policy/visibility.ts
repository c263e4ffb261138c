/**
 * THE visibility policy (SPEC §6, plus the account-mode and Turkey-link rules of §2 and §4): one pure function of
 * (site, user, compliance list, business list, account mode, flags, viewport) that says which menu items and header
 * controls show. Components never check the site themselves; they ask `isVisible(decision, key)`.
 */
import { MAIN_SITE, SUB_SITE } from '../../common/domain/sub-sites.ts';
import {
  BUSINESS_HIDE_PILOT,
  COMPLIANCE_ITEMS,
  FEATURE_ITEMS,
  NO_SOCIAL_SITES,
  REGION_LIMIT_ITEMS,
  SITE_FEATURE_ROWS,
  TURKEY_LINK_MIN_WIDTH_PX,
  UK_LIMIT_FOOTER_ITEMS,
} from './features.ts';
import type { PolicyInput, RuleId, VisibilityDecision } from './types.ts';

/** A rule: its id and the keys it hides for an input. */
export interface Rule {
  id: RuleId;
  hides: (input: PolicyInput) => readonly string[];
}

const PERSONAL = [
  'personal-center',
  'avatar',
  'wallet-menu',
  'order-menu',
  'logout',
  'logout-all',
  'deposit',
  'fund-drawer',
];

/** True in unified account mode: mode is not classic and the account is opened (first_open false). SPEC §4. */
export function isUnifiedMode(input: PolicyInput): boolean {
  return input.accountMode.mode !== 'classic' && !input.accountMode.firstOpen;
}

function siteRows(rule: RuleId): Rule {
  return {
    id: rule,
    hides: (i) =>
      SITE_FEATURE_ROWS.filter((r) => r.rule === rule && r.site === i.site).flatMap((r) =>
        r.features.flatMap((f) => FEATURE_ITEMS[f]),
      ),
  };
}

const when = (cond: boolean, keys: readonly string[]): readonly string[] => (cond ? keys : []);

/** Every rule, in SPEC order. */
export const RULES: readonly Rule[] = [
  {
    id: 'anonymous-sees-login-signup-rewards',
    hides: (i) => when(i.user.isLogin || i.sessionLoading, ['login', 'signup', 'rewards']),
  },
  { id: 'anonymous-hides-notifications', hides: (i) => when(!i.user.isLogin, ['notification']) },
  { id: 'logged-in-only-personal-centre', hides: (i) => when(!i.user.isLogin, PERSONAL) },
  {
    id: 'deposit-main-site-without-compliance-deposit',
    // The wallet menu's fiat deposit is not the drawer: every site shows it, unless compliance hides deposits.
    hides: (i) => [
      ...when(i.site !== MAIN_SITE || i.compliance.includes('deposit'), ['deposit', 'fund-drawer']),
      ...when(i.compliance.includes('deposit'), ['funds-deposit-fiat']),
    ],
  },
  {
    id: 'sub-account-hides-sub-account-management',
    hides: (i) => when(i.site === MAIN_SITE && i.user.isSub, ['profile-sub-accounts']),
  },
  {
    id: 'sub-account-management-needs-white-list',
    hides: (i) => when(!i.user.whiteListShow, ['profile-sub-accounts']),
  },
  siteRows('site-flags'),
  siteRows('us-hides-download'),
  siteRows('testnet-hides-register-logout-accounts'),
  siteRows('eu-hides-web3-search-download-login'),
  siteRows('regional-sites-hide-referral-rewards-futures-margin'),
  siteRows('turkey-hides-funds-management-and-api'),
  {
    id: 'italy-uk-limit-hides-profile-kyc-settings-futures-orders',
    hides: (i) => when(i.flags.isItalyLimit || i.flags.isUKLimit, REGION_LIMIT_ITEMS),
  },
  {
    id: 'italy-limit-hides-footer-main-list',
    hides: (i) => when(i.flags.isItalyLimit, ['footer-main-list']),
  },
  { id: 'uk-limit-hides-footer-links', hides: (i) => when(i.flags.isUKLimit, UK_LIMIT_FOOTER_ITEMS) },
  {
    id: 'business-list-hides-pilot-account-and-orders',
    hides: (i) => when(i.business.includes(BUSINESS_HIDE_PILOT), ['funds-pilot', 'orders-pilot']),
  },
  {
    id: 'portfolio-margin-needs-cross-margin-uid',
    hides: (i) =>
      when(i.site === SUB_SITE.UAE || !(i.crossMarginUid > 1), ['funds-cross-margin', 'orders-cross-margin']),
  },
  {
    id: 'portfolio-mode-hides-option-account',
    hides: (i) => when(i.accountMode.mode === 'portfolio', ['funds-options']),
  },
  {
    id: 'nft-flag-or-compliance-hides-nft',
    hides: (i) => when(i.flags.nftFlag === '1' || i.compliance.includes('nft'), ['nft', 'footer:/nft']),
  },
  {
    id: 'social-icons-hidden-uk-limit-or-regions',
    hides: (i) => when(i.flags.isUKLimit || NO_SOCIAL_SITES.includes(i.site), ['footer-social']),
  },
  { id: 'turkey-shows-compliance-reminder', hides: (i) => when(i.site !== SUB_SITE.TURKEY, ['tr-reminder']) },
  {
    id: 'switch-script-logged-in-main-site',
    hides: (i) => when(!i.user.isLogin || i.site !== MAIN_SITE, ['switch-script']),
  },
  {
    id: 'switch-account-main-not-sub-or-cookie',
    hides: (i) =>
      when(!i.user.isLogin || !((i.site === MAIN_SITE && !i.user.isSub) || i.flags.isSwitchTag), [
        'switch-account',
      ]),
  },
  {
    id: 'turkey-link-is-tr-and-wide',
    hides: (i) => when(!i.isTr || !(i.viewportWidth > TURKEY_LINK_MIN_WIDTH_PX), ['turkey-link']),
  },
  {
    id: 'compliance-list-hides-features',
    hides: (i) => i.compliance.flatMap((key) => COMPLIANCE_ITEMS[key] ?? []),
  },
  {
    id: 'account-mode-classic-or-unified-entries',
    hides: (i) => (isUnifiedMode(i) ? ['funds-margin', 'orders-margin'] : ['funds-unified']),
  },
  {
    id: 'typed-futures-orders-in-unified-with-open-futures',
    hides: (i) =>
      isUnifiedMode(i) && i.accountMode.openFutures
        ? ['orders-futures']
        : ['orders-futures-usdt', 'orders-futures-btc'],
  },
  { id: 'app-download-qr-global-only', hides: (i) => when(i.site !== MAIN_SITE, ['footer-qr']) },
  { id: 'japan-only-sale', hides: (i) => when(i.site !== SUB_SITE.JAPAN, ['sale']) },
  {
    // SPEC §2 Buy crypto, §3 currency option: card and bank entries only when the pay-with fiat supports them, the
    // P2P entry (with its buy/sell hover children) only with p2p.
    id: 'pay-with-fiat-methods',
    hides: (i) =>
      i.payWith
        ? [
            ...when(!i.payWith.creditCard, ['buy-card']),
            ...when(!i.payWith.bankTransfer, ['buy-bank']),
            ...when(!i.payWith.p2p, ['p2p']),
          ]
        : [],
  },
  // SPEC §1 demo-trade badge: the testnet is the demo-trading site, so the badge marks it there and nowhere else.
  { id: 'demo-badge-testnet-only', hides: (i) => when(i.site !== SUB_SITE.TESTNET, ['demo-trade']) },
  {
    // SPEC §2 'External: a testnet site with futures demo': offered on the main site, where futures trade.
    id: 'futures-demo-link-main-site-with-derivatives',
    hides: (i) =>
      when(i.site !== MAIN_SITE || i.compliance.includes('derivatives'), ['testnet-futures-demo']),
  },
  // The chat room (/groupchat/service) is the signed-in user's support chat (SPEC §2 Profile routes).
  { id: 'chat-room-logged-in', hides: (i) => when(!i.user.isLogin, ['chat-room']) },
  // SPEC §2 'External: a Telegram mini-app bot link': the global product; regional entities do not offer it.
  { id: 'telegram-app-main-site', hides: (i) => when(i.site !== MAIN_SITE, ['telegram-app']) },
  siteRows('live-link-site-flags'),
];

/** Runs every rule. Pure; cost is linear in the number of hidden keys. */
export function decideVisibility(input: PolicyInput): VisibilityDecision {
  const hidden: Record<string, RuleId[]> = {};
  for (const rule of RULES) {
    for (const key of rule.hides(input)) {
      const list = (hidden[key] ??= []);
      if (!list.includes(rule.id)) list.push(rule.id);
    }
  }
  const testnet = input.site === SUB_SITE.TESTNET;
  return {
    hidden,
    login: testnet
      ? { kind: 'testnet-authorize', labelKey: 'login.testnetButton' }
      : { kind: 'page', labelKey: 'login.button' },
    footerClickBlocked: input.site === SUB_SITE.EU,
    isSubAccount: input.site === MAIN_SITE && input.user.isSub,
    isUnified: isUnifiedMode(input),
  };
}

/** True when `key` shows under `decision`. */
export function isVisible(decision: VisibilityDecision, key: string): boolean {
  return !(key in decision.hidden);
}

/** The rules that hid `key` (empty when visible). */
export function hiddenBy(decision: VisibilityDecision, key: string): readonly RuleId[] {
  return decision.hidden[key] ?? [];
}
