// Lenient field schemas (common/wire/lenient.ts, SPEC §8: an odd field falls back to its default, never rejects the
// answer), the prototype-safe lookups (common/own.ts) and the small keys of the wire layer.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  flag,
  nonEmptyText,
  numberRecord,
  numeric,
  objectOf,
  text,
  textList,
  textRecord,
  toFiniteNumber,
} from '../../../common/wire/lenient.ts';
import { hasOwnKey, ownGet } from '../../../common/own.ts';
import { favouriteKey, favouriteListOf, liveFavourites } from '../../../common/wire/favourites.ts';
import { futuresTickKey } from '../../../common/wire/live.ts';

/** Each value of `inputs` read through `schema` as the field `v` of an object (undefined: the key is missing). */
function read<T>(schema: z.ZodMiniType<T>, inputs: unknown[]): T[] {
  const obj = z.object({ v: schema });
  return inputs.map((v) => obj.parse(v === undefined ? {} : { v }).v);
}

describe('lenient fields', () => {
  it('toFiniteNumber reads numbers and numeric strings, nothing else', () => {
    expect(
      [2, '3.5', ' 4 ', '', ' ', 'x', NaN, Infinity, '1e400', null, true, [1]].map(toFiniteNumber),
    ).toEqual([
      2,
      3.5,
      4,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('flag is true for true, 1, "1" and "true" only', () => {
    expect(read(flag, [true, 1, '1', 'true', false, 0, '0', 'TRUE', 'yes', 2, null, undefined])).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('text keeps strings (empty too), writes numbers out, and falls back for anything else', () => {
    expect(read(text(), ['a', '', 5, null, undefined, {}])).toEqual(['a', '', '5', '', '', '']);
    expect(read(text('d'), [true, 'x'])).toEqual(['d', 'x']);
    expect(read(nonEmptyText('USD'), ['EUR', '', 7, null, undefined, []])).toEqual([
      'EUR',
      'USD',
      '7',
      'USD',
      'USD',
      'USD',
    ]);
  });

  it('numeric reads finite numbers and numeric strings, else its fallback', () => {
    expect(read(numeric(), [3, '4', 'x', null, undefined])).toEqual([3, 4, 0, 0, 0]);
    expect(read(numeric(9), ['', Infinity, 1])).toEqual([9, 9, 1]);
  });

  it('textList, textRecord and numberRecord keep the entries of their type and drop the rest', () => {
    expect(read(textList, [['a', 1, null, 'b'], 'a', { 0: 'a' }, undefined])).toEqual([
      ['a', 'b'],
      [],
      [],
      [],
    ]);
    expect(read(textRecord, [{ es: 'Español', n: 1, o: {} }, ['x'], 'x', null, undefined])).toEqual([
      { es: 'Español' },
      {},
      {},
      {},
      {},
    ]);
    expect(read(numberRecord, [{ a: 1, b: '2', c: NaN, d: Infinity }, [3], 4, undefined])).toEqual([
      { a: 1 },
      {},
      {},
      {},
    ]);
  });

  it('objectOf reads an object, and anything else as {}', () => {
    const keys = objectOf((o) => Object.keys(o).sort().join());
    expect(read(keys, [{ b: 1, a: 2 }, ['x'], 'x', null, undefined])).toEqual(['a,b', '', '', '', '']);
  });
});

describe('own-property lookups (docs/SECURITY.md)', () => {
  const table: Record<string, number> = { a: 1 };
  it('finds own keys only, never what every object inherits', () => {
    expect(ownGet(table, 'a')).toBe(1);
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'b']) {
      expect(ownGet(table, key)).toBeUndefined();
      expect(hasOwnKey(table, key)).toBe(false);
    }
    expect(hasOwnKey(table, 'a')).toBe(true);
  });
});

describe('wire keys', () => {
  it('names favourites lists by kind and settle currency (futures default USDT), and keys entries by list', () => {
    expect(favouriteListOf('spot')).toBe('spot');
    expect(favouriteListOf('pilot', 'BTC')).toBe('pilot');
    expect(favouriteListOf('futures')).toBe('futures:USDT');
    expect(favouriteListOf('futures', 'USDT')).toBe('futures:USDT');
    expect(favouriteListOf('futures', 'BTC')).toBe('futures:BTC');
    expect(favouriteKey('spot', 'BTC_USDT')).toBe('spot|BTC_USDT');
  });

  it('sends the starred entries only, without the device flag', () => {
    expect(
      liveFavourites([
        { list: 'spot', symbol: 'A', label: 'A/USDT', at: 2, on: true },
        { list: 'spot', symbol: 'B', label: 'B/USDT', at: 3, on: false },
      ]),
    ).toEqual([{ list: 'spot', symbol: 'A', label: 'A/USDT', at: 2 }]);
  });

  it('keys a futures tick by the lower-case settle currency and the contract', () => {
    expect(futuresTickKey('USDT', 'BTC_USDT')).toBe('usdt:BTC_USDT');
  });
});
