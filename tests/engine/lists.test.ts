// Per-list search and listing rules: pilot (SPEC §5 show_pair or address), pre-market (currency), tabs, NEWLISTED
// (SPEC §3 upcoming first), and the rows the panels draw (SPEC §9 labels, short addresses, links).
import { describe, expect, it } from 'vitest';
import { envelope, preMarketList, realPilot, spotRow, tabMenus } from '../fixtures/market-wire.ts';
import type { SpotRowWire } from '../../common/wire/market.ts';
import {
  allRows,
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  ok,
  PATHS,
  qid,
  TEST_CONFIG,
  topLabels,
} from './harness.ts';

async function engineWith(
  set: (routes: ReturnType<typeof defaultRoutes>) => void = () => {},
  config = TEST_CONFIG,
) {
  const routes = defaultRoutes();
  set(routes);
  const { engine } = createTestEngine(createFakeServer(routes));
  await engine.init(config);
  return engine;
}
const withSpot = (rows: SpotRowWire[]) => (r: ReturnType<typeof defaultRoutes>) =>
  r.set(PATHS.spot, ok(envelope({ server_time: 1, list: rows })));

describe('pilot search (SPEC §5: show_pair or address)', () => {
  const pippin = 'Dfh5DzRgSvvCFDoYc2ciTkMrbDfRKybA4SoFbPmApump';

  it('matches show_pair case-insensitively, ticker first', async () => {
    const { labels } = await topLabels(await engineWith(), { kind: 'pilot', tab: '', term: 'PIPPIN' }, 3);
    expect(labels[0]).toBe('PIPPIN/SOL');
  });

  it('matches an address by case-insensitive prefix', async () => {
    const { rows } = await topLabels(await engineWith(), { kind: 'pilot', tab: '', term: 'dfh5dzrg' });
    expect(rows.map((r) => r.symbol)).toEqual([pippin]);
  });

  it('matches an address by contained part', async () => {
    const { rows } = await topLabels(await engineWith(), { kind: 'pilot', tab: '', term: 'RKYBA4SOFB' });
    expect(rows.map((r) => r.symbol)).toEqual([pippin]);
  });

  it('ranks a show_pair match above an address-only match', async () => {
    const { rows } = await topLabels(await engineWith(), { kind: 'pilot', tab: '', term: 'pump' }, 2);
    expect(rows[0]!.label.toLowerCase()).toContain('pump');
  });

  it('draws the address as first 4 + … + last 4 and links /pilot/{seo_path} (SPEC §9)', async () => {
    const { rows } = await topLabels(await engineWith(), { kind: 'pilot', tab: '', term: 'pippin' }, 1);
    expect(rows[0]).toMatchObject({
      sub: 'Dfh5…pump',
      href: `/pilot/sol/${pippin}`,
      symbol: pippin,
      quote: '',
    });
  });

  it('filters by a pilot tab when there is no term', async () => {
    const engine = await engineWith();
    const id = qid();
    const res = await engine.query({ id, kind: 'pilot', tab: 'new', term: '' });
    expect(res.total).toBe(realPilot().list.filter((r) => r.categories.includes('new')).length);
  });
});

describe('pre-market search (SPEC §5: currency)', () => {
  const routes = (r: ReturnType<typeof defaultRoutes>) => {
    r.set(PATHS.premint, ok(envelope(preMarketList(['ALPHA', 'ZETA']))));
    r.set(PATHS.preMarket, ok(envelope(preMarketList(['ALPHABET', 'BETA']))));
  };

  it('matches the currency: equal first, then prefix; links by list', async () => {
    const { rows } = await topLabels(await engineWith(routes), { kind: 'premarket', tab: '', term: 'alpha' });
    expect(rows.map((r) => [r.label, r.href, r.group])).toEqual([
      ['ALPHA', '/trade/ALPHA_USDT', 'premint'],
      ['ALPHABET', '/pre-market/ALPHABET', 'pre_market'],
    ]);
  });

  it('does not match the full name', async () => {
    const r = (x: ReturnType<typeof defaultRoutes>) =>
      x.set(PATHS.premint, ok(envelope(preMarketList(['BTC'])))) && routes(x);
    expect(
      (await topLabels(await engineWith(r), { kind: 'premarket', tab: '', term: 'bitcoin' })).res.total,
    ).toBe(0);
  });

  it('lists one group per tab (premint, pre_market)', async () => {
    const engine = await engineWith(routes);
    const premint = await topLabels(engine, { kind: 'premarket', tab: 'premint', term: '' });
    expect(premint.labels).toEqual(['ALPHA', 'ZETA']);
    const pre = await topLabels(engine, { kind: 'premarket', tab: 'pre_market', term: '' });
    expect(pre.labels).toEqual(['ALPHABET', 'BETA']);
  });
});

