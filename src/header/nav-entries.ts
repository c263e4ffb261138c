/**
 * Trade and Futures menu entries with their hover market panels (issue 2, SPEC §2 'Trading', 'Derivatives').
 * Data, not components: each entry names its i18n keys, path (without language prefix) and optional panel.
 */
import type { MarketKind, SettleCurrency } from '../../workers/market/contract.ts';

export interface NavEntry {
  key: string;
  testId?: string;
  /** i18n keys in the `nav` namespace. */
  titleKey: string;
  descKey: string;
  path: string;
  /** Market panel shown while this entry is hovered or focused (SPEC §4). */
  panel?: { kind: MarketKind; settle?: SettleCurrency };
}

/** Trade menu (SPEC §2 Trading). */
export const TRADE_ENTRIES: NavEntry[] = [
  {
    key: 'spot',
    testId: 'menu-spot',
    titleKey: 'trade.spot',
    descKey: 'trade.spotDesc',
    path: '/trade/BTC_USDT',
    panel: { kind: 'spot' },
  },
  {
    key: 'margin',
    titleKey: 'trade.margin',
    descKey: 'trade.marginDesc',
    path: '/trade/BTC_USDT?tab=isolated_margin',
  },
  { key: 'convert', titleKey: 'trade.convert', descKey: 'trade.convertDesc', path: '/convert' },
];

/** Futures menu (SPEC §2 Derivatives). */
export const FUTURES_ENTRIES: NavEntry[] = [
  {
    key: 'futures-usdt',
    testId: 'menu-futures-usdt',
    titleKey: 'futures.usdt',
    descKey: 'futures.usdtDesc',
    path: '/futures/USDT/BTC_USDT',
    panel: { kind: 'futures', settle: 'USDT' },
  },
  {
    key: 'futures-btc',
    testId: 'menu-futures-btc',
    titleKey: 'futures.btc',
    descKey: 'futures.btcDesc',
    path: '/futures/BTC/BTC_USD',
    panel: { kind: 'futures', settle: 'BTC' },
  },
  {
    key: 'delivery',
    titleKey: 'futures.delivery',
    descKey: 'futures.deliveryDesc',
    path: '/futures-delivery/USDT',
  },
  { key: 'options', titleKey: 'futures.options', descKey: 'futures.optionsDesc', path: '/options/BTC_USDT' },
];
