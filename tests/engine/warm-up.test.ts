// The start-up warm-up (workers/market/warm-up.ts): cache reads one at a time, the list opened last first; the
// opened list is remembered in the store; a broken or missing marker changes nothing (SPEC §8: swallowed).
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../workers/market/cache.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { LAST_OPENED_KEY } from '../../workers/market/warm-up.ts';
import { createFakeServer, createTestEngine, qid, TEST_CONFIG } from './harness.ts';

/** A memory store that records the order of `get` keys and answers after a macrotask (like IndexedDB). */
function recordingStore() {
  const store = createMemoryStore();
  const reads: string[] = [];
  const flight = { now: 0, max: 0 };
  const get = store.get;
  store.get = async (key) => {
    reads.push(key);
    flight.max = Math.max(flight.max, ++flight.now);
    await new Promise((r) => setTimeout(r, 1));
    flight.now--;
    return get(key);
  };
  return { store, reads, flight };
}

/** Fills a store through one engine that opens `kind`, then returns it. */
async function filledStore(kind: 'pilot' | 'spot') {
  const server = createFakeServer();
  const { engine, store } = createTestEngine(server);
  await engine.init(TEST_CONFIG);
  for (const k of ['spot', 'futures', 'premarket', 'pilot'] as const)
    await engine.query({ id: qid(), kind: k, tab: '', term: '' });
  await engine.query({ id: qid(), kind, tab: '', term: '' });
  await new Promise((r) => setTimeout(r, 20));
  engine.dispose();
  return store;
}

const listReads = (reads: string[]) =>
  reads.filter((k) => (Object.values(CACHE_NAMES) as string[]).includes(k) && k !== CACHE_NAMES.tabs);

describe('warm-up order', () => {
  it('remembers the list opened last', async () => {
    const store = await filledStore('spot');
    expect(store.map.get(LAST_OPENED_KEY)).toEqual({ id: 'spot' });
  });

  for (const kind of ['pilot', 'spot'] as const) {
    it(`reads the ${kind} cache first when ${kind} was opened last, one read at a time`, async () => {
      const filled = await filledStore(kind);
      const { store, reads, flight } = recordingStore();
      for (const [k, v] of filled.map) store.map.set(k, v);
      const server = createFakeServer();
      const { engine } = createTestEngine(server, { store });
      await engine.init(TEST_CONFIG);
      await vi.waitUntil(() => new Set(listReads(reads)).size === 4, { timeout: 10_000 });
      expect(reads[0]).toBe(LAST_OPENED_KEY);
      expect(listReads(reads)[0]).toBe(CACHE_NAMES[kind]);
      expect(new Set(listReads(reads)).size).toBe(4);
      expect(flight.max).toBe(1);
      expect(server.calls).toHaveLength(0);
      engine.dispose();
    });
  }

  it('a marker naming no list, or an unreadable one, keeps the default order', async () => {
    for (const marker of [{ id: 'nope' }, 'garbage', null]) {
      const { store, reads } = recordingStore();
      store.map.set(LAST_OPENED_KEY, marker);
      const { engine } = createTestEngine(createFakeServer(), { store });
      await engine.init(TEST_CONFIG);
      await vi.waitUntil(() => reads.length >= 2, { timeout: 10_000 });
      expect(reads[1]).toBe(CACHE_NAMES.tabs);
      engine.dispose();
    }
  });

  it('a store whose writes fail still serves the list (the marker is best effort)', async () => {
    const store = createMemoryStore();
    store.set = async () => {
      throw new Error('QuotaExceededError');
    };
    const { engine, logs } = createTestEngine(createFakeServer(), { store });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '' });
    expect(res.total).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 10));
    expect(logs.some((l) => l.includes('last opened list not saved'))).toBe(true);
    engine.dispose();
  });
});
