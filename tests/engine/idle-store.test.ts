// The in-thread engine's persistent cache: entries split into parts (io/slices.ts), written in idle slices that stay
// under the slice budget, read back whole; a reload of an in-thread engine paints from it with the API down.
import { describe, expect, it } from 'vitest';
import { createStore } from 'idb-keyval';
import { joinEntry, partKeys, SLICE_ROWS, splitEntry } from '../../workers/market/io/slices.ts';
import { createIdleIdbStore, SLICE_BUDGET_MS } from '../../workers/market/io/idle-idb-store.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { createFakeServer, createTestEngine, fail, PATHS, qid, TEST_CONFIG, topLabels } from './harness.ts';

let dbSeq = 0;
const freshDb = () => createStore(`idle-test-${Date.now()}-${dbSeq++}`, 'cache');
const range = (n: number) => Array.from({ length: n }, (_, i) => ({ i, s: `row-${i}` }));

describe('entry slices (io/slices.ts)', () => {
  it('splits long arrays at any depth and joins them back equal', () => {
    const value = { lang: 'en', data: { list: range(1234), cols: { a: range(501), b: [1, 2] }, n: 3 } };
    const { skeleton, parts } = splitEntry(value, 'k#1');
    expect(parts).toHaveLength(3 + 2);
    expect(partKeys(skeleton)).toEqual(parts.map((p) => p.key));
    expect(parts.every((p) => p.end - p.start <= SLICE_ROWS)).toBe(true);
    const stored = new Map(parts.map((p) => [p.key, p.array.slice(p.start, p.end)]));
    expect(joinEntry(skeleton, stored)).toEqual(value);
  });

  it('a missing or broken part reads as a miss', () => {
    const { skeleton, parts } = splitEntry({ list: range(1200) }, 'k');
    const stored = new Map<string, unknown>(parts.map((p) => [p.key, p.array.slice(p.start, p.end)]));
    stored.delete(parts[1]!.key);
    expect(joinEntry(skeleton, stored)).toBeUndefined();
    stored.set(parts[1]!.key, null);
    expect(joinEntry(skeleton, stored)).toBeUndefined();
  });

  it('small entries stay whole', () => {
    const value = { list: range(10) };
    expect(splitEntry(value, 'k')).toEqual({ skeleton: value, parts: [] });
  });
});

describe('idle-time IndexedDB store (io/idle-idb-store.ts)', () => {
  it('writes in slices bounded by the budget, reads the entry back, replaces old parts', async () => {
    let clock = 0;
    let slices = 0;
    const store = createIdleIdbStore({
      store: freshDb(),
      // Each put advances the fake clock 1 ms; a 3 ms idle period must stop a slice after ~3 puts.
      now: () => clock++,
      idle: (cb) => void setTimeout(() => (slices++, cb({ timeRemaining: () => 3 })), 0),
      log: () => undefined,
    });
    const first = { lang: 'en', data: { list: range(5_000) } };
    await store.set('all_market_v2', first);
    await store.flush();
    expect(slices).toBeGreaterThan(3);
    expect(await store.get('all_market_v2')).toEqual(first);
    const second = { lang: 'en', data: { list: range(700) } };
    await store.set('all_market_v2', second);
    await store.flush();
    expect(await store.get('all_market_v2')).toEqual(second);
    await store.del('all_market_v2');
    expect(await store.get('all_market_v2')).toBeUndefined();
  });

  it('a newer set of the same key replaces a queued one; missing keys read as undefined', async () => {
    const store = createIdleIdbStore({ store: freshDb(), log: () => undefined });
    await store.set('a', { v: 1 });
    await store.set('b', { v: 'b' });
    await store.set('b', { v: 'b2' });
    await store.flush();
    expect(await store.get('b')).toEqual({ v: 'b2' });
    expect(await store.get('nothing')).toBeUndefined();
    expect(SLICE_BUDGET_MS).toBeLessThan(50);
  });

  it('a reload of an in-thread engine paints from it while the API fails', async () => {
    const idb = freshDb();
    const first = createTestEngine(createFakeServer(), { store: createIdleIdbStore({ store: idb }) });
    await first.engine.init(TEST_CONFIG);
    const before = await topLabels(first.engine, { kind: 'spot', tab: '', term: '' }, 5);
    await first.engine.query({ id: qid(), kind: 'pilot', tab: '', term: '' });
    await new Promise((r) => setTimeout(r, 20));
    await (first.store as unknown as { flush(): Promise<void> }).flush();
    first.engine.dispose();

    const down = createFakeServer();
    for (const path of Object.values(PATHS)) down.routes.set(path, fail('http', 500));
    const second = createTestEngine(down, { store: createIdleIdbStore({ store: idb }) });
    await second.engine.init(TEST_CONFIG);
    const after = await topLabels(second.engine, { kind: 'spot', tab: '', term: '' }, 5);
    expect(after.labels).toEqual(before.labels);
    const pilot = await second.engine.query({ id: qid(), kind: 'pilot', tab: '', term: '' });
    expect(pilot.total).toBeGreaterThan(0);
    expect(down.count(PATHS.spot)).toBe(0);
    expect(CACHE_NAMES.spot).toBe('all_market_v2');
    second.engine.dispose();
  });
});
