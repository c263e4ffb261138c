// Search over every list at once (workers/market/search-all.ts): SPEC §5 ranking per list with the named profiles,
// sections for spot, futures, pilot and pre-market, latest request wins, replies under the 10 KiB budget, empty term
// = top by volume with the top movers named across spot and futures, rows in the panels' formatted shape (locale,
// fiat, stars), a failed list leaves the others answering.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../workers/market/config.ts';
import type { MarketKind, SearchSection } from '../../workers/market/contract.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import {
  clampLimit,
  fitBudget,
  SEARCH_ALL_MAX_ROWS,
  topMovers,
  TOP_MOVERS_PER_LIST,
} from '../../workers/market/search-all.ts';
import { formatChange, formatFiat, formatPrice, formatVolume } from '../../common/domain/market-format.ts';
import { intlLocale } from '../../common/domain/locales.ts';
import { contract, envelope, spotRow } from '../fixtures/market-wire.ts';
import { listRow } from '../markets/list-row.ts';
import {
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  fail,
  ok,
  PATHS,
  qid,
  TEST_CONFIG,
} from './harness.ts';

async function ready() {
  const { engine } = createTestEngine();
  await engine.init(TEST_CONFIG);
  return engine;
}

describe('searchAll (SPEC §5 per list, §7 search modal)', () => {
  it("finds a pilot token by ticker: 'pippin' ranks the Pippin pilot row first", async () => {
    const engine = await ready();
    const res = await engine.searchAll({ id: qid(), term: 'pippin', limit: 5 });
    expect(res.superseded).toBe(false);
    expect(res.sections.pilot.total).toBeGreaterThan(0);
    expect(res.sections.pilot.rows[0]!.label.toLowerCase()).toBe('pippin/sol');
    expect(res.sections.pilot.rows[0]!.href).toMatch(/^\/pilot\/sol\//);
  });

  it("'btc' answers spot and futures, base-equals tier first (BTC/USDT, BTC_USDT)", async () => {
    const engine = await ready();
    const res = await engine.searchAll({ id: qid(), term: 'btc', limit: 5 });
    const spot = res.sections.spot.rows;
    const futures = res.sections.futures.rows;
    expect(spot.length).toBe(5);
    expect(futures.length).toBeGreaterThan(0);
    // Tier 1 (base equals term) by volume: BTC/USDT is the largest BTC market of the snapshot.
    expect(spot[0]!.label).toBe('BTC/USDT');
    expect(
      spot.every((r, i) => i === 0 || !r.label.startsWith('BTC/') || spot[i - 1]!.label.startsWith('BTC/')),
    ).toBe(true);
    expect(futures[0]!.symbol).toBe('BTC_USDT');
    expect(futures[0]!.href).toBe('/futures/USDT/BTC_USDT');
    // Totals count every match, not just the rows sent.
    expect(res.sections.spot.total).toBeGreaterThan(spot.length);
  });

  it('searches pre-market by currency (SPEC §5)', async () => {
    const engine = await ready();
    const res = await engine.searchAll({ id: qid(), term: 'alpha', limit: 5 });
    const labels = res.sections.premarket.rows.map((r) => r.symbol);
    expect(labels).toEqual(['ALPHA', 'ALPHABET']);
  });

  it('gives every list an empty section when nothing matches', async () => {
    const engine = await ready();
    const res = await engine.searchAll({ id: qid(), term: 'zzqqxxnotacoin', limit: 5 });
    for (const kind of ['spot', 'futures', 'pilot', 'premarket'] as MarketKind[])
      expect(res.sections[kind]).toMatchObject({ total: 0, rows: [] });
  });

  it('lists each list by 24h quote volume for an empty term and names the top movers across spot and futures', async () => {
    const routes = defaultRoutes();
    const spot = [spotRow('AAA_USDT', 500), spotRow('CCC_USDT', 100), spotRow('BBB_USDT', 300)];
    spot.push(spotRow('DDD_USDT', 50));
    routes.set(PATHS.spot, ok(envelope({ server_time: 1669078200, list: spot })));
    const futures = [contract('FFF_USDT', 'usdt', 10), contract('AAA_USDT', 'usdt', 400)];
    // A BTC-settled contract too: the contracts source keeps a reply only with a BTC list.
    futures.push(
      contract('EEE_USDT', 'usdt', 350),
      contract('GGG_USDT', 'usdt', 5),
      contract('BTC_USD', 'btc', 9e9),
    );
    routes.set(PATHS.futures, ok(envelope(futures)));
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init(TEST_CONFIG);
    const res = await engine.searchAll({ id: qid(), term: '  ', limit: 6 });
    expect(res.sections.spot.rows.map((r) => r.symbol)).toEqual([
      'AAA_USDT',
      'BBB_USDT',
      'CCC_USDT',
      'DDD_USDT',
    ]);
    expect(res.sections.futures.rows.map((r) => r.symbol)).toEqual([
      'AAA_USDT',
      'EEE_USDT',
      'FFF_USDT',
      'GGG_USDT',
    ]);
    // The first TOP_MOVERS_PER_LIST of each, merged by volume: 500, 400, 350, 300, 100, 10.
    expect(res.top.map((r) => `${r.kind}:${res.sections[r.kind].rows[r.index]!.symbol}`)).toEqual([
      'spot:AAA_USDT',
      'futures:AAA_USDT',
      'futures:EEE_USDT',
      'spot:BBB_USDT',
      'spot:CCC_USDT',
      'futures:FFF_USDT',
    ]);
    // A term has no top movers.
    expect((await engine.searchAll({ id: qid(), term: 'aaa', limit: 3 })).top).toEqual([]);
  });

  it("formats the rows as the panels' are: the engine's locale, the request's fiat, else the own price", async () => {
    const routes = defaultRoutes();
    const spot = [spotRow('AAA_USDT', 1234567, { rate: '2.5', rate_percent: '3.25', change_utc0: '-1.5' })];
    routes.set(PATHS.spot, ok(envelope({ server_time: 1669078200, list: spot })));
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init({ ...TEST_CONFIG, lang: 'de', langPrefix: '/de' });
    const locale = intlLocale('de');
    const own = (await engine.searchAll({ id: qid(), term: 'aaa', limit: 1 })).sections.spot.rows[0]!;
    expect(own).toMatchObject({
      symbol: 'AAA_USDT',
      label: 'AAA/USDT',
      href: '/de/trade/AAA_USDT',
      price: formatPrice('2.5', locale),
      change: formatChange(3.25, locale),
      trend: 1,
      volume: formatVolume(1234567, locale),
    });
    expect(own).not.toHaveProperty('last');
    expect(own).not.toHaveProperty('volumeUsdt');
    const fiat = { currency: 'EUR', rate: 0.9 };
    const inFiat = await engine.searchAll({ id: qid(), term: 'aaa', limit: 1, period: 'utc0', fiat });
    expect(inFiat.sections.spot.rows[0]).toMatchObject({
      price: formatFiat(2.5, 0.9, 'EUR', locale)!,
      change: formatChange(-1.5, locale),
      trend: -1,
    });
    expect(inFiat.sections.spot.rows[0]!.price).not.toBe(own.price);
    // A fiat that is no fiat (lower-case code, no rate) shows the row's own price, never an error.
    for (const bad of [
      { currency: 'eur', rate: 0.9 },
      { currency: 'EUR', rate: Number.NaN },
      { currency: 'EUR', rate: -1 },
    ]) {
      const res = await engine.searchAll({ id: qid(), term: 'aaa', limit: 1, fiat: bad });
      expect(res.sections.spot.rows[0]!.price).toBe(own.price);
    }
  });

  it('marks starred rows (SPEC §4 favourites); futures rows are the USDT-settled list', async () => {
    const engine = await ready();
    await engine.setFavourite!('spot', 'BTC_USDT', 'BTC/USDT', true);
    await engine.setFavourite!('futures:BTC', 'BTC_USDT', 'BTC/USDT', true);
    const res = await engine.searchAll({ id: qid(), term: 'btc', limit: 3 });
    expect(res.sections.spot.rows[0]).toMatchObject({ symbol: 'BTC_USDT', favourite: true });
    expect(res.sections.futures.rows[0]!.symbol).toBe('BTC_USDT');
    expect(res.sections.futures.rows[0]!.favourite).toBeUndefined();
    await engine.setFavourite!('spot', 'BTC_USDT', 'BTC/USDT', false);
    const after = await engine.searchAll({ id: qid(), term: 'btc', limit: 3 });
    expect(after.sections.spot.rows[0]!.favourite).toBeUndefined();
  });

  it('links under the language prefix', async () => {
    const { engine } = createTestEngine();
    await engine.init({ ...TEST_CONFIG, lang: 'ar', langPrefix: '/ar' });
    const res = await engine.searchAll({ id: qid(), term: 'eth', limit: 3 });
    expect(res.sections.spot.rows[0]!.href.startsWith('/ar/trade/')).toBe(true);
  });

  it('keeps every reply under 10 KiB, even at the largest limit with long rows', async () => {
    const engine = await ready();
    for (const term of ['', 'a', 'usdt', 'btc', 'pump', 'e']) {
      const res = await engine.searchAll({ id: qid(), term, limit: 1000 });
      expect(messageBytes(res)).toBeLessThan(MAX_MESSAGE_BYTES);
      for (const section of Object.values(res.sections)) expect(section.rows.length).toBeLessThanOrEqual(8);
    }
    expect((await engine.stats()).maxMessageBytes).toBeLessThan(MAX_MESSAGE_BYTES);
  });

  it('latest wins: an older id after a newer one is superseded with empty sections', async () => {
    const engine = await ready();
    const newer = qid() + 1;
    expect((await engine.searchAll({ id: newer, term: 'eth', limit: 3 })).superseded).toBe(false);
    const older = await engine.searchAll({ id: newer - 1, term: 'et', limit: 3 });
    expect(older.superseded).toBe(true);
    expect(older.sections.spot.rows).toEqual([]);
  });

  it('latest wins: a request still loading when a newer one arrives is skipped', async () => {
    const routes = defaultRoutes();
    const slowSpot = routes.get(PATHS.spot)!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    routes.set(PATHS.spot, async () => {
      await gate;
      return typeof slowSpot === 'function' ? slowSpot() : slowSpot;
    });
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init(TEST_CONFIG);
    const first = engine.searchAll({ id: qid(), term: 'b', limit: 3 });
    const second = engine.searchAll({ id: qid(), term: 'btc', limit: 3 });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.superseded).toBe(true);
    expect(b.superseded).toBe(false);
    expect(b.sections.spot.rows[0]!.label).toBe('BTC/USDT');
  });

  it('does not supersede panel queries, nor is superseded by them (separate ids)', async () => {
    const engine = await ready();
    const all = qid();
    const panel = qid();
    await engine.query({ id: panel, kind: 'spot', tab: '', term: 'eth' });
    expect((await engine.searchAll({ id: all, term: 'btc', limit: 2 })).superseded).toBe(false);
    expect(await engine.rows(panel, 0, 1)).not.toBeNull();
  });

  it('answers the other lists when one list fails to load (SPEC §8)', async () => {
    const routes = defaultRoutes();
    routes.set(PATHS.pilot, fail('http', 500));
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init(TEST_CONFIG);
    const res = await engine.searchAll({ id: qid(), term: 'btc', limit: 3 });
    expect(res.sections.pilot).toMatchObject({ total: 0, rows: [], status: 'error' });
    expect(res.sections.spot.rows.length).toBe(3);
  });
});

