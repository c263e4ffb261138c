/** Names of the header's line icons (src/ui/Icon.tsx). Types and data only, so menu data can name icons. */
export const ICON_NAMES = [
  'spot', 'margin', 'pilot', 'premarket', 'convert', 'etf', 'copy', 'bot', 'futures', 'coin', 'delivery', 'options',
  'unified', 'guide', 'trophy', 'buy', 'card', 'bank', 'p2p', 'deposit', 'withdraw', 'otc', 'earn', 'staking', 'pool',
  'airdrop', 'gift', 'rocket', 'web3', 'chart', 'repeat', 'loan', 'institution', 'post', 'live', 'news', 'megaphone',
  'calendar', 'blog', 'partner', 'learn', 'help', 'wiki', 'clock', 'fee', 'rank', 'verify', 'vip', 'shield',
  'referral', 'nft', 'shop', 'listing', 'code', 'mobile', 'wallet', 'history', 'statement', 'transfer', 'user', 'kyc',
  'lock', 'coupon', 'api', 'users', 'ticket', 'chat', 'bell', 'search', 'globe', 'logout', 'switch', 'check',
  'duplicate', 'warning', 'close', 'chevron-left', 'chevron-right', 'orders', 'qr', 'sliders',
] as const; // prettier-ignore
export type IconName = (typeof ICON_NAMES)[number];
