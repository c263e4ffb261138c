// Favourites on the wire (common/wire/favourites.ts; SPEC §4 market lists, docs/API.md 'Favourites'): the lists a
// pair can be starred in, the stored entry's bounds, and the merge's tombstone bound and order.
import { describe, expect, it } from 'vitest';
import {
  favouriteListOf,
  FAVOURITE_LISTS,
  FavouritesBody,
  FavouriteWire,
  mergeFavourites,
  MAX_TOMBSTONES,
  type FavouriteEntry,
} from '../../../common/wire/favourites.ts';

const entry = { list: 'spot', symbol: 'BTC_USDT', label: 'BTC/USDT', at: 1 };

describe('SPEC §4 favourite lists', () => {
  it('one list per panel, futures per settle currency (USDT unless BTC)', () => {
    expect(FAVOURITE_LISTS).toEqual(['spot', 'futures:USDT', 'futures:BTC', 'pilot', 'premarket']);
    expect(favouriteListOf('futures', 'BTC')).toBe('futures:BTC');
    expect(favouriteListOf('futures', 'USDT')).toBe('futures:USDT');
    expect(favouriteListOf('futures')).toBe('futures:USDT');
    for (const kind of ['spot', 'pilot', 'premarket'] as const)
      expect(favouriteListOf(kind, 'BTC')).toBe(kind);
  });
});

describe("docs/API.md 'Favourites': a stored entry", () => {
  it('a known list, a symbol of 1–128 characters, a label up to 64, a whole non-negative time', () => {
    expect(FavouriteWire.parse(entry)).toEqual(entry);
    for (const list of FAVOURITE_LISTS)
      expect(FavouriteWire.safeParse({ ...entry, list }).success).toBe(true);
    for (const bad of [
      { list: 'futures' },
      { symbol: '' },
      { symbol: 's'.repeat(129) },
      { label: 'l'.repeat(65) },
      { at: -1 },
      { at: 1.5 },
      { at: '1' },
    ])
      expect(FavouriteWire.safeParse({ ...entry, ...bad }).success, JSON.stringify(bad)).toBe(false);
    expect(
      FavouriteWire.safeParse({ ...entry, symbol: 's'.repeat(128), label: 'l'.repeat(64) }).success,
    ).toBe(true);
    expect(FavouritesBody.parse({ entries: [entry] })).toEqual({ entries: [entry] });
    expect(FavouritesBody.safeParse({ entries: [{ ...entry, at: -1 }] }).success).toBe(false);
  });
});

describe('merge: tombstones and order', () => {
  const e = (symbol: string, at: number, on: boolean): FavouriteEntry =>
    ({ ...entry, symbol, at, on }) as FavouriteEntry;

  it('keeps at most MAX_TOMBSTONES removed entries, dropping the oldest; starred entries are never dropped', () => {
    const stones = Array.from({ length: MAX_TOMBSTONES + 1 }, (_, i) => e(`T${i}`, i + 10, false));
    const merged = mergeFavourites([e('ON', 0, true), ...stones]);
    expect(merged.filter((x) => !x.on)).toHaveLength(MAX_TOMBSTONES);
    expect(merged.some((x) => x.symbol === 'T0')).toBe(false);
    expect(merged.some((x) => x.symbol === 'T1')).toBe(true);
    expect(merged.at(-1)!.symbol).toBe('ON');
  });

  it('latest first; equal times by list and symbol', () => {
    const merged = mergeFavourites([e('B', 5, true), e('A', 5, true), e('C', 9, true)], [e('D', 1, false)]);
    expect(merged.map((x) => x.symbol)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('per pair the later entry wins; at a tie starred beats removed, then the greater label', () => {
    expect(mergeFavourites([e('A', 1, true)], [e('A', 2, false)])).toEqual([e('A', 2, false)]);
    expect(mergeFavourites([e('A', 2, false)], [e('A', 1, true)])).toEqual([e('A', 2, false)]);
    expect(mergeFavourites([e('A', 2, false)], [e('A', 2, true)])).toEqual([e('A', 2, true)]);
    expect(mergeFavourites([e('A', 2, true)], [e('A', 2, false)])).toEqual([e('A', 2, true)]);
    const x = { ...e('A', 2, true), label: 'x' };
    const y = { ...e('A', 2, true), label: 'y' };
    expect(mergeFavourites([x], [y])).toEqual([y]);
    expect(mergeFavourites([y], [x])).toEqual([y]);
    // The label decides only between two starred (or two removed) entries: a removed one never wins by its label.
    const starred = { ...e('A', 2, true), label: 'a' };
    const removed = { ...e('A', 2, false), label: 'z' };
    expect(mergeFavourites([starred], [removed])).toEqual([starred]);
    expect(mergeFavourites([removed], [starred])).toEqual([starred]);
  });
});
