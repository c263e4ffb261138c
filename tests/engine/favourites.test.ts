// Favourites (SPEC §4; ARCHITECTURE.md 'Favourites'): the merge rule (common/wire/favourites.ts), the worker's store
// over fake-indexeddb with node's BroadcastChannel between two "tabs" (two stores, two coordinators), and the engine
// query with the favourites tab (listed pairs in the panel's order, delisted ones after).
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BroadcastChannel as NodeChannel } from 'node:worker_threads';
import { clear, createStore } from 'idb-keyval';
import {
  FAVOURITES_TAB,
  MAX_TOMBSTONES,
  mergeFavourites,
  type FavouriteEntry,
} from '../../common/wire/favourites.ts';
import {
  ACCOUNTS_KEY,
  createFavouritesStore,
  FAVOURITES_CHANNEL,
  scopeKey,
  type FavouritesStore,
} from '../../workers/market/favourites.ts';
import { createCoordinator } from '../../workers/market/io/share.ts';
import { createFavouritesIdbStore, FAVOURITES_DATABASE } from '../../workers/market/io/idb-store.ts';
import type { ChannelLike } from '../../workers/market/deps.ts';
import { createMemoryStore } from '../../workers/market/cache.ts';
import { allRows, createTestEngine, qid, TEST_CONFIG } from './harness.ts';

const entry = (
  symbol: string,
  at: number,
  on = true,
  list: FavouriteEntry['list'] = 'spot',
): FavouriteEntry => ({
  list,
  symbol,
  label: symbol.replace('_', '/'),
  at,
  on,
});

