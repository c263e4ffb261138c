// A ListRow fixture for the list controller and the stored first window tests.
import type { ListRow } from '../../workers/market/contract';

/** A spot-style row for `symbol` (`BTC_USDT` → label `BTC/USDT`), every other field a plain default or `extra`. */
export const listRow = (symbol: string, extra: Partial<ListRow> = {}): ListRow => ({
  symbol,
  label: symbol.replace('_', '/'),
  sub: '',
  quote: 'USDT',
  href: `/trade/${symbol}`,
  icon: null,
  price: '1.00',
  change: '+1.00%',
  trend: 1,
  volume: '1K',
  leverage: 0,
  isST: false,
  hot: false,
  isNew: false,
  upcoming: false,
  ...extra,
});
