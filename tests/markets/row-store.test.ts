// The market list's row store (src/markets/row-store.ts, SPEC §9 virtual list): which rows a window lacks with its
// prefetch margins, pruning, live values written into stored rows, favourites and reorder-only versions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KEEP_ROWS, MAX_ROWS, missingRun, RowStore } from '../../src/markets/row-store.ts';
import { MAX_WINDOW_ROWS } from '../../common/market-list-geometry.ts';
import { listRow } from './list-row.ts';

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, k) => listRow(`R${from + k}_USDT`));

describe('missingRun: the next rows a window and its margins lack', () => {
  it('is the window itself when nothing is in memory', () => {
    expect(missingRun({ first: 0, last: 19 }, 1000, 0, () => false)).toEqual({ first: 0, last: 19 });
  });

  it('is null when the window is in memory and no margin is wanted', () => {
    expect(missingRun({ first: 10, last: 29 }, 1000, 0, () => true)).toBeNull();
  });

  it('tops up the margin below only once less than half of it is left', () => {
    const has = (i: number) => i < 29 + 20; // 20 of a 30-row margin left below
    expect(missingRun({ first: 0, last: 29 }, 1000, 30, has)).toBeNull();
    const has10 = (i: number) => i < 29 + 10; // 10 left: under half
    expect(missingRun({ first: 0, last: 29 }, 1000, 30, has10)).toEqual({ first: 39, last: 59 });
  });

  it('asks the margin above once the one below is full', () => {
    const has = (i: number) => i >= 100;
    expect(missingRun({ first: 100, last: 129 }, 1000, 30, has)).toEqual({ first: 70, last: 100 });
  });

  it('never asks beyond the list, nor more than MAX_WINDOW_ROWS at once, and only missing rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 700 })),
        (first, len, total, margin, held) => {
          const set = new Set(held);
          const run = missingRun({ first, last: first + len }, total, margin, (i) => set.has(i));
          if (!run) return;
          expect(run.last).toBeGreaterThan(run.first);
          expect(run.last - run.first).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
          expect(run.first).toBeGreaterThanOrEqual(Math.max(0, first - margin));
          expect(run.last).toBeLessThanOrEqual(Math.max(first, Math.min(total, first + len + margin)));
          for (let i = run.first; i < run.last; i++) expect(set.has(i)).toBe(false);
        },
      ),
    );
  });
});

describe('RowStore', () => {
  it('replaces every row on a new result and stores a window of the same version beside them', () => {
    const s = new RowStore();
    s.replace(0, rows(5));
    s.store({ id: 1, version: 1, start: 5, rows: rows(5, 5) }, 1, false, { first: 0, last: 10 });
    expect(s.size).toBe(10);
    expect(s.get(7)?.symbol).toBe('R7_USDT');
  });

  it('drops every stored row for a window of another version or a refresh', () => {
    const s = new RowStore();
    s.replace(0, rows(10));
    s.store({ id: 1, version: 2, start: 20, rows: rows(2, 20) }, 1, false, { first: 20, last: 22 });
    expect(s.size).toBe(2);
    s.store({ id: 1, version: 2, start: 0, rows: rows(3) }, 2, true, { first: 0, last: 3 });
    expect(s.size).toBe(3);
    expect(s.get(20)).toBeUndefined();
  });

  it('prunes to KEEP_ROWS around the window once past MAX_ROWS', () => {
    const s = new RowStore();
    s.replace(0, rows(MAX_ROWS + 1));
    s.prune({ first: 300, last: 329 });
    expect(s.get(300 - KEEP_ROWS - 1)).toBeUndefined();
    expect(s.get(300 - KEEP_ROWS)).toBeDefined();
    expect(s.get(MAX_ROWS)).toBeDefined();
    const small = new RowStore();
    small.replace(0, rows(MAX_ROWS));
    small.prune({ first: 300, last: 329 });
    expect(small.size).toBe(MAX_ROWS);
  });

  it('writes live cells into rows of the same symbol, with the move only in sight', () => {
    const s = new RowStore();
    s.replace(0, rows(40));
    const cells = (index: number, symbol = `R${index}_USDT`) => ({
      index,
      symbol,
      price: '2.00',
      change: '+2.00%',
      trend: 1 as const,
      volume: '2K',
      move: 1 as const,
    });
    const change = s.applyLive([cells(1), cells(30), cells(2, 'OTHER_USDT'), cells(99)], {
      first: 0,
      last: 10,
    });
    expect(change).toEqual({ shown: true, unseen: true });
    expect(s.get(1)).toMatchObject({ price: '2.00', move: 1 });
    expect(s.get(30)?.price).toBe('2.00');
    expect(s.get(30)).not.toHaveProperty('move');
    expect(s.get(2)?.price).toBe('1.00');
    expect(s.applyLive([cells(30)], { first: 0, last: 10 })).toEqual({ shown: false, unseen: true });
  });

  it('toggles a loaded row favourite and back; an absent row is undefined', () => {
    const s = new RowStore();
    s.replace(0, rows(2));
    expect(s.toggleFavourite(1)?.favourite).toBe(true);
    expect(s.toggleFavourite(1)).not.toHaveProperty('favourite');
    expect(s.toggleFavourite(5)).toBeUndefined();
  });

  it('says a version change is reorder-only when it was announced as a re-rank and no data came after', () => {
    const s = new RowStore();
    s.noteVersion({ kind: 'spot', version: 2, status: 'ready' });
    s.noteVersion({ kind: 'spot', version: 3, status: 'ready', reorder: true });
    expect(s.reorderOnly(2, 3)).toBe(true);
    expect(s.reorderOnly(1, 3)).toBe(false); // data version 2 came after the one shown
    expect(s.reorderOnly(0, 3)).toBe(false); // the first version shown
    expect(s.reorderOnly(2, 2)).toBe(false);
  });
});
