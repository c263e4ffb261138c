// The market list's active row (src/markets/active-row.ts, SPEC §9 keyboard): clamped to the list, redrawn before its
// listeners hear of it, unchanged when set to itself, moved by the list keys.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ActiveRow } from '../../src/markets/active-row.ts';

describe('ActiveRow', () => {
  it('clamps an index to the list: -1 when empty, negative or not finite, else at most the last row', () => {
    expect(ActiveRow.clamp(3, 0)).toBe(-1);
    expect(ActiveRow.clamp(-2, 10)).toBe(-1);
    expect(ActiveRow.clamp(Number.NaN, 10)).toBe(-1);
    expect(ActiveRow.clamp(Infinity, 10)).toBe(-1);
    expect(ActiveRow.clamp(99, 10)).toBe(9);
    expect(ActiveRow.clamp(4.7, 10)).toBe(4);
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 0, max: 1e6 }), (i, n) => {
        const c = ActiveRow.clamp(i, n);
        expect(c === -1 || (c >= 0 && c < n && Number.isInteger(c))).toBe(true);
      }),
    );
  });

  it('runs the redraw, then the listeners, once per change', () => {
    const a = new ActiveRow();
    const seen: string[] = [];
    const off = a.subscribe((i) => seen.push(`listener ${i}`));
    expect(a.set(2, () => seen.push('redraw'))).toBe(true);
    expect(a.set(2, () => seen.push('redraw'))).toBe(false);
    off();
    a.set(3);
    expect(seen).toEqual(['redraw', 'listener 2']);
    expect(a.index).toBe(3);
  });

  it('moves by the list keys (list-keys.ts)', () => {
    const a = new ActiveRow();
    expect(a.after('ArrowDown', 5)).toBe(0);
    a.set(4);
    expect(a.after('ArrowDown', 5)).toBe(4);
    expect(a.after('Home', 5)).toBe(0);
    expect(a.after('ArrowUp', 0)).toBe(-1);
  });
});
