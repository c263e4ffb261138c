// Cache and network reliability (SPEC §8): a store that hangs or throws, corrupt cache entries checked with the wire
// schemas, backoff of a failed list with nothing to show, a partial pre-market answer, icon URLs through the policy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_FORMAT, createMemoryStore, type CacheEntry } from '../../workers/market/cache.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { BACKOFF_BASE_MS, backoffDelay } from '../../workers/market/backoff.ts';
import { CACHE_READ_TIMEOUT_MS, guardStore } from '../../workers/market/io/guarded-store.ts';
import { RETRY_AFTER_FAILURE_MS } from '../../workers/market/source-store.ts';
import { toColumns } from '../../workers/market/sources/pilot.ts';
import { PILOT_CACHE_FORMAT } from '../../workers/market/sources/pilot-columns.ts';
import type { CacheStore } from '../../workers/market/deps.ts';
import { contract, envelope, realPilot, spotRow, tabMenus } from '../fixtures/market-wire.ts';
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

const entry = (data: unknown, lang = 'en', format = CACHE_FORMAT): CacheEntry => ({
  lang,
  savedAt: Date.now() - 1000,
  format,
  data,
});
/** A pilot entry in the current pilot format (typed-array columns). */
const pilotEntry = (data: unknown) => entry(data, 'en', PILOT_CACHE_FORMAT);
const spotQuery = () => ({ id: qid(), kind: 'spot' as const, tab: '', term: '' });
const never = () => new Promise<never>(() => undefined);

afterEach(() => void vi.useRealTimers());

describe('cache time-outs (io/guarded-store.ts)', () => {
  it('a store whose get never answers: the first load goes to the network after the read time-out', async () => {
    const server = createFakeServer();
    const store: CacheStore = { get: never, set: never, del: never };
    const { engine, logs } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    const started = Date.now();
    const res = await engine.query(spotQuery());
    const waited = Date.now() - started;
    expect(res).toMatchObject({ status: 'ready' });
    expect(res.total).toBeGreaterThan(100);
    expect(waited).toBeGreaterThanOrEqual(CACHE_READ_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(CACHE_READ_TIMEOUT_MS + 1500);
    expect(logs.filter((l) => l.includes('no answer in'))).toHaveLength(1);
    // Stalled: the next list does not wait again (its read answers as a miss at once), and writes are dropped.
    const t2 = Date.now();
    expect(await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '' })).toMatchObject({
      status: 'ready',
    });
    expect(Date.now() - t2).toBeLessThan(CACHE_READ_TIMEOUT_MS / 2);
    engine.dispose();
  });

  it('a store that throws synchronously (IndexedDB disabled) reads as a miss and the list loads', async () => {
    const server = createFakeServer();
    const boom = () => {
      throw new Error('SecurityError: IndexedDB disabled');
    };
    const { engine, logs } = createTestEngine(server, { store: { get: boom, set: boom, del: boom } });
    await engine.init(TEST_CONFIG);
    expect(await engine.query(spotQuery())).toMatchObject({ status: 'ready' });
    expect(logs.some((l) => l.includes('read failed'))).toBe(true);
    engine.dispose();
  });

  it('a write that never answers frees the revalidation after the write time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const inner = createMemoryStore();
    const store: CacheStore = { get: inner.get, del: inner.del, set: never };
    const guarded = guardStore(store, {
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      log: () => undefined,
    });
    let done = false;
    void guarded.set('k', 1).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(done).toBe(true);
    expect(guarded.stalled()).toBe(true);
    // While stalled a read answers at once as a miss.
    await expect(guarded.get('k')).resolves.toBeUndefined();
  });

  it('a store that was only slow is used again once the late answer arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer!: (v: unknown) => void;
    const inner = createMemoryStore();
    inner.map.set('b', 2);
    let first = true;
    const store: CacheStore = {
      ...inner,
      get: (k) => (first ? ((first = false), new Promise((r) => (answer = r))) : inner.get(k)),
    };
    const guarded = guardStore(store, {
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      log: () => undefined,
    });
    const read = guarded.get('a');
    await vi.advanceTimersByTimeAsync(CACHE_READ_TIMEOUT_MS);
    await expect(read).resolves.toBeUndefined();
    expect(guarded.stalled()).toBe(true);
    answer(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(guarded.stalled()).toBe(false);
    await expect(guarded.get('b')).resolves.toBe(2);
  });
});