describe('mergeFavourites', () => {
  const arbEntry = fc.record({
    list: fc.constantFrom('spot' as const, 'pilot' as const),
    symbol: fc.constantFrom('BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'DOGE_USDT'),
    label: fc.constantFrom('a', 'b'),
    at: fc.integer({ min: 0, max: 20 }),
    on: fc.boolean(),
  });
  const arbCopy = fc.array(arbEntry, { maxLength: 8 });
  const norm = (e: FavouriteEntry[]) => JSON.stringify(e);

  it('is commutative, associative and idempotent (tabs and devices may merge in any order)', () => {
    fc.assert(
      fc.property(arbCopy, arbCopy, arbCopy, (a, b, c) => {
        expect(norm(mergeFavourites(a, b))).toBe(norm(mergeFavourites(b, a)));
        expect(norm(mergeFavourites(mergeFavourites(a, b), c))).toBe(
          norm(mergeFavourites(a, mergeFavourites(b, c))),
        );
        const ab = mergeFavourites(a, b);
        expect(norm(mergeFavourites(ab, ab))).toBe(norm(ab));
      }),
    );
  });

  it('keeps the latest op per pair: a later removal wins an older star, a tie keeps the star', () => {
    const merged = mergeFavourites(
      [entry('BTC_USDT', 1), entry('ETH_USDT', 5)],
      [entry('BTC_USDT', 2, false), entry('ETH_USDT', 5, false)],
    );
    expect(merged.find((e) => e.symbol === 'BTC_USDT')?.on).toBe(false);
    expect(merged.find((e) => e.symbol === 'ETH_USDT')?.on).toBe(true);
  });

  it('keeps at most MAX_TOMBSTONES removals, the newest', () => {
    const dead = Array.from({ length: MAX_TOMBSTONES + 10 }, (_, k) => entry(`C${k}_USDT`, k, false));
    const merged = mergeFavourites(dead, [entry('BTC_USDT', 0)]);
    expect(merged.filter((e) => !e.on)).toHaveLength(MAX_TOMBSTONES);
    expect(merged.some((e) => e.symbol === 'C0_USDT')).toBe(false);
    expect(merged.some((e) => e.symbol === 'BTC_USDT' && e.on)).toBe(true);
  });
});

/** One browser tab's favourites store over the shared fake IndexedDB and a real (node) BroadcastChannel. */
function tab(id: string, changes: { n: number } = { n: 0 }) {
  const channel = new NodeChannel(FAVOURITES_CHANNEL) as unknown as ChannelLike;
  let clock = 1_000;
  const store = createFavouritesStore({
    store: createFavouritesIdbStore(),
    coordinator: createCoordinator({
      channel,
      locks: null, // the channel claim (no navigator.locks in node): the lowest instance id wins
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      id,
    }),
    now: () => ++clock,
    log: () => {},
    onChange: () => void changes.n++,
  });
  return store;
}

const until = async (check: () => boolean, ms = 1000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within 1 s');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('favourites store across tabs (fake-indexeddb, BroadcastChannel)', () => {
  const open: FavouritesStore[] = [];
  afterEach(async () => {
    open.splice(0).forEach((s) => s.close());
    await clear(createStore(FAVOURITES_DATABASE, 'favourites'));
  });

  it('two tabs starring at once lose no entry, and each sees the other within 1 s', async () => {
    const a = tab('a');
    const b = tab('b');
    open.push(a, b);
    await Promise.all([a.setScope('anon'), b.setScope('anon')]);
    await Promise.all([
      a.set('spot', 'BTC_USDT', 'BTC/USDT', true),
      b.set('spot', 'ETH_USDT', 'ETH/USDT', true),
      a.set('pilot', 'So1abc', 'PEPE', true),
      b.set('futures:USDT', 'BTC_USDT', 'BTC/USDT', true),
    ]);
    await until(() => a.live().length === 4 && b.live().length === 4);
    const stored = (await createFavouritesIdbStore().get(scopeKey('anon'))) as FavouriteEntry[];
    expect(
      stored
        .filter((e) => e.on)
        .map((e) => `${e.list}|${e.symbol}`)
        .sort(),
    ).toEqual(['futures:USDT|BTC_USDT', 'pilot|So1abc', 'spot|BTC_USDT', 'spot|ETH_USDT']);
    // A removal in one tab reaches the other (a tombstone, not a lost write).
    await b.set('spot', 'BTC_USDT', 'BTC/USDT', false);
    await until(() => !a.has('spot', 'BTC_USDT'));
    expect(a.symbols('spot')).toEqual(['ETH_USDT']);
  });

  it('sign-in merges the server copy with the device (union); logout removes the account and keeps the anonymous list', async () => {
    const a = tab('a');
    const b = tab('b');
    open.push(a, b);
    await a.setScope('anon');
    await b.setScope('anon');
    await a.set('spot', 'BTC_USDT', 'BTC/USDT', true);
    const merged = await a.adopt('u:42', [{ list: 'spot', symbol: 'SOL_USDT', label: 'SOL/USDT', at: 5 }]);
    expect(merged.map((e) => e.symbol).sort()).toEqual(['BTC_USDT', 'SOL_USDT']);
    expect(a.scope).toBe('u:42');
    expect(await createFavouritesIdbStore().get(ACCOUNTS_KEY)).toEqual(['u:42']);
    await b.setScope('u:42');
    expect(b.symbols('spot').sort()).toEqual(['BTC_USDT', 'SOL_USDT']);
    await a.dropAccounts();
    expect(await createFavouritesIdbStore().get(scopeKey('u:42'))).toBeUndefined();
    expect(a.scope).toBe('anon');
    expect(a.symbols('spot')).toEqual(['BTC_USDT']);
    await until(() => b.scope === 'anon');
    await until(() => b.symbols('spot').length === 1);
  });

  it('a store that fails keeps the list working from memory (SPEC §8)', async () => {
    const broken = createFavouritesStore({
      store: {
        get: () => Promise.reject(new Error('idb gone')),
        set: () => Promise.reject(new Error('idb gone')),
        del: () => Promise.reject(new Error('idb gone')),
      },
      coordinator: createCoordinator({
        channel: null,
        locks: null,
        setTimeout,
        clearTimeout: (h) => clearTimeout(h as never),
        id: 'x',
      }),
      now: () => 1,
      log: () => {},
      onChange: () => {},
    });
    await broken.setScope('anon');
    await expect(broken.set('spot', 'BTC_USDT', 'BTC/USDT', true)).resolves.toBe(true);
    expect(broken.has('spot', 'BTC_USDT')).toBe(true);
  });
});

