/**
 * The DOM adapter of a market list (SPEC §3 rows, §9 58 px rows): the one part that writes row slots. A fixed pool of
 * slots, written in place: row `i` always lives in slot `i mod poolSize`, and a slot never moves in the DOM while the
 * list scrolls: a scroll step rewrites the text, attributes and `translateY` of the slots whose rows changed, and a
 * slot with no row stays attached out of sight (`releaseSlot`), so no step re-attaches, restyles or re-lays out a
 * whole slot subtree. No framework: the list controller (market-list.ts) calls `render` in the task that received the
 * rows. It has no listeners: the input adapter (list-input.ts) reads it (`indexAt`, `order`, `active`).
 *
 * The slot's markup is row-markup.ts's, its writes row-write.ts's; Tab and reading order (slots put back in row order
 * on focus, on Tab and once the list is still, never moving the focused row's slot) are slot-order.ts's. The list is
 * a grid the panel's search field controls (WAI-ARIA combobox with a grid popup, SPEC §9 keyboard): each row has a
 * stable id per row index (`rowId`), `aria-selected`, and `data-active="true"` on the active row.
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import type { RowRenderer } from './list-types.ts';
import type { RowRange } from './list-window.ts';
import { createSlot, type Slot } from './row-markup.ts';
import {
  iconFailed,
  markActive,
  releaseSlot,
  reuseSlot,
  writeRow,
  type RowLabels,
  type WriteContext,
} from './row-write.ts';
import { SlotOrder } from './slot-order.ts';

export type { RowLabels } from './row-write.ts';

/** The DOM id of row `index` of the list whose rows' ids start with `prefix` (aria-activedescendant). */
export function rowId(prefix: string, index: number): string {
  return `${prefix}-row-${index}`;
}

/** What a list's slots need besides their elements: ids, badge texts and geometry. */
export interface RowSlotsOptions {
  kind: MarketKind;
  labels: RowLabels;
  /** Row ids are `rowId(idPrefix, index)` (unique in the page). */
  idPrefix: string;
  /** The fixed row height, px (SPEC §9: 58). */
  rowPx: number;
  /** The most rows a window holds (WINDOW_ROWS, SPEC §9: 29). */
  poolSize: number;
}

/**
 * Row slots inside `container` (an empty, position: relative element owned by this object), in the scroller `list`
 * (the order keeper's focus target). Implements RowRenderer; `destroy` removes every slot.
 */
export class RowSlots implements RowRenderer {
  /** Slot `k` holds the rows whose index is `k` mod `pool`; created on first use. */
  private slots: Array<Slot | undefined> = [];
  private readonly byEl = new Map<Element, Slot>();
  /** Tab and reading order of the slots (slot-order.ts). */
  readonly order: SlotOrder;
  private readonly c: WriteContext;
  private pool: number;
  /** The active row's index as last rendered (-1: none). */
  active = -1;

  constructor(
    readonly container: HTMLElement,
    list: HTMLElement,
    o: RowSlotsOptions,
  ) {
    this.c = { kind: o.kind, labels: o.labels, rowPx: o.rowPx, id: (i) => rowId(o.idPrefix, i) };
    this.pool = o.poolSize;
    this.order = new SlotOrder(container, list, (node) => this.byEl.get(node));
  }

  /** The row index of the slot that holds `node` (or is it), -1 when none or free; `loaded`: -1 too while the
   * slot's row is on its way (a skeleton). */
  indexAt(node: Element, loaded = false): number {
    const el = node.closest('.market-row-slot');
    const slot = el ? this.byEl.get(el) : undefined;
    return slot && slot.index >= 0 && (!loaded || slot.row) ? slot.index : -1;
  }

  /**
   * Sizes the container to `total` rows and writes rows `[range.first, range.last)`, leaving slots inside `keep`
   * as they are and releasing the others (see RowRenderer); no slot moves (the reading-order pass waits).
   */
  readonly render: RowRenderer['render'] = (range, rowAt, total, keep, active) => {
    this.active = active;
    // The sizer gives the scroller its height (total × row height); written here, so typing renders nothing in React.
    const height = `${total * this.c.rowPx}px`;
    if (this.container.style.height !== height) this.container.style.height = height;
    if (range.last - range.first > this.pool) this.regrow(range.last - range.first);
    // Whether any slot took another row: a repaint of the same rows (live prices) must not postpone the reading-order
    // pass, which waits for the rows to be still, not their text.
    const moved = this.releaseOutside(range, keep, total, active);
    if (this.writeRange(range, rowAt, active) || moved) this.order.whenStill();
  };

  /** Removes every slot from the container and the pending order pass. */
  destroy(): void {
    this.order.destroy();
    for (const slot of this.slots) slot?.el.remove();
    this.slots = [];
    this.byEl.clear();
  }

  /** Releases the slots holding rows outside `range` and `keep`; returns whether any slot let its row go. */
  private releaseOutside(range: RowRange, keep: RowRange, total: number, active: number): boolean {
    let moved = false;
    const size = range.last - range.first;
    for (let k = 0; k < this.slots.length; k++) {
      const slot = this.slots[k];
      if (!slot || slot.index < 0) continue;
      const i = slot.index;
      if (i >= range.first && i < range.last) continue;
      if (i >= keep.first && i < keep.last && i < total) {
        markActive(slot, i === active);
        continue;
      }
      moved = true;
      // A slot that takes another row of the range next (row i lives in slot i mod pool) keeps its hooks and
      // attributes: `writeRow` rewrites what differs (releasing first cost six attribute writes per slot and step,
      // docs/benchmarks/history.md 'Scrolling, sixth pass').
      this.order.releasing(slot.el);
      if ((k - (range.first % this.pool) + this.pool) % this.pool >= size) releaseSlot(slot);
    }
    return moved;
  }

  /** Writes rows `range` into their slots; returns whether any slot took another row. */
  private writeRange(range: RowRange, rowAt: (i: number) => ListRow | undefined, active: number): boolean {
    let moved = false;
    for (let i = range.first; i < range.last; i++) {
      const k = i % this.pool;
      const slot = this.slots[k] ?? this.create(k);
      if (slot.index < 0) reuseSlot(slot);
      if (slot.index !== i) moved = true;
      slot.index = i;
      writeRow(this.c, slot, i, rowAt(i), i === active);
    }
    return moved;
  }

  /** A window larger than the pool (a geometry the pool was not sized for): a larger pool, every slot rewritten. */
  private regrow(size: number): void {
    for (const slot of this.slots) if (slot) releaseSlot(slot);
    const old = this.slots.filter((s): s is Slot => s !== undefined);
    this.pool = size;
    this.slots = [];
    old.forEach((slot, k) => (this.slots[k] = slot));
  }

  /** Creates slot `k` at the end of the container (row order at the top of the list). */
  private create(k: number): Slot {
    const slot = createSlot(this.container.ownerDocument, this.c.kind);
    slot.img.addEventListener('error', () => iconFailed(slot));
    this.slots[k] = slot;
    this.byEl.set(slot.el, slot);
    this.container.appendChild(slot.el);
    return slot;
  }
}