describe('corrupt cache entries are deleted and refetched (wire schemas, SPEC §5)', () => {
  const pilotColumns = () => toColumns('hot', realPilot(3).list);
  const cases: Array<[string, string, unknown, 'spot' | 'futures' | 'pilot' | 'premarket']> = [
    ['spot: a null row', CACHE_NAMES.spot, entry({ server_time: 1, list: [null] }), 'spot'],
    ['spot: a {} row', CACHE_NAMES.spot, entry({ server_time: 1, list: [{}] }), 'spot'],
    [
      'spot: a row with a null column',
      CACHE_NAMES.spot,
      entry({ server_time: 1, list: [{ ...spotRow('X_USDT', 1), rate: null }] }),
      'spot',
    ],
    ['spot: not an entry at all', CACHE_NAMES.spot, 'garbage', 'spot'],
    ['contracts: a null row', CACHE_NAMES.futures, entry({ BTC: [null] }), 'futures'],
    [
      'contracts: a {} row next to a good one',
      CACHE_NAMES.futures,
      entry({ BTC: [contract('BTC_USD', 'btc', 1), {}] }),
      'futures',
    ],
    [
      'pilot: a column holding null',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), show_pair: [null, null, null] }),
      'pilot',
    ],
    [
      'pilot: a column that is null',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), price: null }),
      'pilot',
    ],
    [
      'pilot: a number column that is a plain array',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), volume_24h: [1, 2, 3] }),
      'pilot',
    ],
    [
      'pilot: a typed column one row short',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), change_percentage: new Float64Array(2) }),
      'pilot',
    ],
    [
      'pilot: an icon index past the dictionary',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), icon: { dict: [null], index: Uint32Array.of(0, 0, 5) } }),
      'pilot',
    ],
    [
      'pilot: an empty address',
      CACHE_NAMES.pilot,
      pilotEntry({ ...pilotColumns(), address: ['', 'b', 'c'] }),
      'pilot',
    ],
    [
      'pilot: a format-1 entry (one JSON string) whose JSON is broken',
      CACHE_NAMES.pilot,
      entry({ cate: 'hot', n: 3, columns: '{"name":[' }),
      'pilot',
    ],
    [
      'pilot: an entry of an unknown format',
      CACHE_NAMES.pilot,
      entry(pilotColumns(), 'en', PILOT_CACHE_FORMAT + 1),
      'pilot',
    ],
    [
      'pre-market: a null row',
      CACHE_NAMES.premarket,
      entry({ premint: [null], pre_market: [] }),
      'premarket',
    ],
    ['pre-market: a {} row', CACHE_NAMES.premarket, entry({ premint: [], pre_market: [{}] }), 'premarket'],
  ];
  for (const [name, key, stored, kind] of cases) {
    it(name, async () => {
      const server = createFakeServer();
      const store = createMemoryStore();
      store.map.set(key, stored);
      const { engine, logs } = createTestEngine(server, { store });
      await engine.init(TEST_CONFIG);
      const res = await engine.query({ id: qid(), kind, tab: '', term: '' });
      // Rejected by the schema check itself, not by a later failure while building the table.
      expect(logs).toContain(`cache ${key}: invalid entry deleted`);
      expect(res.status).toBe('ready');
      expect(res.total).toBeGreaterThan(0);
      // The network answer replaced the broken entry.
      await vi.waitUntil(() => store.map.get(key) !== stored);
      expect((store.map.get(key) as CacheEntry).format).toBe(
        kind === 'pilot' ? PILOT_CACHE_FORMAT : CACHE_FORMAT,
      );
      engine.dispose();
    });
  }

  it('tab menus: a menu with a null tab is deleted and refetched', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    const broken = entry([{ market: 'spot', tabs: [null] }]);
    store.map.set(CACHE_NAMES.tabs, broken);
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    expect((await engine.tabs('spot')).length).toBeGreaterThan(0);
    expect(server.count(PATHS.tabs)).toBe(1);
    engine.dispose();
  });

  it('a corrupt entry with the API down: deleted, no error thrown, the list shows no data', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.spot, fail('http', 500));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, entry({ server_time: 1, list: [null, {}] }));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    expect(await engine.query(spotQuery())).toMatchObject({ status: 'error', total: 0 });
    expect(store.map.has(CACHE_NAMES.spot)).toBe(false);
    engine.dispose();
  });

  it('a valid entry still paints without a network call', async () => {
    const server = createFakeServer();
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.tabs, entry(tabMenus()));
    store.map.set(CACHE_NAMES.spot, entry({ server_time: 1, list: [spotRow('CACHED_USDT', 1)] }));
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: '' })).labels).toEqual(['CACHED/USDT']);
    expect(server.count(PATHS.spot)).toBe(0);
    engine.dispose();
  });
});

