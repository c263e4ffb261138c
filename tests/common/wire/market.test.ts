// The market wire schemas (common/wire/market.ts): SPEC §3 rows (spot pair, futures contract, pilot token,
// pre-market coin), SPEC §7 tabs, and the compact pilot list (`format=columns`, docs/API.md) column by column —
// each column's types, lengths and dictionary indexes, so a malformed column never reaches the engine (SPEC §8).
import { describe, expect, it } from 'vitest';
import {
  ContractWire,
  PilotColumnsWire,
  PilotMarketsWire,
  PilotRowWire,
  PreMarketListWire,
  PreMarketRowWire,
  SpotMarketsWire,
  SpotRowWire,
  TAB_MARKETS,
  TabMenuWire,
  withRowsUnchecked,
} from '../../../common/wire/market.ts';

type Columns = Record<string, unknown>;

/** Three valid tokens as columns: plain text, a de-duplicated icon column, categories always de-duplicated. */
const pilot = (): { cate: string; n: number; columns: Columns } => ({
  cate: 'hot,new',
  n: 3,
  columns: {
    name: ['Pippin', 'Bonk', 'Wif'],
    address: ['A1', 'B2', 'C3'],
    show_pair: ['PIPPIN/SOL', 'BONK/SOL', 'WIF/SOL'],
    icon: { dict: [null, 'https://static.exchange.example/a.png'], index: [0, 1, 1] },
    seo_path: ['pippin', 'bonk', 'wif'],
    is_hot: [1, 0, 1],
    price: ['0.1', '0.00002', '1.5'],
    change_percentage: [1.5, null, -3],
    volume_24h: [100, 2000, null],
    categories: { dict: [['hot'], ['hot', 'new'], []], index: [1, 0, 2] },
  },
});

/** The pilot wire with `change` applied to its columns; null when it does not parse, with the issues' messages. */
function check(change: (c: Columns, w: ReturnType<typeof pilot>) => void) {
  const w = pilot();
  change(w.columns, w);
  const r = PilotColumnsWire.safeParse(w);
  return r.success
    ? { ok: true as const }
    : { ok: false as const, messages: r.error.issues.map((i) => i.message) };
}

describe('compact pilot list (docs/API.md format=columns): a well-formed list', () => {
  it('parses as sent, with null icons, null numbers and an empty category list', () => {
    const w = pilot();
    expect(PilotColumnsWire.parse(w)).toEqual(w);
  });

  it('an empty list (n 0, every column empty) parses', () => {
    const empty = {
      cate: '',
      n: 0,
      columns: Object.fromEntries(
        Object.keys(pilot().columns).map((k) => [k, k === 'categories' ? { dict: [], index: [] } : []]),
      ),
    };
    expect(PilotColumnsWire.safeParse(empty).success).toBe(true);
  });

  it('every text column may come plain or de-duplicated; a dictionary may be longer or shorter than n', () => {
    for (const key of ['name', 'address', 'show_pair', 'seo_path', 'price']) {
      expect(check((c) => (c[key] = { dict: ['x'], index: [0, 0, 0] })).ok, key).toBe(true);
      expect(check((c) => (c[key] = ['x', 'y', 'z'])).ok, key).toBe(true);
    }
    expect(check((c) => (c.icon = [null, 'a', null])).ok).toBe(true);
    expect(check((c) => (c.categories = { dict: [[], [], [], ['x']], index: [3, 3, 3] })).ok).toBe(true);
  });
});

