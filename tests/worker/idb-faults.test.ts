// @vitest-environment node
// IndexedDB faults through the real worker entry (SPEC §5, §8; io/guarded-store.ts, cache.ts): IndexedDB throwing,
// hanging (never answering), over quota, corrupt entries and entries of another language, cold (nothing cached) and
// warm (a good load cached) where that means something. The worker shares this thread's globals under
// @vitest/web-worker, so a stub installed here before the worker starts is what the worker's idb-keyval meets (each
// test checks its stub was called); the browser suite does the same by prefixing the worker's script
// (e2e/faults/harness.ts IDB_STUBS). The worker must fall back to the network, never crash, and trust nothing broken.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CacheEntry } from '../../workers/market/cache.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { CACHE_READ_TIMEOUT_MS } from '../../workers/market/io/guarded-store.ts';
import { pathOf } from './fault-table.ts';
import {
  after,
  CACHE_LIST,
  captureLog,
  cleanUp,
  healthyLoad,
  KINDS,
  labels,
  queryList,
  savedAts,
  seedEntries,
  settle,
  staleEntries,
  startWorker,
  storedEntries,
  useFakeTime,
  type HealthyLoad,
  type TestWorker,
} from './harness.ts';
import { stubMarketFetch, type MarketServer } from './stub-fetch.ts';

let healthy: HealthyLoad;

beforeAll(async () => {
  useFakeTime();
  healthy = await healthyLoad();
});
/** The worker's log lines of the running test (captured: a fault case logs by design). */
let log: string[] = [];
beforeEach(() => {
  useFakeTime();
  log = captureLog();
});
afterEach(cleanUp);

/** Every list shows the healthy rows (status ready) and the tab menus are there. */
async function expectEveryList(w: TestWorker) {
  const results = await Promise.all(KINDS.map((kind, i) => queryList(w.api, 1 + i, kind)));
  for (const [i, kind] of KINDS.entries()) {
    const want = healthy.lists.get(kind)!;
    expect(results[i], kind).toMatchObject({ status: 'ready', total: want.total });
    expect(labels(results[i]!), kind).toEqual(labels(want));
  }
  expect(await settle(w.api.tabs('spot'))).toEqual(healthy.tabs);
  expect(w.errors).toEqual([]);
}

/** Every list ends with no data, status error (the API is down and nothing usable is cached). */
async function expectNoData(w: TestWorker) {
  for (const [i, kind] of KINDS.entries())
    expect(await queryList(w.api, 10 + i, kind), kind).toMatchObject({ status: 'error', total: 0, rows: [] });
  expect(await settle(w.api.tabs('spot'))).toEqual([]);
  expect(w.errors).toEqual([]);
}

/** Each market call was made `n` times. */
const expectFetched = (server: MarketServer, n: number) => {
  for (const call of ['tabs', 'spot', 'futures', 'premint', 'preMarket'] as const)
    expect(server.count(pathOf(call)), call).toBe(n);
};

/** Stubs that make the worker's IndexedDB fail; each returns how often the stubbed call was made. */
const STUBS = {
  /** `indexedDB.open` throws (IndexedDB disabled by policy, some private modes). */
  throwing: () => {
    const open = vi.fn(() => {
      throw new DOMException('IndexedDB disabled (test stub)', 'InvalidStateError');
    });
    vi.stubGlobal('indexedDB', { open });
    return () => open.mock.calls.length;
  },
  /** `indexedDB.open` returns a request that never fires (a blocked upgrade, a wedged profile). */
  hanging: () => {
    const open = vi.fn(() => ({}));
    vi.stubGlobal('indexedDB', { open });
    return () => open.mock.calls.length;
  },
  /** Every put fails with QuotaExceededError (a full disk or origin quota). */
  quota: () => {
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('quota (test stub)', 'QuotaExceededError');
    });
    return () => put.mock.calls.length;
  },
} as const;

