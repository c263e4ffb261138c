// Tabs of one browser share one cache and one refresh (ARCHITECTURE.md 'One cache and one refresh per browser': one refresh timer per browser, BroadcastChannel): a
// cross-tab lock (navigator.locks, or a claim over BroadcastChannel without it) lets one tab fetch; the others
// re-read the cache when told.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../workers/market/cache.ts';
import { REFRESH_MS } from '../../workers/market/config.ts';
import type { LockLike } from '../../workers/market/deps.ts';
import type { MarketEngine } from './harness.ts';
import { envelope, spotRow } from '../fixtures/market-wire.ts';
import { createFakeServer, createTestEngine, ok, PATHS, qid, TEST_CONFIG, topLabels } from './harness.ts';

/** navigator.locks semantics for one name: callbacks run one after another. */
function createLocks(): LockLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

let channelSeq = 0;
const engines: MarketEngine[] = [];
afterEach(() => {
  engines.splice(0).forEach((e) => e.dispose());
  vi.useRealTimers();
});

/** N "tabs": engines over one server, one store, one channel name and (unless `locks` is null) one lock manager. */
function tabs(n: number, options: { locks?: LockLike | null; lang?: (i: number) => string } = {}) {
  const server = createFakeServer();
  const store = createMemoryStore();
  const channel = `masthead-test-${++channelSeq}`;
  const locks = options.locks === undefined ? createLocks() : options.locks;
  const list = Array.from({ length: n }, (_, i) => {
    const { engine } = createTestEngine(server, {
      store,
      locks,
      openChannel: () => new BroadcastChannel(channel),
      instanceId: `tab-${i}`,
    });
    engines.push(engine);
    return engine;
  });
  return { server, store, engines: list };
}

describe('cross-tab sharing', () => {
  it('five tabs opening at once fetch the list once', async () => {
    const { server, engines: five } = tabs(5);
    await Promise.all(five.map((e) => e.init(TEST_CONFIG)));
    const results = await Promise.all(
      five.map((e) => topLabels(e, { kind: 'spot', tab: '', term: 'btc' }, 3)),
    );
    expect(server.count(PATHS.spot)).toBe(1);
    for (const r of results) expect(r.labels).toEqual(results[0]!.labels);
  });

  it('a refresh in one tab reaches the others through the channel, without another fetch', async () => {
    const {
      server,
      engines: [a, b],
    } = tabs(2);
    await a!.init(TEST_CONFIG);
    await b!.init(TEST_CONFIG);
    await a!.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    await b!.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    const versions: number[] = [];
    await b!.subscribe((e) => void versions.push(e.version));
    server.routes.set(PATHS.spot, ok(envelope({ server_time: 2, list: [spotRow('FRESH_USDT', 1)] })));
    await a!.refresh('spot');
    await vi.waitUntil(() => versions.length > 0);
    expect((await topLabels(b!, { kind: 'spot', tab: '', term: '' })).labels).toEqual(['FRESH/USDT']);
    expect(server.count(PATHS.spot)).toBe(2);
  });

  it('five tabs fetch contracts once per refresh period', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, engines: five } = tabs(5);
    await Promise.all(five.map((e) => e.init(TEST_CONFIG)));
    await Promise.all(five.map((e) => e.query({ id: qid(), kind: 'futures', tab: '', term: '' })));
    expect(server.count(PATHS.futures)).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    await vi.waitFor(() => expect(server.count(PATHS.futures)).toBe(2));
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    await vi.waitFor(() => expect(server.count(PATHS.futures)).toBe(3));
    await vi.advanceTimersByTimeAsync(10);
    expect(server.count(PATHS.futures)).toBe(3);
  });

  it('without navigator.locks, a claim over the channel lets one tab fetch', async () => {
    const { server, engines: three } = tabs(3, { locks: null });
    await Promise.all(three.map((e) => e.init(TEST_CONFIG)));
    await Promise.all(three.map((e) => e.query({ id: qid(), kind: 'pilot', tab: '', term: '' })));
    expect(server.count(PATHS.pilot)).toBe(1);
  });

  it('ignores updates announced for another language', async () => {
    const {
      server,
      engines: [en, zh],
    } = tabs(2);
    await en!.init(TEST_CONFIG);
    await zh!.init({ ...TEST_CONFIG, lang: 'zh', langPrefix: '/zh' });
    await en!.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    const versions: number[] = [];
    await en!.subscribe((e) => void versions.push(e.version));
    await zh!.query({ id: qid(), kind: 'spot', tab: '', term: '' }); // deletes the en entry, refetches in zh
    await new Promise((r) => setTimeout(r, 50));
    expect(versions).toEqual([]);
    expect(server.count(PATHS.spot)).toBe(2);
  });
});