describe('engine: the favourites tab and the stars', () => {
  it("lists the starred pairs of the panel's list by volume, marks stars, and shows delisted ones after", async () => {
    const { engine } = createTestEngine(undefined, { favouritesStore: createMemoryStore() });
    await engine.init(TEST_CONFIG);
    const all = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '', count: 5 });
    const [first, , third] = all.rows;
    expect(first && third).toBeTruthy();
    await engine.setFavourite!('spot', third!.symbol, third!.label, true);
    await engine.setFavourite!('spot', first!.symbol, first!.label, true);
    await engine.setFavourite!('spot', 'GONE_USDT', 'GONE/USDT', true);
    await engine.setFavourite!('pilot', first!.symbol, first!.label, true); // another list: not in spot's tab
    const id = qid();
    const fav = await engine.query({ id, kind: 'spot', tab: FAVOURITES_TAB, term: '', count: 10 });
    expect(fav.total).toBe(3);
    expect(fav.rows.map((r) => r.symbol)).toEqual([first!.symbol, third!.symbol, 'GONE_USDT']);
    expect(fav.rows.every((r) => r.favourite)).toBe(true);
    expect(fav.rows[2]).toMatchObject({ delisted: true, label: 'GONE/USDT', href: '' });
    // Windows past the listed rows carry the delisted ones too.
    expect((await engine.rows(id, 2, 3))?.rows.map((r) => r.symbol)).toEqual(['GONE_USDT']);
    expect((await allRows(engine, id)).length).toBe(3);
    // The ALL tab marks the starred rows only.
    const again = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '', count: 5 });
    expect(again.rows.map((r) => r.favourite === true)).toEqual([true, false, true, false, false]);
    // A search ignores the tab (SPEC §5), stars still shown.
    const search = await engine.query({
      id: qid(),
      kind: 'spot',
      tab: FAVOURITES_TAB,
      term: first!.label.split('/')[0]!,
      count: 5,
    });
    expect(search.rows.find((r) => r.symbol === first!.symbol)?.favourite).toBe(true);
    // Unstarring re-ranks the open query in place (a version event; its window re-asked).
    const open = qid();
    await engine.query({ id: open, kind: 'spot', tab: FAVOURITES_TAB, term: '', count: 10 });
    await engine.setFavourite!('spot', third!.symbol, third!.label, false);
    expect((await engine.rows(open, 0, 10))?.rows.map((r) => r.symbol)).toEqual([first!.symbol, 'GONE_USDT']);
    const pairs = await engine.favourites!();
    expect(pairs.find((p) => p.symbol === first!.symbol && p.list === 'spot')?.href).toBe(first!.href);
    expect(pairs.find((p) => p.symbol === 'GONE_USDT')?.href).toBeNull();
    engine.dispose();
  });
});

describe('favourites store: a scope read racing a star', () => {
  it('a star made while the start-up read (or logout clean-up) is in flight is kept in memory', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const backing = createMemoryStore();
    const store = createFavouritesStore({
      store: { ...backing, get: async (key) => (await gate, backing.get(key)) },
      coordinator: createCoordinator({
        channel: null,
        locks: null,
        setTimeout,
        clearTimeout: (h) => clearTimeout(h as never),
        id: 'solo',
      }),
      now: () => 5,
      log: () => {},
      onChange: () => {},
    });
    const drop = store.dropAccounts(); // reads the anonymous list: held by the gate
    const star = store.set('spot', 'BTC_USDT', 'BTC/USDT', true);
    expect(store.has('spot', 'BTC_USDT')).toBe(true);
    release();
    await Promise.all([drop, star]);
    expect(store.has('spot', 'BTC_USDT')).toBe(true);
    await store.setScope('anon');
    expect(store.has('spot', 'BTC_USDT')).toBe(true);
  });
});
