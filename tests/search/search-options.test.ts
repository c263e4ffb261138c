// The search modal's row model (src/search/search-options.ts): top movers as the engine names them, sections with
// 'more', and the stars (SPEC §4 favourites) pressed in the modal over the engine's.
import { describe, expect, it } from 'vitest';
import type { FavouritePair, SearchAllResult, SearchSection } from '../../workers/market/contract.ts';
import { buildGroups, flatOptions, isStarred, starKey, withStar } from '../../src/search/search-options.ts';
import { listRow } from '../markets/list-row.ts';

const section = (symbols: string[], total = symbols.length): SearchSection => ({
  total,
  rows: symbols.map((s) => listRow(s)),
  status: 'ready',
});

const result = (top: SearchAllResult['top'] = []): SearchAllResult => ({
  id: 1,
  superseded: false,
  sections: {
    spot: section(['A_USDT', 'B_USDT'], 9),
    futures: section(['C_USDT']),
    pilot: section([]),
    premarket: section(['D']),
  },
  top,
});

describe('buildGroups', () => {
  it('without a term: recent, favourites with a link, then the top movers in the order the engine gives', () => {
    const pairs: FavouritePair[] = [
      { list: 'spot', symbol: 'A_USDT', label: 'A/USDT', href: '/trade/A_USDT' },
      { list: 'pilot', symbol: 'GONE', label: 'GONE', href: null },
    ];
    const top = [
      { kind: 'futures' as const, index: 0 },
      { kind: 'spot' as const, index: 1 },
      { kind: 'spot' as const, index: 7 },
    ];
    const groups = buildGroups('  ', result(top), ['eth'], pairs);
    expect(groups.map((g) => g.key)).toEqual(['recent', 'favourites', 'top']);
    expect(groups[1]!.options.map((o) => o.key)).toEqual(['fav-spot-A_USDT']);
    // A reference past the section's rows (cut by the byte budget) is left out.
    expect(groups[2]!.options.map((o) => o.key)).toEqual(['top-futures-C_USDT', 'top-spot-B_USDT']);
  });

  it("with a term: a group per list with rows, a 'more' option when the list has more", () => {
    const options = flatOptions(buildGroups('x', result(), []));
    expect(options.map((o) => o.key)).toEqual([
      'spot-A_USDT',
      'spot-B_USDT',
      'more-spot',
      'futures-C_USDT',
      'premarket-D',
    ]);
  });
});

describe('stars', () => {
  it("a press in the modal wins over the engine's row.favourite; other options are never starred", () => {
    const [a, b, more] = flatOptions(buildGroups('x', result(), []));
    const starredRow = { ...a!, row: listRow('A_USDT', { favourite: true }) } as typeof a;
    expect(isStarred(starredRow!, new Map())).toBe(true);
    expect(isStarred(starredRow!, new Map([[starKey('spot', 'A_USDT'), false]]))).toBe(false);
    expect(isStarred(b!, new Map([[starKey('spot', 'B_USDT'), true]]))).toBe(true);
    expect(isStarred(b!, new Map([[starKey('futures', 'B_USDT'), true]]))).toBe(false);
    expect(isStarred(more!, new Map())).toBe(false);
  });

  it('withStar puts a starred pair first (futures = USDT-settled list) and removes an unstarred one', () => {
    const pairs: FavouritePair[] = [
      { list: 'spot', symbol: 'A_USDT', label: 'A/USDT', href: '/trade/A_USDT' },
    ];
    const row = listRow('C_USDT', { href: '/futures/USDT/C_USDT' });
    const on = withStar(pairs, 'futures', row, true);
    expect(on).toEqual([
      { list: 'futures:USDT', symbol: 'C_USDT', label: 'C/USDT', href: '/futures/USDT/C_USDT' },
      pairs[0],
    ]);
    expect(withStar(on, 'futures', row, true)).toHaveLength(2);
    expect(withStar(on, 'spot', listRow('A_USDT'), false)).toEqual([on[0]]);
    expect(pairs).toHaveLength(1);
  });
});
