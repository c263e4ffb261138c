/**
 * Trade and Derivatives menus (SPEC §2 'Trading', 'Derivatives'). Entries with `panel` show a market list while
 * hovered (SPEC §4); their test ids (menu-spot, menu-futures-usdt, menu-pilot, menu-premarket) are stable hooks.
 */
import { path, spotLink } from './link.ts';
import type { TopMenu } from './types.ts';

/** Trade menu. */
export const TRADE_MENU: TopMenu = {
  key: 'trade',
  testId: 'nav-trade',
  titleKey: 'trade.title',
  items: [
    { key: 'spot', titleKey: 'trade.spot', descKey: 'trade.spotDesc', link: spotLink(), icon: 'spot', panel: { kind: 'spot' } },
    { key: 'margin', titleKey: 'trade.margin', descKey: 'trade.marginDesc', link: spotLink('?tab=isolated_margin'), icon: 'margin' },
    { key: 'pilot', titleKey: 'trade.pilot', descKey: 'trade.pilotDesc', link: path('/pilot'), icon: 'pilot', badge: 'hot', panel: { kind: 'pilot' } },
    { key: 'premarket', titleKey: 'trade.premarket', descKey: 'trade.premarketDesc', link: path('/premint'), icon: 'premarket', badge: 'new', panel: { kind: 'premarket' } },
    { key: 'convert', titleKey: 'trade.convert', descKey: 'trade.convertDesc', link: path('/convert'), icon: 'convert', badge: 'zeroFee' },
    { key: 'etf', titleKey: 'trade.etf', descKey: 'trade.etfDesc', link: path('/etf'), icon: 'etf' },
    { key: 'copytrading', titleKey: 'trade.copy', descKey: 'trade.copyDesc', link: path('/copytrading'), icon: 'copy' },
    { key: 'bots', titleKey: 'trade.bots', descKey: 'trade.botsDesc', link: path('/crypto-trading-bots'), icon: 'bot' },
  ],
}; // prettier-ignore

/** Derivatives menu. */
export const FUTURES_MENU: TopMenu = {
  key: 'futures',
  testId: 'nav-futures',
  titleKey: 'futures.title',
  items: [
    { key: 'futures-usdt', titleKey: 'futures.usdt', descKey: 'futures.usdtDesc', link: path('/futures/USDT/BTC_USDT'), icon: 'futures', panel: { kind: 'futures', settle: 'USDT' } },
    { key: 'futures-btc', titleKey: 'futures.btc', descKey: 'futures.btcDesc', link: path('/futures/BTC/BTC_USD'), icon: 'coin', panel: { kind: 'futures', settle: 'BTC' } },
    { key: 'delivery', titleKey: 'futures.delivery', descKey: 'futures.deliveryDesc', link: path('/futures-delivery/USDT'), icon: 'delivery' },
    { key: 'options', titleKey: 'futures.options', descKey: 'futures.optionsDesc', link: path('/options/BTC_USDT'), icon: 'options' },
    { key: 'unified', titleKey: 'futures.unified', descKey: 'futures.unifiedDesc', link: path('/unified-trading-account'), icon: 'unified', badge: 'new' },
    { key: 'futures-guide', titleKey: 'futures.guide', descKey: 'futures.guideDesc', link: path('/futures/trading-guide-for-beginners'), icon: 'guide' },
    { key: 'futures-competition', titleKey: 'futures.competition', descKey: 'futures.competitionDesc', link: path('/competition/center/futures'), icon: 'trophy' },
  ],
}; // prettier-ignore