describe('listing without a term (SPEC §5)', () => {
  it("lists the tab's rows by volume in USDT, descending", async () => {
    const engine = await engineWith(
      withSpot([
        spotRow('AAA_USDT', 5),
        spotRow('BBB_USDT', 50),
        spotRow('CCC_BTC', 1, { categories: ['BTC'] }),
        spotRow('DDD_USDT', 500),
      ]),
    );
    expect((await topLabels(engine, { kind: 'spot', tab: 'USDT', term: '' })).labels).toEqual([
      'DDD/USDT',
      'BBB/USDT',
      'AAA/USDT',
    ]);
    expect((await topLabels(engine, { kind: 'spot', tab: 'ALL', term: '' })).res.total).toBe(4);
  });

  it('puts upcoming listings first in NEWLISTED, soonest first (SPEC §3)', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const engine = await engineWith(
      withSpot([
        spotRow('OLD_USDT', 1e6, { categories: ['USDT', 'NEWLISTED'], opening_time: nowS - 3600 }),
        spotRow('LATER_USDT', 0, { categories: ['USDT', 'NEWLISTED'], opening_time: nowS + 7200 }),
        spotRow('SOON_USDT', 0, { categories: ['USDT', 'NEWLISTED'], opening_time: nowS + 600 }),
        spotRow('MID_USDT', 1e3, { categories: ['USDT', 'NEWLISTED'], opening_time: nowS - 60 }),
        spotRow('OTHER_USDT', 1e9),
      ]),
    );
    const { rows } = await topLabels(engine, { kind: 'spot', tab: 'NEWLISTED', term: '' });
    expect(rows.map((r) => r.label)).toEqual(['SOON/USDT', 'LATER/USDT', 'OLD/USDT', 'MID/USDT']);
    expect(rows.map((r) => r.upcoming)).toEqual([true, true, false, false]);
  });

  it('windows every row exactly once', async () => {
    const engine = await engineWith();
    const id = qid();
    const res = await engine.query({ id, kind: 'pilot', tab: '', term: '' });
    const rows = await allRows(engine, id);
    expect(rows).toHaveLength(res.total);
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(res.total);
  });
});

describe('rows for the panels (SPEC §3, §9)', () => {
  it('upper-cases BASE/QUOTE and links spot under the language prefix', async () => {
    const engine = await engineWith(withSpot([spotRow('btc_usdt', 1, { isST: true, multiple: 10 })]), {
      ...TEST_CONFIG,
      langPrefix: '/zh',
    });
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: 'btc' });
    expect(rows[0]).toMatchObject({
      label: 'BTC/USDT',
      symbol: 'btc_usdt',
      href: '/zh/trade/BTC_USDT',
      isST: true,
      leverage: 10,
      quote: 'USDT',
    });
  });

  it('links futures as /futures/{SETTLE}/{PAIR} for both settle lists', async () => {
    const engine = await engineWith();
    const usdt = await topLabels(engine, { kind: 'futures', tab: '', term: 'btc' }, 1);
    expect(usdt.rows[0]).toMatchObject({ href: '/futures/USDT/BTC_USDT', quote: 'USDT', label: 'BTC/USDT' });
    const btc = await topLabels(engine, { kind: 'futures', tab: '', term: 'btc', settle: 'BTC' }, 1);
    expect(btc.rows[0]).toMatchObject({ href: '/futures/BTC/BTC_USD', quote: 'BTC', label: 'BTC/USD' });
  });

  it('reads a futures tab named after a settle currency as that settle list', async () => {
    const engine = await engineWith();
    const btc = await topLabels(engine, { kind: 'futures', tab: 'BTC', term: '', settle: 'USDT' }, 2);
    expect(btc.labels).toEqual(['BTC/USD', 'ETH/USD']);
    expect(btc.res.total).toBe(4);
    const usdt = await topLabels(engine, { kind: 'futures', tab: 'USDT', term: '', settle: 'BTC' }, 1);
    expect(usdt.rows[0]!.quote).toBe('USDT');
  });

  it('shows the change of the chosen period (24h, utc0, utc8)', async () => {
    const row = spotRow('ABC_USDT', 1, { rate_percent: '1.5', change_utc0: '-2', change_utc8: '3.25' });
    const engine = await engineWith(withSpot([row]));
    const change = async (period: '24h' | 'utc0' | 'utc8') =>
      (await topLabels(engine, { kind: 'spot', tab: '', term: '', period })).rows[0]!;
    const rows = [await change('24h'), await change('utc0'), await change('utc8')];
    expect(rows.map((r) => r.change)).toEqual(['+1.50%', '-2.00%', '+3.25%']);
    expect(rows.map((r) => r.trend)).toEqual([1, -1, 1]);
  });

  it('serves the tabs of each list in the engine language', async () => {
    const engine = await engineWith((r) => r.set(PATHS.tabs, ok(envelope(tabMenus('zh')))), {
      ...TEST_CONFIG,
      lang: 'zh',
      langPrefix: '/zh',
    });
    expect((await engine.tabs('spot')).map((t) => t.name)).toEqual(['全部', 'USDT', 'BTC', '新币']);
    expect(await engine.tabs('premarket')).toEqual([
      { key: 'premint', name: 'Pre-mint' },
      { key: 'pre_market', name: 'Pre-market' },
    ]);
  });
});
