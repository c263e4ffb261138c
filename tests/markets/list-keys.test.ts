// The market list's keyboard model (src/markets/list-keys.ts, SPEC §9 keyboard): arrows, page keys, Home and End
// move the active row within the list, and scrolling to it with the window core (list-window.ts) shows it whole.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeAfter, isListKey, type ListKey } from '../../src/markets/list-keys';
import { PAGE_ROWS } from '../../src/markets/list-window';
import { stubWindow } from './window-stub';

const KEYS: ListKey[] = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'];

describe('list keyboard model', () => {
  it('moves one row, one viewport (9 rows) or to an end, and stops at the ends', () => {
    expect(activeAfter('ArrowDown', -1, 100)).toBe(0);
    expect(activeAfter('ArrowDown', 0, 100)).toBe(1);
    expect(activeAfter('ArrowDown', 99, 100)).toBe(99);
    expect(activeAfter('ArrowUp', 5, 100)).toBe(4);
    expect(activeAfter('ArrowUp', 0, 100)).toBe(0);
    expect(activeAfter('ArrowUp', -1, 100)).toBe(99);
    expect(activeAfter('PageDown', 0, 100)).toBe(PAGE_ROWS);
    expect(activeAfter('PageDown', 95, 100)).toBe(99);
    expect(activeAfter('PageUp', 20, 100)).toBe(20 - PAGE_ROWS);
    expect(activeAfter('PageUp', 3, 100)).toBe(0);
    expect(activeAfter('Home', 50, 100)).toBe(0);
    expect(activeAfter('End', -1, 100_000)).toBe(99_999);
  });

  it('an empty list has no active row; an active row past a shrunk list is clamped first', () => {
    for (const key of KEYS) expect(activeAfter(key, 3, 0)).toBe(-1);
    expect(activeAfter('ArrowUp', 500, 10)).toBe(8);
    expect(activeAfter('ArrowDown', Number.NaN, 10)).toBe(0);
    expect(activeAfter('PageDown', 0, 10, 0)).toBe(1);
  });

  it('knows its keys', () => {
    expect(KEYS.every(isListKey)).toBe(true);
    expect(['Enter', 'a', 'Tab', 'ArrowLeft', ''].some(isListKey)).toBe(false);
  });

  it('any key sequence keeps the active row in the list and, scrolled to, whole in view (up to 100,000 rows)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.constantFrom(...KEYS), { maxLength: 60 }),
        fc.integer({ min: 0, max: 6_000_000 }),
        (total, keys, startTop) => {
          const { win, scroll } = stubWindow(total);
          scroll(startTop);
          let active = -1;
          for (const key of keys) {
            active = activeAfter(key, active, total);
            if (total === 0) {
              expect(active).toBe(-1);
              continue;
            }
            expect(active).toBeGreaterThanOrEqual(0);
            expect(active).toBeLessThan(total);
            win.scrollToIndex(active);
            const shown = win.visible();
            expect(active).toBeGreaterThanOrEqual(shown.first);
            expect(active).toBeLessThan(shown.last);
            // Whole: the row's top and bottom edges are inside the viewport.
            expect(active * 58).toBeGreaterThanOrEqual(win.offset);
            expect((active + 1) * 58).toBeLessThanOrEqual(win.offset + 530);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