describe('compact pilot list: each malformed column is rejected (SPEC §8: the list falls back)', () => {
  const TEXT = ['name', 'address', 'show_pair', 'seo_path', 'price'];

  it('a text column with a number, a null or an object in any row (first, middle, last)', () => {
    for (const key of TEXT)
      for (const row of [0, 1, 2])
        for (const bad of [7, null, {}]) {
          expect(check((c) => ((c[key] as unknown[])[row] = bad)).ok, `${key}[${row}] = ${bad}`).toBe(false);
          expect(
            check((c) => (c[key] = { dict: ['a', 'b', bad].slice(2 - row), index: [0, 0, 0] })).ok,
            `${key} dict`,
          ).toBe(false);
        }
  });

  it('a nullable text column (icons) with a number in any row, plain or in its dictionary', () => {
    for (const row of [0, 1, 2]) {
      expect(check((c) => (c.icon = (['a', null, 'b'] as unknown[]).with(row, 5))).ok).toBe(false);
      expect(
        check((c) => (c.icon = { dict: (['a', null, 'b'] as unknown[]).with(row, 5), index: [0, 1, 2] })).ok,
      ).toBe(false);
    }
  });

  it('a number column with a string, a boolean or an object in any row', () => {
    for (const key of ['change_percentage', 'volume_24h'])
      for (const row of [0, 1, 2])
        for (const bad of ['12', true, {}])
          expect(check((c) => ((c[key] as unknown[])[row] = bad)).ok, `${key}[${row}]`).toBe(false);
  });

  it('a flag column with anything but 0 or 1 in any row', () => {
    for (const row of [0, 1, 2])
      for (const bad of [2, -1, true, '1', null])
        expect(check((c) => ((c.is_hot as unknown[])[row] = bad)).ok, `is_hot[${row}] = ${bad}`).toBe(false);
  });

  it('a column that is not an array or a {dict, index} pair', () => {
    for (const key of [...TEXT, 'icon', 'change_percentage', 'volume_24h', 'is_hot', 'categories'])
      for (const bad of ['abc', 3, null, { dict: [] }, { index: [] }])
        expect(check((c) => (c[key] = bad)).ok, `${key} = ${JSON.stringify(bad)}`).toBe(false);
  });

  it('a category list column that is plain, or whose dictionary holds a non-list or a list with a non-string', () => {
    expect(check((c) => (c.categories = [['hot'], [], []])).ok).toBe(false);
    expect(check((c) => (c.categories = { dict: 'hot', index: [0, 0, 0] })).ok).toBe(false);
    for (const entry of ['hot', null, [1], ['hot', 2]])
      expect(check((c) => (c.categories = { dict: [['hot'], entry], index: [0, 0, 1] })).ok).toBe(false);
  });

  it('a dictionary index out of range, negative, fractional or not a number', () => {
    for (const bad of [2, 3, -1, 0.5, 1.5, '1', NaN]) {
      const r = check((c) => (c.seo_path = { dict: ['a', 'b'], index: [0, bad, 1] }));
      expect(r.ok, `index ${bad}`).toBe(false);
    }
    expect(check((c) => (c.seo_path = { dict: ['a', 'b'], index: [0, 1, 1] })).ok).toBe(true);
    expect(check((c) => (c.seo_path = { dict: ['a', 'b'], index: [0, 1, 2] }))).toEqual({
      ok: false,
      messages: ['dictionary index out of range'],
    });
    expect(check((c) => (c.categories = { dict: [['a']], index: [0, 0, 1] }))).toEqual({
      ok: false,
      messages: ['dictionary index out of range'],
    });
  });

  it('a column one row short or long (plain or dictionary), whichever column it is', () => {
    for (const key of Object.keys(pilot().columns)) {
      const short = check((c) => {
        const col = c[key] as unknown[] | { index: number[] };
        if (Array.isArray(col)) col.pop();
        else col.index.pop();
      });
      expect(short, key).toEqual({ ok: false, messages: ['every column must hold n rows'] });
    }
    expect(check((c) => (c.price as string[]).push('1')).ok).toBe(false);
    expect(check((_c, w) => (w.n = 4)).ok).toBe(false);
    expect(check((_c, w) => (w.n = 2)).ok).toBe(false);
  });

  it('n not a whole non-negative number; a missing column; columns or cate missing', () => {
    for (const n of [1.5, -1, NaN, Infinity, '3', null])
      expect(check((_c, w) => (w.n = n as number)).ok).toBe(false);
    for (const key of Object.keys(pilot().columns)) expect(check((c) => delete c[key]).ok, key).toBe(false);
    expect(check((_c, w) => delete (w as Partial<typeof w>).columns).ok).toBe(false);
    expect(check((_c, w) => delete (w as Partial<typeof w>).cate).ok).toBe(false);
  });
});

const spot = {
  pair: 'BTC_USDT',
  name: 'Bitcoin',
  rate: '65000.1',
  rate_percent: '-1.25',
  volume: '123456',
  multiple: 10,
  categories: ['USDT'],
  opening_time: 0,
  isST: false,
};
const contract = {
  name: 'BTC_USDT',
  settle: 'usdt',
  coin_name: 'BTC',
  categories: [],
  is_tag_st: false,
  last_price: '65000',
  change_percentage: '1.2',
  volume_24h_quote: '99',
  leverage_max: 100,
};
const token = {
  name: 'Pippin',
  address: 'A1',
  show_pair: 'PIPPIN/SOL',
  seo_path: 'pippin',
  is_hot: true,
  price: '0.1',
  change_percentage: '2',
  volume_24h: '10',
  categories: ['hot'],
};

