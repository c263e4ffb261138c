// Failures are swallowed and the cache is used (SPEC §8): 500, malformed body, time-out, code other than 200,
// invalid data. Without a cache the list is empty with status 'error'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestJson, REQUEST_TIMEOUT_MS, type HttpResult } from '../../common/http.ts';
import { CACHE_FORMAT, createMemoryStore } from '../../workers/market/cache.ts';
import { CACHE_FRESH_MS, CACHE_NAMES } from '../../workers/market/config.ts';
import { contract, envelope, spotRow } from '../fixtures/market-wire.ts';
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

const staleEntry = (data: unknown) => ({
  lang: 'en',
  savedAt: Date.now() - CACHE_FRESH_MS - 1,
  format: CACHE_FORMAT,
  data,
});
const cachedSpot = staleEntry({ server_time: 1, list: [spotRow('CACHED_USDT', 1)] });

const failures: Array<[string, HttpResult]> = [
  ['an HTTP 500', fail('http', 500)],
  ['a malformed (unparsable) body', fail('parse', 200)],
  ['a time-out', fail('timeout')],
  ['a network error', fail('network')],
  ['a response with code other than 200', ok({ code: 401, message: 'login', data: null })],
  ['a body that is not an API envelope', ok('<html>')],
  ['data of the wrong shape', ok(envelope({ rows: [] }))],
  ['a list whose rows are all invalid', ok(envelope({ server_time: 1, list: [{ pair: 5 }] }))],
];

describe('fallback to cache (SPEC §8)', () => {
  for (const [what, answer] of failures) {
    it(`keeps the cached spot list on ${what}`, async () => {
      const server = createFakeServer();
      server.routes.set(PATHS.spot, answer);
      const store = createMemoryStore();
      store.map.set(CACHE_NAMES.spot, cachedSpot);
      const { engine } = createTestEngine(server, { store });
      await engine.init(TEST_CONFIG);
      await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
      await vi.waitUntil(() => server.count(PATHS.spot) === 1);
      await new Promise((r) => setTimeout(r, 0));
      const { labels, res } = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
      expect(labels).toEqual(['CACHED/USDT']);
      expect(res.status).toBe('stale');
      expect(store.map.get(CACHE_NAMES.spot)).toEqual(cachedSpot);
    });

    it(`shows an empty list with status error on ${what} without a cache`, async () => {
      const server = createFakeServer();
      server.routes.set(PATHS.spot, answer);
      const { engine } = createTestEngine(server);
      await engine.init(TEST_CONFIG);
      const res = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
      expect(res).toMatchObject({ status: 'error', total: 0, superseded: false });
      expect(await engine.rows(res.id, 0, 30)).toMatchObject({ rows: [] });
    });
  }

  it('treats a contract response with code other than 200 as an empty object and keeps the cache', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.futures, ok({ code: 500, data: [contract('NEW_USDT', 'usdt', 1)] }));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.futures, staleEntry({ BTC: [contract('OLD_USD', 'btc', 1)] }));
    const { engine, logs } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'futures', tab: '', term: '', settle: 'BTC' });
    await vi.waitUntil(() => logs.some((l) => l.includes('keeping the cache')));
    const { labels } = await topLabels(engine, { kind: 'futures', tab: '', term: '', settle: 'BTC' });
    expect(labels).toEqual(['OLD/USD']);
  });

  it('drops single invalid rows and keeps the valid ones', async () => {
    const server = createFakeServer();
    const list = [spotRow('GOOD_USDT', 1), { ...spotRow('BAD_USDT', 1), volume: 12 }];
    server.routes.set(PATHS.spot, ok(envelope({ server_time: 1, list })));
    const { engine, logs } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    const { labels, res } = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
    expect(labels).toEqual(['GOOD/USDT']);
    expect(res.status).toBe('ready');
    expect(logs).toContain('spots: dropped 1 invalid rows');
  });

  it('one failing pre-market call: the list that arrived replaces its half, the cache keeps the other', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.premint, fail('http', 502));
    const store = createMemoryStore();
    const cached = staleEntry({
      premint: [{ currency: 'MINT', tags: [] }],
      pre_market: [{ currency: 'OLD', tags: [] }],
    });
    store.map.set(CACHE_NAMES.premarket, cached);
    const { engine } = createTestEngine(server, { store });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '' });
    await vi.waitUntil(() => server.count(PATHS.premint) === 1);
    await new Promise((r) => setTimeout(r, 0));
    const { labels, res } = await topLabels(engine, { kind: 'premarket', tab: '', term: '' });
    expect([...labels].sort()).toEqual(['ALPHABET', 'GAMMA', 'MINT']);
    expect(res.status).toBe('stale');
    // A partial answer is not cached: the complete entry stays for the next load.
    expect(store.map.get(CACHE_NAMES.premarket)).toBe(cached);
    engine.dispose();
  });
});

describe('time-out through requestJson (SPEC §9: 4000 ms)', () => {
  afterEach(() => void vi.useRealTimers());

  it('gives up after REQUEST_TIMEOUT_MS and serves the cache', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const store = createMemoryStore();
    store.map.set(CACHE_NAMES.spot, cachedSpot);
    const { engine } = createTestEngine(createFakeServer(), {
      store,
      fetchJson: (url, o) =>
        requestJson(url, { csrfToken: o.csrfToken, headers: o.headers, fetchImpl: hanging }),
    });
    await engine.init(TEST_CONFIG);
    const events: string[] = [];
    await engine.subscribe((e) => void events.push(e.status));
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    expect(events).toEqual(['stale']);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(events).toEqual(['stale']);
    await vi.advanceTimersByTimeAsync(1);
    const { labels, res } = await topLabels(engine, { kind: 'spot', tab: '', term: '' });
    expect(labels).toEqual(['CACHED/USDT']);
    expect(res.status).toBe('stale');
    engine.dispose();
  });
});
