// Search over every list at once (workers/market/search-all.ts): SPEC §5 ranking per list with the named profiles,
// sections for spot, futures, pilot and pre-market, latest request wins, replies under the 10 KiB budget, empty term
// = top by volume, a failed list leaves the others answering.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../workers/market/config.ts';
import type { MarketKind, MarketRow, SearchSection } from '../../workers/market/contract.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import { clampLimit, fitBudget, SEARCH_ALL_MAX_ROWS } from '../../workers/market/search-all.ts';
import {
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  fail,
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

  it('lists each list by 24h quote volume for an empty term (the top movers)', async () => {
    const engine = await ready();
    const res = await engine.searchAll({ id: qid(), term: '  ', limit: 6 });
    for (const kind of ['spot', 'futures', 'pilot'] as MarketKind[]) {
      const vols = res.sections[kind].rows.map((r) => r.volumeUsdt);
      expect(vols.length).toBe(6);
      expect([...vols].sort((a, b) => b - a)).toEqual(vols);
    }
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
    const row = (n: number): MarketRow => ({
      symbol: `S${n}`,
      label: 'X'.repeat(900),
      sub: '',
      last: '1',
      lastUsdt: 1,
      changePct: 0,
      volumeUsdt: 1,
      quote: 'USDT',
      href: '/x',
      icon: null,
      leverage: 0,
      isST: false,
      hot: false,
      isNew: false,
      upcoming: false,
    });
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
    expect(messageBytes({ id: 1, superseded: false, sections: out })).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(out.premarket.rows.length).toBe(1);
    expect(out.pilot.rows.length).toBe(2);
    expect(out.spot.rows[0]!.symbol).toBe('S0');
    expect(Math.abs(out.spot.rows.length - out.futures.rows.length)).toBeLessThanOrEqual(1);
  });
});
