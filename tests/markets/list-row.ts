// Fixtures for the list controller, query client and stored first window tests: a ListRow and a list's inputs.
import type { ListRow } from '../../workers/market/contract';
import type { MarketListParams } from '../../src/markets/list-query.ts';

/** A spot list's inputs for `term` (no tab, 24h, own prices), any field overridden by `extra`. */
export const listParams = (term: string, extra: Partial<MarketListParams> = {}): MarketListParams => ({
  kind: 'spot',
  tab: '',
  term,
  period: '24h',
  fiat: null,
  ...extra,
});

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
