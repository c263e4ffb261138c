// The list cache (SPEC §5 validity, §9 names): paint from cache first, then revalidate; language mismatch; compact
// pilot entries.
import { describe, expect, it } from 'vitest';
import { CACHE_FORMAT, type CacheEntry } from '../../workers/market/cache.ts';
import { CACHE_FRESH_MS, CACHE_NAMES, CACHE_TIME_S } from '../../workers/market/config.ts';
import { futuresSource } from '../../workers/market/sources/futures.ts';
import { pilotSource, toColumns } from '../../workers/market/sources/pilot.ts';
import { PILOT_CACHE_FORMAT } from '../../workers/market/sources/pilot-columns.ts';
import { preMarketSource } from '../../workers/market/sources/premarket.ts';
import { spotSource } from '../../workers/market/sources/spot.ts';
import { tabsSource } from '../../workers/market/sources/tabs.ts';
import type { VersionEvent } from '../../workers/market/contract.ts';
import { contract, envelope, preMarketList, realPilot, spotRow, tabMenus } from '../fixtures/market-wire.ts';
import {
  createFakeServer,
  createTestEngine,
  fail,
  ok,
  PATHS,
  qid,
  TEST_CONFIG,
  topLabels,
} from './harness.ts';
import { createMemoryStore } from '../../workers/market/cache.ts';

const entry = (data: unknown, ageMs = 0, lang = 'en'): CacheEntry => ({
  lang,
  savedAt: Date.now() - ageMs,
  format: CACHE_FORMAT,
  data,
});
const spotData = (pair: string) => ({ server_time: 1, list: [spotRow(pair, 1)] });

describe('cache validity rules (SPEC §5)', () => {
  const cases: Array<[string, { isValid(d: unknown): boolean }, unknown, boolean]> = [
    ['tab menus: a non-empty array is valid', tabsSource, tabMenus(), true],
    ['tab menus: an empty array is invalid', tabsSource, [], false],
    ['tab menus: an object is invalid', tabsSource, { spot: [] }, false],
    ['spot: a non-empty object is valid', spotSource, spotData('ABC_USDT'), true],
    ['spot: an empty object is invalid', spotSource, {}, false],
    ['spot: an array is invalid', spotSource, [spotRow('ABC_USDT', 1)], false],
    ['pilot: a non-empty object is valid', pilotSource, toColumns('hot', realPilot(3).list as never), true],
    ['pilot: an empty object is invalid', pilotSource, {}, false],
    ['pre-market: both lists as arrays is valid', preMarketSource, { premint: [], pre_market: [] }, true],
    ['pre-market: a missing list is invalid', preMarketSource, { premint: [] }, false],
    [
      'pre-market: a list that is not an array is invalid',
      preMarketSource,
      { premint: [], pre_market: {} },
      false,
    ],
    ['pre-market: an empty object is invalid', preMarketSource, {}, false],
    [
      'contracts: a non-empty BTC list is valid',
      futuresSource,
      { BTC: [contract('BTC_USD', 'btc', 1)] },
      true,
    ],
    [
      'contracts: an empty BTC list is invalid',
      futuresSource,
      { USDT: [contract('BTC_USDT', 'usdt', 1)], BTC: [] },
      false,
    ],
    ['contracts: no BTC list is invalid', futuresSource, { USDT: [contract('BTC_USDT', 'usdt', 1)] }, false],
  ];
  for (const [name, source, data, valid] of cases) {
    it(name, () => expect(source.isValid(data)).toBe(valid));
  }

  it('ignores an invalid cached spot entry and fetches instead', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry({}));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(server.count(PATHS.spot)).toBe(1);
    expect(res.status).toBe('ready');
  });

  it('ignores a contract cache whose BTC list is empty, even when the network fails', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.futures, fail('http', 500));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.futures, entry({ USDT: [contract('BTC_USDT', 'usdt', 1)], BTC: [] }));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'futures', tab: '', term: '' });
    expect(res).toMatchObject({ status: 'error', total: 0 });
  });

  it('ignores an entry of another storage format', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, { ...entry(spotData('OLD_USDT')), format: CACHE_FORMAT + 1 });
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(server.count(PATHS.spot)).toBe(1);
  });
});