describe('search-all helpers', () => {
  it('clamps the per-list limit to 1…SEARCH_ALL_MAX_ROWS', () => {
    expect(clampLimit(0)).toBe(1);
    expect(clampLimit(Number.NaN)).toBe(1);
    expect(clampLimit(3.7)).toBe(3);
    expect(clampLimit(99)).toBe(SEARCH_ALL_MAX_ROWS);
  });

  it('fitBudget trims the longest section first and keeps each list its best rows', () => {
    const row = (n: number) => listRow(`S${n}`, { label: 'X'.repeat(900) });
    const section = (n: number): SearchSection => ({
      total: n,
      rows: Array.from({ length: n }, (_, i) => row(i)),
      status: 'ready',
    });
    const out = fitBudget({
      spot: section(8),
      futures: section(8),
      pilot: section(2),
      premarket: section(1),
    });
    expect(
      messageBytes({ id: 1, superseded: false, sections: out, top: topMovers(out, new Map()) }),
    ).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(out.premarket.rows.length).toBe(1);
    expect(out.pilot.rows.length).toBe(2);
    expect(out.spot.rows[0]!.symbol).toBe('S0');
    expect(Math.abs(out.spot.rows.length - out.futures.rows.length)).toBeLessThanOrEqual(1);
  });

  it('topMovers takes the first rows of spot and futures by volume, highest first, a tie in section order', () => {
    const section = (symbols: string[]): SearchSection => ({
      total: symbols.length,
      rows: symbols.map((s) => listRow(s)),
      status: 'ready',
    });
    const sections = {
      spot: section(['A', 'B', 'C', 'D']),
      futures: section(['E', 'F']),
      pilot: section(['P']),
      premarket: section([]),
    };
    const volumes = new Map<MarketKind, number[]>([
      ['spot', [9, 5, 5, 100]],
      ['futures', [7, 5]],
      ['pilot', [1000]],
    ]);
    const top = topMovers(sections, volumes);
    expect(top).toHaveLength(TOP_MOVERS_PER_LIST + 2);
    expect(top.map((r) => sections[r.kind].rows[r.index]!.symbol)).toEqual(['A', 'E', 'B', 'C', 'F']);
    // Rows the budget cut are not named; volumes not known rank last.
    expect(topMovers({ ...sections, spot: section([]) }, new Map())).toEqual([
      { kind: 'futures', index: 0 },
      { kind: 'futures', index: 1 },
    ]);
  });
});
