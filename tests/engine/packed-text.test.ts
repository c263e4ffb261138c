// Packed text columns (workers/market/packed-text.ts): what the table and the pilot cache entry read values from.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clipColumn,
  constantText,
  isPackedText,
  longestPacked,
  packText,
  packedAt,
  PackedTextView,
} from '../../workers/market/packed-text.ts';

const clip = (text: string, max: number) => text.slice(0, max);

describe('packText / PackedTextView', () => {
  it('gives back every value, empty and non-Latin-1 ones included, through a structured clone', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 60 }), (values) => {
        const packed = structuredClone(packText(values));
        expect(isPackedText(packed, values.length)).toBe(true);
        const view = new PackedTextView(packed);
        expect(view.length).toBe(values.length);
        expect(Array.from({ length: values.length }, (_, i) => view.at(i))).toEqual(values);
        expect(view.at(values.length)).toBeUndefined();
        expect(view.at(-1)).toBeUndefined();
        expect(longestPacked(packed)).toBe(Math.max(0, ...values.map((v) => v.length)));
      }),
    );
  });

  it('applies the map on the way in', () => {
    const packed = packText([' a ', 'b  '], (v) => v.trim());
    expect([packedAt(packed, 0), packedAt(packed, 1)]).toEqual(['a', 'b']);
  });
});

describe('isPackedText', () => {
  it('rejects other shapes, offsets out of order or past the text, and empty values when asked', () => {
    const ok = packText(['ab', 'c']);
    expect(isPackedText(ok, 2, true)).toBe(true);
    expect(isPackedText(ok, 3)).toBe(false);
    expect(isPackedText(null, 0)).toBe(false);
    expect(isPackedText(['ab', 'c'], 2)).toBe(false);
    expect(isPackedText({ text: 'abc', ends: [2, 3] }, 2)).toBe(false);
    expect(isPackedText({ text: 'abc', ends: Uint32Array.of(3, 2) }, 2)).toBe(false);
    expect(isPackedText({ text: 'abc', ends: Uint32Array.of(2, 4) }, 2)).toBe(false);
    expect(isPackedText({ text: 'abc', ends: Uint32Array.of(2, 2) }, 2)).toBe(false);
    expect(isPackedText(packText(['ab', '']), 2)).toBe(true);
    expect(isPackedText(packText(['ab', '']), 2, true)).toBe(false);
  });
});

describe('clipColumn and constantText', () => {
  it('returns the same column when nothing is over the limit, else clips every long value', () => {
    const plain = ['abc', 'de'];
    expect(clipColumn(plain, 3, clip)).toBe(plain);
    expect(Array.from(clipColumn(plain, 2, clip) as string[])).toEqual(['ab', 'de']);
    const view = new PackedTextView(packText(['abcdef', 'xy']));
    expect(clipColumn(view, 6, clip)).toBe(view);
    const clipped = clipColumn(view, 4, clip);
    expect([clipped.at(0), clipped.at(1), clipped.at(2)]).toEqual(['abcd', 'xy', undefined]);
  });

  it('a constant column answers its value inside its length only', () => {
    const c = constantText(3, '');
    expect([c.length, c.at(0), c.at(2), c.at(3)]).toEqual([3, '', '', undefined]);
  });
});