describe('cache first, then network (SPEC §8)', () => {
  it('paints from a stale cache, then revalidates and pushes a version', async () => {
    const server = createFakeServer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.routes.set(PATHS.spot, async () => {
      await gate;
      return ok(envelope(spotData('NET_USDT')));
    });
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry(spotData('CACHED_USDT'), CACHE_FRESH_MS + 1));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const events: VersionEvent[] = [];
    await engine.subscribe((e) => void events.push(e));

    const first = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
    expect(first.labels).toEqual(['CACHED/USDT']);
    expect(first.res.status).toBe('stale');

    release();
    await expect.poll(() => events.at(-1)).toMatchObject({ kind: 'spot', status: 'ready' });
    const second = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
    expect(second.labels).toEqual(['NET/USDT']);
    expect(second.res.version).toBeGreaterThan(first.res.version);
    expect((store.map.get(CACHE_NAMES.spot) as CacheEntry).lang).toBe('en');
  });

  it('uses a fresh cache without calling the network', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry(spotData('CACHED_USDT'), 1000));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const { labels, res } = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
    expect(labels).toEqual(['CACHED/USDT']);
    expect(res.status).toBe('ready');
    expect(server.count(PATHS.spot)).toBe(0);
  });

  describe("SPEC §9 'cache time param 240' (seconds): stale-while-revalidate on open", () => {
    it('is 240 s', () => {
      expect(CACHE_TIME_S).toBe(240);
      expect(CACHE_FRESH_MS).toBe(240_000);
    });
    it('paints a 5-minute-old list from the cache, then revalidates it from the network', async () => {
      const server = createFakeServer();
      server.routes.set(PATHS.spot, () => ok(envelope(spotData('NET_USDT'))));
      const store = createMemoryStore();
      store.map.set(CACHE_NAMES.spot, entry(spotData('CACHED_USDT'), 5 * 60_000));
      const { engine } = createTestEngine(server, { store });
      await engine.init(TEST_CONFIG);
      const first = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
      expect(first.labels).toEqual(['CACHED/USDT']);
      expect(first.res.status).toBe('stale');
      await expect.poll(() => server.count(PATHS.spot)).toBe(1);
      await expect
        .poll(async () => (await topLabels(engine, { kind: 'spot', tab: '', term: '' })).labels)
        .toEqual(['NET/USDT']);
    });
    it('uses a list fetched under 240 s ago without a call, on the first open and on the next', async () => {
      const server = createFakeServer();
      const store = createMemoryStore();
      store.map.set(CACHE_NAMES.spot, entry(spotData('CACHED_USDT'), 230_000));
      const { engine } = createTestEngine(server, { store });
      await engine.init(TEST_CONFIG);
      const { labels, res } = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
      expect(labels).toEqual(['CACHED/USDT']);
      expect(res.status).toBe('ready');
      await topLabels(engine, { kind: 'spot', tab: '', term: 'c' });
      expect(server.count(PATHS.spot)).toBe(0);
    });
  });

  it('deletes an entry stored for another language and refetches (SPEC §5)', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.spot, fail('network'));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry(spotData('ZH_USDT'), 0, 'zh'));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(server.count(PATHS.spot)).toBe(1);
    expect(store.map.has(CACHE_NAMES.spot)).toBe(false);
    expect(res).toMatchObject({ status: 'error', total: 0 });
  });

  it('stores the refetched entry under the current language', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.tabs, entry(tabMenus('zh'), 0, 'zh'));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    expect((await engine.tabs('spot'))[0]!.name).toBe('All');
    expect((store.map.get(CACHE_NAMES.tabs) as CacheEntry).lang).toBe('en');
  });

  it('sends the language and app-type headers with the tabs call (SPEC §7)', async () => {
    const server = createFakeServer();
    const { engine } = createTestEngine(server);
    await engine.init({ ...TEST_CONFIG, lang: 'zh', langPrefix: '/zh' });
    await engine.tabs('spot');
    const call = server.calls.find((c) => c.path === PATHS.tabs)!;
    expect(call.headers).toEqual({ lang: 'cn', 'X-App-Type': 'web' });
    expect(call.csrfToken).toBe('csrf-test');
    expect(call.url.startsWith('http://masthead.test/apiw/v2/common/tabs?area=web_trade')).toBe(true);
  });

  it('reloads every list when the language changes', async () => {
    const server = createFakeServer();
    const { engine, store } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    await engine.init({ ...TEST_CONFIG, lang: 'zh', langPrefix: '/zh' });
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: 'btc' }, 1);
    expect(server.count(PATHS.spot)).toBe(2);
    expect(rows[0]!.href).toBe('/zh/trade/BTC_USDT');
    expect((store.map.get(CACHE_NAMES.spot) as CacheEntry).lang).toBe('zh');
  });

  it('stores the pilot list as packed text and typed-array columns (no JSON) and paints the same rows from it', async () => {
    const server = createFakeServer();
    const { engine, store } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    const before = await topLabels(engine, { kind: 'pilot', tab: '', term: 'a' }, 20);
    const stored = store.map.get(CACHE_NAMES.pilot) as CacheEntry;
    const data = stored.data as Record<string, unknown>;
    expect(stored.format).toBe(PILOT_CACHE_FORMAT);
    expect(data.change_percentage).toBeInstanceOf(Float64Array);
    expect(data.volume_24h).toBeInstanceOf(Float64Array);
    expect(data.is_hot).toBeInstanceOf(Uint8Array);
    expect((data.icon as { index: unknown }).index).toBeInstanceOf(Uint32Array);
    // Text columns are packed: one string and its end offsets, not an array of strings.
    const address = data.address as { text: unknown; ends: unknown };
    expect(typeof address.text).toBe('string');
    expect(address.ends).toBeInstanceOf(Uint32Array);
    expect((address.ends as Uint32Array).length).toBe(data.n);
    // What IndexedDB keeps is a structured clone: the entry must survive one unchanged.
    store.map.set(CACHE_NAMES.pilot, structuredClone(stored));

    const second = createTestEngine(server, { store });
    await second.engine.init(TEST_CONFIG);
    const after = await topLabels(second.engine, { kind: 'pilot', tab: '', term: 'a' }, 20);
    expect(after.rows).toEqual(before.rows);
    expect(server.count(PATHS.pilot)).toBe(1);
  });

  it('swallows a failing cache write and still serves the network data', async () => {
    const store = createMemoryStore();
    store.set = async () => {
      throw new Error('QuotaExceededError');
    };
    const { engine, logs } = createTestEngine(createFakeServer(), { store });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '' });
    expect(res).toMatchObject({ status: 'ready', total: 4 });
    expect(logs.some((l) => l.includes('write failed'))).toBe(true);
  });

  it('fetches both pre-market lists with limit=100&page=1 (SPEC §7, §9)', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.preMarket, ok(envelope(preMarketList(['X']))));
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '' });
    const urls = server.calls.map((c) => c.url).filter((u) => u.includes('simple-info'));
    expect(urls.sort()).toEqual([
      'http://masthead.test/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=1',
      'http://masthead.test/apiw/v2/pre-mint/service/currencies/simple-info?limit=100&page=1',
    ]);
  });
});

describe('start-up warm-up (first rows from a warm cache ≤ 100 ms, docs/BENCHMARKS.md)', () => {
  it('init reads the cached lists into memory and calls no endpoint', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry(spotData('WARM_USDT')));
    const reads: string[] = [];
    const { engine } = createTestEngine(server, {
      store: { ...store, get: async (key: string) => (reads.push(key), store.get(key)) },
    });
    await engine.init(TEST_CONFIG);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toEqual([]);
    // Every list's cache was read before any panel asked for it.
    expect(reads).toEqual(expect.arrayContaining(Object.values(CACHE_NAMES)));
    // The first query is answered from memory: the fresh cache needs no network round trip.
    const res = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(res).toMatchObject({ status: 'ready', total: 1 });
    expect(server.count(PATHS.spot)).toBe(0);
  });

  it('with nothing cached, init still calls no endpoint; the first query fetches once', async () => {
    const server = createFakeServer();
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toEqual([]);
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(server.count(PATHS.spot)).toBe(1);
  });
});