describe('SPEC §3 market rows', () => {
  it('a spot pair: the required fields, a non-empty pair, optional icon null or missing', () => {
    expect(SpotRowWire.parse(spot)).toEqual(spot);
    expect(
      SpotRowWire.safeParse({ ...spot, icon: null, credit: true, link: '/trade/BTC_USDT' }).success,
    ).toBe(true);
    expect(SpotRowWire.safeParse({ ...spot, pair: '' }).success).toBe(false);
    for (const key of Object.keys(spot)) {
      const { [key]: _, ...rest } = spot as Record<string, unknown>;
      expect(SpotRowWire.safeParse(rest).success, key).toBe(false);
    }
    expect(SpotRowWire.safeParse({ ...spot, rate: 65000 }).success).toBe(false);
    expect(SpotMarketsWire.safeParse({ server_time: 1, list: [spot] }).success).toBe(true);
    expect(SpotMarketsWire.safeParse({ list: [spot] }).success).toBe(false);
    expect(SpotMarketsWire.safeParse({ server_time: 1, list: [{ ...spot, pair: '' }] }).success).toBe(false);
  });

  it('a futures contract settles in usdt or btc (either case) and nothing else', () => {
    for (const settle of ['usdt', 'btc', 'USDT', 'BTC'])
      expect(ContractWire.safeParse({ ...contract, settle }).success, settle).toBe(true);
    for (const settle of ['usd', 'eth', 'Usdt', ''])
      expect(ContractWire.safeParse({ ...contract, settle }).success).toBe(false);
    expect(ContractWire.safeParse({ ...contract, name: '' }).success).toBe(false);
    expect(ContractWire.safeParse({ ...contract, leverage_max: '100' }).success).toBe(false);
    expect(ContractWire.parse(contract)).toEqual(contract);
  });

  it('a pilot token needs a non-empty address; the list needs its tab keys', () => {
    expect(PilotRowWire.parse(token)).toEqual(token);
    expect(PilotRowWire.safeParse({ ...token, address: '' }).success).toBe(false);
    expect(PilotRowWire.safeParse({ ...token, is_hot: 1 }).success).toBe(false);
    expect(PilotMarketsWire.safeParse({ cate: 'hot', list: [token] }).success).toBe(true);
    expect(PilotMarketsWire.safeParse({ list: [token] }).success).toBe(false);
  });

  it('a pre-market coin needs a non-empty currency; price may be null; the page total is optional', () => {
    expect(PreMarketRowWire.parse({ currency: 'ABC', price: null })).toEqual({
      currency: 'ABC',
      price: null,
    });
    expect(PreMarketRowWire.safeParse({ currency: '' }).success).toBe(false);
    expect(PreMarketRowWire.safeParse({ currency: 'ABC', tags: 'hot' }).success).toBe(false);
    expect(PreMarketListWire.parse({ list: [{ currency: 'ABC' }], total: 1 })).toEqual({
      list: [{ currency: 'ABC' }],
      total: 1,
    });
    expect(PreMarketListWire.safeParse({ list: [{ currency: 'ABC' }], total: '1' }).success).toBe(false);
  });
});

describe('SPEC §7 tabs and unchecked row lists', () => {
  it('a tab menu is for one of the four lists, with key and name per tab', () => {
    expect(TAB_MARKETS).toEqual(['spot', 'futures', 'pilot', 'premarket']);
    for (const market of TAB_MARKETS)
      expect(TabMenuWire.parse({ market, tabs: [{ key: 'ALL', name: 'All' }] })).toEqual({
        market,
        tabs: [{ key: 'ALL', name: 'All' }],
      });
    expect(TabMenuWire.safeParse({ market: 'margin', tabs: [] }).success).toBe(false);
    expect(TabMenuWire.safeParse({ market: 'spot', tabs: [{ key: 'ALL' }] }).success).toBe(false);
  });

  it('withRowsUnchecked keeps the wrapper checked and leaves its list to the row-by-row check', () => {
    const Wrapper = withRowsUnchecked(SpotMarketsWire);
    expect(Wrapper.parse({ server_time: 5, list: [{ junk: 1 }] })).toEqual({
      server_time: 5,
      list: [{ junk: 1 }],
    });
    expect(Wrapper.safeParse({ server_time: 5, list: 'x' }).success).toBe(true);
    expect(Wrapper.safeParse({ list: [] }).success).toBe(false);
  });
});
