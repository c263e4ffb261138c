/**
 * Inputs and output of the visibility policy (SPEC §6, ARCHITECTURE.md 'Menus are data; visibility is one policy').
 * Pure types. Item keys are menu item keys (src/menus/) plus the keys of the header controls the rules decide on
 * ('login', 'deposit', 'switch-account', 'footer-qr', …: src/policy/visibility.ts).
 */
import type { SubSiteId } from '../../common/domain/sub-sites.ts';

/** Account modes (SPEC §3 'Account mode'). */
export type AccountModeName = 'classic' | 'single_currency' | 'multi_currency' | 'portfolio';

/** Everything the policy decides from. Build it with `policyInput` (src/policy/input.ts) or by hand in tests. */
export interface PolicyInput {
  site: SubSiteId;
  user: {
    isLogin: boolean;
    /** `is_sub === 1` from user info; the policy only honours it on the main site (SPEC §6). */
    isSub: boolean;
    whiteListShow: boolean;
  };
  /** True while the session is still loading and a session cookie hints a login (SPEC §4 login buttons). */
  sessionLoading: boolean;
  /** Compliance menu list: keys of hidden features (SPEC §3). */
  compliance: readonly string[];
  /** Compliance `limit.is_tr`. */
  isTr: boolean;
  /** Business list (may contain `button_pilot_account`). */
  business: readonly string[];
  accountMode: {
    mode: AccountModeName;
    firstOpen: boolean;
    /** An open USDT futures contract in the unified account (`settings.usdt_futures`). */
    openFutures: boolean;
  };
  /** Cross-margin `crossMarginUid` (0 when unknown). */
  crossMarginUid: number;
  flags: {
    isUKLimit: boolean;
    isItalyLimit: boolean;
    /** NFT flag: '1' hides the NFT link. */
    nftFlag: string;
    /** `is_switch_tag` cookie present. */
    isSwitchTag: boolean;
  };
  /** Window width, px. */
  viewportWidth: number;
  /** Methods of the pay-with fiat (SPEC §3 currency option); absent = not known yet, every method shown. */
  payWith?: { creditCard: boolean; bankTransfer: boolean; p2p: boolean };
}

/** Names of the policy's rules; every rule has a test named after it (tests/policy/). */
export type RuleId =
  | 'anonymous-sees-login-signup-rewards'
  | 'anonymous-hides-notifications'
  | 'logged-in-only-personal-centre'
  | 'deposit-main-site-without-compliance-deposit'
  | 'sub-account-hides-sub-account-management'
  | 'sub-account-management-needs-white-list'
  | 'site-flags'
  | 'us-hides-download'
  | 'testnet-hides-register-logout-accounts'
  | 'eu-hides-web3-search-download-login'
  | 'regional-sites-hide-referral-rewards-futures-margin'
  | 'turkey-hides-funds-management-and-api'
  | 'italy-uk-limit-hides-profile-kyc-settings-futures-orders'
  | 'italy-limit-hides-footer-main-list'
  | 'uk-limit-hides-footer-links'
  | 'business-list-hides-pilot-account-and-orders'
  | 'portfolio-margin-needs-cross-margin-uid'
  | 'portfolio-mode-hides-option-account'
  | 'nft-flag-or-compliance-hides-nft'
  | 'social-icons-hidden-uk-limit-or-regions'
  | 'turkey-shows-compliance-reminder'
  | 'switch-script-logged-in-main-site'
  | 'switch-account-main-not-sub-or-cookie'
  | 'turkey-link-is-tr-and-wide'
  | 'compliance-list-hides-features'
  | 'account-mode-classic-or-unified-entries'
  | 'typed-futures-orders-in-unified-with-open-futures'
  | 'app-download-qr-global-only'
  | 'japan-only-sale'
  | 'pay-with-fiat-methods'
  | 'demo-badge-testnet-only'
  | 'futures-demo-link-main-site-with-derivatives'
  | 'chat-room-logged-in'
  | 'telegram-app-main-site'
  | 'live-link-site-flags';

/** What the policy decided. Plain data (safe to keep in a memo or log). */
export interface VisibilityDecision {
  /** Hidden keys → the rules that hid them. A key not present is visible. */
  hidden: Readonly<Record<string, readonly RuleId[]>>;
  /** Testnet logs in through its authorize flow with its own label (SPEC §6). */
  login: { kind: 'page' | 'testnet-authorize'; labelKey: 'login.button' | 'login.testnetButton' };
  /** EU footer links intercept clicks with a blocking action (SPEC §6). */
  footerClickBlocked: boolean;
  /** Sub-account as the policy sees it (main site only). */
  isSubAccount: boolean;
  /** Unified account mode (mode not classic and first_open false). */
  isUnified: boolean;
}