describe('IndexedDB unusable: every list loads from the network', () => {
  for (const [name, install] of Object.entries(STUBS)) {
    it(`${name}, cold: every list from the network; a second worker (a reload) fetches again`, async () => {
      const server = stubMarketFetch();
      const calls = install();
      const first = await startWorker();
      await expectEveryList(first);
      expectFetched(server, 1);
      if (name === 'hanging')
        expect(log.some((l) => l.includes(`no answer in ${CACHE_READ_TIMEOUT_MS} ms`))).toBe(true);
      if (name === 'quota') expect(log.filter((l) => l.includes('write failed')).length).toBeGreaterThan(0);
      // Nothing half-written is trusted: the next start goes to the network again.
      const second = await startWorker();
      await expectEveryList(second);
      expectFetched(server, 2);
      expect(calls()).toBeGreaterThan(0); // the stub reached the worker
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
      expect(savedAts(await storedEntries())).toEqual(new Map());
    });
  }

  for (const name of ['throwing', 'hanging'] as const) {
    it(`${name}, warm: the cached entries cannot be read, so every list comes from the network`, async () => {
      const server = stubMarketFetch();
      await seedEntries(healthy.stored); // fresh entries: a readable cache would need no call at all
      const calls = STUBS[name]();
      await expectEveryList(await startWorker());
      expectFetched(server, 1);
      expect(calls()).toBeGreaterThan(0);
    });
  }

  it('quota, warm: a stale cache paints, the revalidation serves fresh rows, the failed write keeps the old entries', async () => {
    const server = stubMarketFetch();
    const stale = staleEntries(healthy.stored);
    await seedEntries(stale);
    const calls = STUBS.quota();
    const w = await startWorker();
    for (const [i, kind] of KINDS.entries()) {
      expect(await queryList(w.api, 1 + i, kind), kind).toMatchObject({ status: 'stale' });
      await settle(w.api.refresh(kind));
    }
    await expectEveryList(w);
    await after(100);
    expect(calls()).toBeGreaterThan(0);
    expect(log.filter((l) => l.includes('write failed')).length).toBeGreaterThan(0);
    expect(server.count(pathOf('spot'))).toBe(1);
    vi.restoreAllMocks();
    expect(savedAts(await storedEntries())).toEqual(savedAts(stale));
  });
});

/**
 * Corrupts an entry as e2e/faults/harness.ts does in the page: rows the SPEC §5 check passes but the wire schemas
 * reject (null and {} rows), and a pilot text column whose offsets run past its text.
 */
function corrupt(entry: CacheEntry): CacheEntry {
  const data = structuredClone(entry.data) as Record<string, unknown> | unknown[];
  if (Array.isArray(data)) return { ...entry, data: [null, ...data] };
  if (Array.isArray(data.list)) data.list = [null, {}, ...data.list];
  else if (Array.isArray(data.BTC)) data.BTC = [null, ...data.BTC];
  else if (Array.isArray(data.premint)) data.premint = [{}, ...data.premint];
  else if (data.show_pair && typeof data.show_pair === 'object') {
    const packed = data.show_pair as { text: string };
    packed.text = packed.text.slice(0, 1);
  } else throw new Error('corrupt(): an entry of unknown shape');
  return { ...entry, data };
}

/** The stored entries, every one edited by `edit`. */
const edited = (edit: (e: CacheEntry) => CacheEntry) =>
  new Map([...healthy.stored].map(([name, e]) => [name, edit(e)]));

describe('cache entries the worker must not trust', () => {
  const EDITS = {
    corrupt: { edit: corrupt, logged: 'invalid entry deleted' },
    'of another language': { edit: (e: CacheEntry) => ({ ...e, lang: 'de' }), logged: null },
  };
  for (const [name, { edit, logged }] of Object.entries(EDITS)) {
    it(`${name}, API up: every list refetched and stored again for this language`, async () => {
      const server = stubMarketFetch();
      await seedEntries(edited(edit));
      const w = await startWorker();
      await expectEveryList(w);
      expectFetched(server, 1);
      if (logged)
        for (const cache of Object.values(CACHE_NAMES))
          expect(log, log.join('\n')).toContain(`cache ${cache}: ${logged}`);
      // Replaced by the network answers: an entry for every list, stored for `en`.
      let stored = await storedEntries();
      while (savedAts(stored).size < CACHE_LIST.length || [...stored.values()].some((e) => e.lang === 'de'))
        stored = (await after(25), await storedEntries());
      for (const cache of CACHE_LIST) expect(stored.get(cache)?.lang, cache).toBe('en');
    });

    it(`${name}, API down: no data, no error, and the entries are deleted`, async () => {
      const server = stubMarketFetch();
      for (const call of ['tabs', 'spot', 'futures', 'pilot', 'premint', 'preMarket'] as const)
        server.faults.set(pathOf(call), '500');
      await seedEntries(edited(edit));
      const w = await startWorker();
      await expectNoData(w);
      expect(savedAts(await storedEntries())).toEqual(new Map());
    });
  }
});