describe('backoff of a failed list with nothing to show', () => {
  it('delays double from BACKOFF_BASE_MS up to the cap, half fixed and half jitter', () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, RETRY_AFTER_FAILURE_MS, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, RETRY_AFTER_FAILURE_MS, () => 0.999999));
    expect(low).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(high).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(backoffDelay(1, 60_000, () => 0.5)).toBe(BACKOFF_BASE_MS * 0.75);
  });

  it('retries within seconds, backs off, recovers, and leaves other lists alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = createFakeServer();
    let spotUp = false;
    server.routes.set(PATHS.spot, () =>
      spotUp ? ok(envelope({ server_time: 1, list: [spotRow('BACK_USDT', 1)] })) : fail('http', 500),
    );
    const { engine } = createTestEngine(server, { random: () => 0.5, yieldToEvents: async () => undefined });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'futures', tab: '', term: '' });
    const futuresCalls = server.count(PATHS.futures);
    expect(await engine.query(spotQuery())).toMatchObject({ status: 'error' });
    expect(server.count(PATHS.spot)).toBe(1);
    // Delays at random 0.5: 1500, 3000, 6000 ms.
    await vi.advanceTimersByTimeAsync(1_499);
    expect(server.count(PATHS.spot)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count(PATHS.spot)).toBe(2);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(server.count(PATHS.spot)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count(PATHS.spot)).toBe(3);
    spotUp = true;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(server.count(PATHS.spot)).toBe(4);
    expect(await engine.query(spotQuery())).toMatchObject({ status: 'ready', total: 1 });
    // Recovered: no further retries; the futures list was never refetched by the spot failures.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.count(PATHS.spot)).toBe(4);
    expect(server.count(PATHS.futures)).toBe(futuresCalls);
    engine.dispose();
  });

  it('a list with cached rows to show keeps the RETRY_AFTER_FAILURE_MS pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = createFakeServer();
    server.routes.set(PATHS.spot, fail('network'));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, {
      ...entry({ server_time: 1, list: [spotRow('OLD_USDT', 1)] }),
      savedAt: Date.now() - 3_600_000,
    });
    const { engine } = createTestEngine(server, { store, yieldToEvents: async () => undefined });
    await engine.init(TEST_CONFIG);
    expect(await engine.query(spotQuery())).toMatchObject({ status: 'stale', total: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(server.count(PATHS.spot)).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await engine.query(spotQuery());
    expect(server.count(PATHS.spot)).toBe(1);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS);
    await engine.query(spotQuery());
    await vi.advanceTimersByTimeAsync(10);
    expect(server.count(PATHS.spot)).toBe(2);
    engine.dispose();
  });
});

describe('pre-market shows whichever list arrived', () => {
  it('cold: pre-mint fails, pre-market rows show; the retry completes the list and caches it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = createFakeServer();
    let mintUp = false;
    const mint = server.routes.get(PATHS.premint)!;
    server.routes.set(PATHS.premint, () => (mintUp ? (mint as never) : fail('timeout')));
    const { engine, store } = createTestEngine(server, {
      random: () => 0,
      yieldToEvents: async () => undefined,
    });
    await engine.init(TEST_CONFIG);
    const first = await topLabels(engine, { kind: 'premarket', tab: '', term: '' });
    expect([...first.labels].sort()).toEqual(['ALPHABET', 'GAMMA']);
    expect(first.res.status).toBe('stale');
    expect(store.map.has(CACHE_NAMES.premarket)).toBe(false);
    mintUp = true;
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS / 2);
    const second = await topLabels(engine, { kind: 'premarket', tab: '', term: '' });
    expect([...second.labels].sort()).toEqual(['ALPHA', 'ALPHABET', 'BETA', 'GAMMA']);
    expect(second.res.status).toBe('ready');
    expect(store.map.has(CACHE_NAMES.premarket)).toBe(true);
    engine.dispose();
  });

  it('both calls failing with nothing cached: no data', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.premint, fail('network'));
    server.routes.set(PATHS.preMarket, ok({ code: 500 }));
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    expect(await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '' })).toMatchObject({
      status: 'error',
      total: 0,
    });
    engine.dispose();
  });
});

describe('icon URLs through the URL policy (common/url-policy.ts, ICON_HOSTS)', () => {
  it('keeps same-origin paths and allow-listed https icons; anything else becomes null (letter avatar)', async () => {
    const server = createFakeServer();
    const icons: Record<string, string> = {
      OK1_USDT: '/icons/ok1.png',
      OK2_USDT: 'https://static.exchange.example/icons/ok2.png',
      BAD1_USDT: '//evil.example/x.png',
      BAD2_USDT: 'javascript:alert(1)',
      BAD3_USDT: 'http://static.exchange.example/x.png',
      BAD4_USDT: 'https://evil.example/x.png',
    };
    const list = Object.entries(icons).map(([pair, icon], i) => spotRow(pair, 100 - i, { icon }));
    server.routes.set(PATHS.spot, ok(envelope({ server_time: 1, list })));
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: '' }, 10);
    const bySymbol = Object.fromEntries(rows.map((r) => [r.symbol, r.icon]));
    expect(bySymbol).toEqual({
      OK1_USDT: '/icons/ok1.png',
      OK2_USDT: 'https://static.exchange.example/icons/ok2.png',
      BAD1_USDT: null,
      BAD2_USDT: null,
      BAD3_USDT: null,
      BAD4_USDT: null,
    });
    engine.dispose();
  });
});
