/**
 * The message dropdown's three tabs and the notification types each one lists (SPEC §2 'Header elements': Messages
 * dropdown). One table for the client (which types a tab asks for) and the reference server (which types it must
 * cover). Realm-neutral constants only.
 */

/** Tab keys in display order. */
export const NOTICE_TABS = ['platform', 'trade', 'markets'] as const;
export type NoticeTab = (typeof NOTICE_TABS)[number];

/** Notification `type` values per tab, in SPEC §2 order; sent comma-joined as the `type` query parameter. */
export const NOTICE_TAB_TYPES: Readonly<Record<NoticeTab, readonly string[]>> = {
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
};

/** SPEC §9 'notice list size 10': items one tab asks for. */
export const NOTICE_PAGE_SIZE = 10;

/**
 * The keys the link resolver (src/messages/resolve-link.ts) maps to a target, as a `template_id` or as a `type`
 * (SPEC §2 'Message types map to': margin, future, market, invest, startup, strategybot, copytrading, liquidation
 * warnings, invest success, live, posts; 'Notification targets': /myaccount/myfunds/cross_margin). SPEC names the
 * types in words; where it does not spell the key, both spellings seen are accepted (`post`/`posts`,
 * `liquidation_warning`/`loan_liquidation_warning`), and `cross_margin` is our key for the cross-margin target.
 */
export const NOTICE_TARGET_KEYS = {
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
} as const;

/**
 * `template_id` values that name a link target more precisely than the `type` (SPEC §2 'Message types map to':
 * invest, startup, strategybot, copytrading, liquidation warnings, invest success, live, posts). The reference
 * server sends each of them; the link resolver maps them (and the same keys as types, NOTICE_TARGET_KEYS).
 */
export const NOTICE_TEMPLATES = {
  invest: NOTICE_TARGET_KEYS.invest,
  startup: NOTICE_TARGET_KEYS.startup,
  strategybot: NOTICE_TARGET_KEYS.strategybot,
  copytrading: NOTICE_TARGET_KEYS.copytrading,
  liquidationWarning: NOTICE_TARGET_KEYS.loanLiquidationWarning,
  investSuccess: NOTICE_TARGET_KEYS.investSuccess,
  live: NOTICE_TARGET_KEYS.live,
  post: NOTICE_TARGET_KEYS.post,
} as const;
