// The DOM order of a list's row slots (src/markets/slot-order.ts, SPEC §9 keyboard): the head that puts the shown
// slots in row order, moving only slots that took other rows; checked on a model of the DOM (slot numbers in order).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextHead, type HeadMove } from '../../src/markets/slot-order.ts';

/** The slots in DOM order from `head` (the pool's cyclic order). */
const domFrom = (n: number, head: number) => Array.from({ length: n }, (_, k) => (head + k) % n);

/** The slots `move` takes out of their place, in the order they are moved. */
function moved(n: number, head: number, move: HeadMove): number[] {
  const out: number[] = [];
  if (move.forward) for (let k = head; k !== move.to; k = (k + 1) % n) out.push(k);
  else for (let k = head; k !== move.to;) out.push((k = (k - 1 + n) % n));
  return out;
}

/** `move` applied to the DOM model `dom` as row-slots.ts applies it (append each, or insert each at the start). */
function apply(dom: number[], n: number, head: number, move: HeadMove): number[] {
  let out = [...dom];
  for (const k of moved(n, head, move)) {
    out = out.filter((s) => s !== k);
    if (move.forward) out.push(k);
    else out.unshift(k);
  }
  return out;
}

/** The rows of the slots in `dom` that show one, in DOM order. */
const shownInDom = (dom: number[], rows: readonly number[]) => dom.map((k) => rows[k]!).filter((r) => r >= 0);

const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);

/** Rows of a pool of `n` slots (row i in slot i mod n, -1 none): `count` distinct rows chosen from [from, from+span). */
const poolRows = fc
  .record({
    n: fc.integer({ min: 1, max: 35 }),
    from: fc.integer({ min: 0, max: 100_000 }),
    span: fc.integer({ min: 1, max: 50 }),
    seed: fc.array(fc.boolean(), { minLength: 50, maxLength: 50 }),
    head: fc.nat(),
    costs: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 35, maxLength: 35 }),
  })
  .map(({ n, from, span, seed, head, costs }) => {
    const rows = new Array<number>(n).fill(-1);
    for (let r = from; r < from + span; r++) if (seed[r - from] && rows[r % n] === -1) rows[r % n] = r;
    return { n, rows, head: head % n, cost: costs.slice(0, n) };
  });

describe('nextHead', () => {
  it('puts the shown slots in row order whenever their rows span less than the pool, at the least cost', () => {
    fc.assert(
      fc.property(poolRows, ({ n, rows, head, cost }) => {
        const shown = rows.filter((r) => r >= 0);
        const span = shown.length ? Math.max(...shown) - Math.min(...shown) : 0;
        const move = nextHead(rows, head, cost);
        if (span >= n) {
          expect(move).toBeNull();
          return;
        }
        expect(move).not.toBeNull();
        const dom = apply(domFrom(n, head), n, head, move!);
        expect(dom).toEqual(domFrom(n, move!.to));
        expect(increasing(shownInDom(dom, rows))).toBe(true);
        // No head that works is reached more cheaply, either way round (brute force over every head).
        const price = (m: HeadMove) => moved(n, head, m).reduce((sum, k) => sum + cost[k]!, 0);
        const best = Math.min(
          ...domFrom(n, 0)
            .filter((h) => increasing(shownInDom(domFrom(n, h), rows)))
            .flatMap((h) => [price({ to: h, forward: true }), price({ to: h, forward: false })]),
        );
        expect(price(move!)).toBe(best);
        // A head that already works moves nothing.
        if (increasing(shownInDom(domFrom(n, head), rows))) expect(move!.to).toBe(head);
      }),
      { numRuns: 500 },
    );
  });

  it('a window moving by k rows moves only slots that took new rows, at most k, never one that kept its row', () => {
    const walk = fc.record({
      n: fc.integer({ min: 2, max: 35 }),
      length: fc.integer({ min: 1, max: 35 }),
      start: fc.integer({ min: 0, max: 1_000 }),
      steps: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength: 30 }),
    });
    fc.assert(
      fc.property(walk, ({ n, length, start, steps }) => {
        const len = Math.min(n, length);
        const rowsOf = (first: number) => {
          const rows = new Array<number>(n).fill(-1);
          for (let r = first; r < first + len; r++) rows[r % n] = r;
          return rows;
        };
        let first = start;
        let rows = rowsOf(first);
        let head = nextHead(rows, 0, new Array<number>(n).fill(1))!.to;
        let dom = domFrom(n, head);
        for (const step of steps) {
          const next = Math.max(0, first + step);
          const nextRows = rowsOf(next);
          const cost = nextRows.map((r, k) => (r >= 0 && r === rows[k] ? n + 1 : 1));
          const move = nextHead(nextRows, head, cost)!;
          const gone = moved(n, head, move);
          for (const k of gone) expect(nextRows[k]! >= 0 && nextRows[k] === rows[k]).toBe(false);
          expect(gone.length).toBeLessThanOrEqual(Math.abs(next - first));
          // A jump that kept no row moves the nearer way round.
          if (cost.every((c) => c === 1)) expect(gone.length).toBeLessThanOrEqual(Math.floor(n / 2));
          dom = apply(dom, n, head, move);
          expect(increasing(shownInDom(dom, nextRows))).toBe(true);
          [first, rows, head] = [next, nextRows, move.to];
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a full window of 29 scrolled down 2 rows moves its 2 wrapped slots to the end; up 3, 3 to the start', () => {
    const n = 29;
    const rowsOf = (first: number) =>
      Array.from({ length: n }, (_, k) => first + ((((k - first) % n) + n) % n));
    const kept = (a: number[], b: number[]) => b.map((r, k) => (r === a[k] ? n + 1 : 1));
    const at100 = rowsOf(100); // row 100 in slot 13: head 13
    expect(nextHead(at100, 13, new Array<number>(n).fill(n + 1))).toEqual({ to: 13, forward: true });
    const at102 = rowsOf(102);
    expect(nextHead(at102, 13, kept(at100, at102))).toEqual({ to: 15, forward: true });
    const at99 = rowsOf(99);
    expect(nextHead(at99, 15, kept(at102, at99))).toEqual({ to: 12, forward: false });
  });

  it('no shown row, or one, leaves the head where it is; rows spanning the pool have no order', () => {
    expect(nextHead([-1, -1, -1], 2, [1, 1, 1])).toEqual({ to: 2, forward: true });
    expect(nextHead([-1, 7, -1], 0, [1, 1, 1])).toEqual({ to: 0, forward: true });
    expect(nextHead([0, 4, -1], 0, [1, 1, 1])).toBeNull();
  });
});
