/**
 * The top navigation's shells (SPEC §2 'Header and top navigation', ARCHITECTURE.md 'Menus are data; visibility is one policy'): per top menu, what the
 * closed header needs and nothing more — the trigger (key, test id, title) and the keys of the menu's items as a tree
 * (groups with their children's keys), so the header can ask the visibility policy (src/policy, the one source of
 * truth) whether a menu shows at all, plus the keys of the entries with a market panel (the first intent on such a
 * menu warms the market engine). The items themselves (titles, links, icons, badges, panels, hover children) are
 * declared in ./trade.ts, ./buy-earn.ts and ./more.ts and load with the menus' content (./top-menu-data.ts);
 * tests/menus/top-menus.test.ts keeps these key trees equal to that data.
 */
/** An item's key, and its children's keys when it is a group (src/policy/filter-menu.ts walks it). */
export interface MenuKeyNode {
  key: string;
  children?: readonly MenuKeyNode[];
}

/** A top menu as the closed header sees it. */
export interface TopMenuShell {
  key: string;
  testId: string;
  titleKey: string;
  items: readonly MenuKeyNode[];
  /** Keys of top-level items with a market panel (SPEC §4). */
  panelKeys: readonly string[];
}

const keys = (...list: string[]): MenuKeyNode[] => list.map((key) => ({ key }));

/** The top menus, in order. */
export const TOP_MENU_SHELLS: readonly TopMenuShell[] = [
  {
    key: 'trade',
    testId: 'nav-trade',
    titleKey: 'trade.title',
    items: keys('spot', 'margin', 'pilot', 'premarket', 'convert', 'etf', 'copytrading', 'bots'),
    panelKeys: ['spot', 'pilot', 'premarket'],
  },
  {
    key: 'futures',
    testId: 'nav-futures',
    titleKey: 'futures.title',
    items: keys('futures-usdt', 'futures-btc', 'delivery', 'options', 'unified', 'futures-guide', 'futures-competition'),
    panelKeys: ['futures-usdt', 'futures-btc'],
  },
  {
    key: 'buy',
    testId: 'nav-buy',
    titleKey: 'buy.title',
    items: keys('buy-crypto', 'buy-quick', 'sale', 'buy-card', 'buy-bank', 'p2p', 'otc', 'card', 'buy-guide'),
    panelKeys: [],
  },
  {
    key: 'earn',
    testId: 'nav-earn',
    titleKey: 'earn.title',
    items: keys('simple-earn', 'staking', 'staking-gt', 'eth2', 'hodl', 'launchpool', 'hodler-airdrop', 'candy-drop',
      'launchpad', 'web3-airdrop', 'structured', 'dual', 'auto-invest', 'cryptoloan', 'c2c-loan', 'quant-fund', 'wealth'),
    panelKeys: [],
  },
  {
    key: 'more',
    testId: 'nav-more',
    titleKey: 'more.title',
    items: [
      { key: 'group-community', children: keys('post', 'live', 'live-news', 'announcements', 'calendar', 'blog',
        'upcoming-event', 'brand-partnerships', 'competition', 'wctc') },
      { key: 'group-learn', children: keys('learn', 'help', 'bitwiki', 'price', 'hot-news', 'eth-upgrade', 'halving',
        'fee', 'rank', 'officialverify') },
      { key: 'group-services', children: keys('vip', 'institution', 'proof-of-reserves', 'referral', 'affiliate',
        'rewards-hub', 'shop', 'mobileapp') },
      { key: 'group-ecosystem', children: keys('gt', 'usdg', 'web3', 'nft', 'crosschain', 'listing', 'grants',
        'developers') },
    ],
    panelKeys: [],
  },
]; // prettier-ignore
