// Which row slots stay put when the list's slots are put back in row order (src/markets/slot-order.ts, SPEC §9
// keyboard): a longest increasing run, always holding the focused row's slot.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  keptPositions,
  ORDER_IDLE_MS,
  ORDER_SLICE_SLOTS,
  SlotOrder,
  type OrderedSlot,
} from '../../src/markets/slot-order.ts';

/** Longest increasing subsequence length by brute force over subsets, holding position `pinned` when ≥ 0. */
function bruteLongest(values: readonly number[], pinned: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << values.length; mask++) {
    if (pinned >= 0 && !(mask & (1 << pinned))) continue;
    let last = -Infinity;
    let ok = true;
    let size = 0;
    for (let k = 0; k < values.length && ok; k++) {
      if (!(mask & (1 << k))) continue;
      ok = values[k]! > last;
      last = values[k]!;
      size++;
    }
    if (ok) best = Math.max(best, size);
  }
  return best;
}

/** Distinct row indices in some DOM order, and a position in it (or -1). */
const arrangement = fc
  .uniqueArray(fc.integer({ min: 0, max: 200 }), { minLength: 0, maxLength: 11 })
  .chain((values) =>
    fc.tuple(fc.constant(values), fc.integer({ min: -1, max: Math.max(-1, values.length - 1) })),
  );

describe('keptPositions', () => {
  it('keeps a longest run in order, and the pinned slot in it', () => {
    fc.assert(
      fc.property(arrangement, ([values, pinned]) => {
        const kept = keptPositions(values, pinned);
        for (let k = 1; k < kept.length; k++) {
          expect(kept[k]!).toBeGreaterThan(kept[k - 1]!);
          expect(values[kept[k]!]!).toBeGreaterThan(values[kept[k - 1]!]!);
        }
        if (pinned >= 0) expect(kept).toContain(pinned);
        expect(kept.length).toBe(bruteLongest(values, pinned));
      }),
      { numRuns: 400 },
    );
  });

  it('moves only the shorter part of a scrolled list (a rotation of row order)', () => {
    // 29 slots, rows 100..128, scrolled by 10 rows: the 10 reused slots sit first in the DOM.
    const rows = Array.from({ length: 29 }, (_, k) => 100 + k);
    const dom = [...rows.slice(19), ...rows.slice(0, 19)];
    expect(keptPositions(dom)).toEqual(Array.from({ length: 19 }, (_, k) => 10 + k));
    // With focus on a row of the short part, that part stays and the long part moves instead.
    expect(keptPositions(dom, 3)).toEqual(Array.from({ length: 10 }, (_, k) => k));
  });

  it('keeps everything when the DOM is already in row order, and copes with no slots', () => {
    expect(keptPositions([3, 4, 9, 12], 2)).toEqual([0, 1, 2, 3]);
    expect(keptPositions([])).toEqual([]);
    expect(keptPositions([5], 0)).toEqual([0]);
  });
});

/** A container of slot elements with the few DOM members SlotOrder uses; counts moves per task. */
class FakeContainer {
  kids: FakeEl[] = [];
  moves = 0;
  get firstElementChild(): FakeEl | null {
    return this.kids[0] ?? null;
  }
  insertBefore(el: FakeEl, next: FakeEl | null): void {
    this.kids.splice(this.kids.indexOf(el), 1);
    const at = next ? this.kids.indexOf(next) : this.kids.length;
    this.kids.splice(at, 0, el);
    this.moves++;
  }
}
class FakeEl {
  constructor(
    readonly parent: FakeContainer,
    readonly row: number,
  ) {}
  get nextElementSibling(): FakeEl | null {
    return this.parent.kids[this.parent.kids.indexOf(this) + 1] ?? null;
  }
  contains(): boolean {
    return false;
  }
}
const fakeList = { addEventListener() {}, removeEventListener() {} };

/** Slots holding `rows` in that DOM order, and their order keeper. */
function slotsInOrder(rows: readonly number[]): { container: FakeContainer; order: SlotOrder } {
  const container = new FakeContainer();
  container.kids = rows.map((r) => new FakeEl(container, r));
  const slots = new Map<unknown, OrderedSlot>(
    container.kids.map((el) => [el, { el, index: el.row } as unknown as OrderedSlot]),
  );
  const order = new SlotOrder(
    container as unknown as HTMLElement,
    fakeList as unknown as HTMLElement,
    (node) => slots.get(node),
  );
  return { container, order };
}

describe('SlotOrder: the reading-order pass once the list is still', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('puts any arrangement in row order, at most ORDER_SLICE_SLOTS moves per idle slice', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('document', { activeElement: null });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { minLength: 0, maxLength: 29 }),
        async (rows) => {
          const { container, order } = slotsInOrder(rows);
          order.whenStill();
          await vi.advanceTimersByTimeAsync(ORDER_IDLE_MS);
          // Each idle slice (a task without requestIdleCallback) moves a few slots, until none is out of order.
          for (let slice = 0; slice <= rows.length; slice++) {
            container.moves = 0;
            await vi.advanceTimersByTimeAsync(1);
            expect(container.moves).toBeLessThanOrEqual(ORDER_SLICE_SLOTS);
          }
          expect(container.kids.map((el) => el.row)).toEqual([...rows].sort((a, b) => a - b));
          order.destroy();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a render before the pass ends starts the wait again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('document', { activeElement: null });
    const rows = Array.from({ length: 29 }, (_, k) => (k + 15) % 29); // a list scrolled by 15 rows
    const { container, order } = slotsInOrder(rows);
    order.whenStill();
    await vi.advanceTimersByTimeAsync(ORDER_IDLE_MS);
    await vi.advanceTimersByTimeAsync(1);
    expect(container.moves).toBe(ORDER_SLICE_SLOTS);
    order.whenStill(); // the list moved again
    container.moves = 0;
    await vi.advanceTimersByTimeAsync(ORDER_IDLE_MS - 1);
    expect(container.moves).toBe(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(container.kids.map((el) => el.row)).toEqual([...rows].sort((a, b) => a - b));
    order.destroy();
  });

  it('renders on every frame of a scroll hold one timer, and the pass waits for the last of them', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('document', { activeElement: null });
    const rows = Array.from({ length: 29 }, (_, k) => (k + 10) % 29);
    const { container, order } = slotsInOrder(rows);
    const armed = vi.spyOn(globalThis, 'setTimeout');
    // A second of renders, one per 16 ms frame: never more than one pending timer, and no move meanwhile.
    for (let frame = 0; frame < 60; frame++) {
      order.whenStill();
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(16);
    }
    expect(container.moves).toBe(0);
    await vi.advanceTimersByTimeAsync(ORDER_IDLE_MS - 16 - 2);
    expect(container.moves).toBe(0);
    // The first wait and one re-arm for the time the renders added, not a timer per render.
    expect(armed.mock.calls.length).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(container.kids.map((el) => el.row)).toEqual([...rows].sort((a, b) => a - b));
    order.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
