/**
 * The market list's row store (SPEC §9 virtual list), pure: the rows held in memory by index, which rows a window
 * still lacks (the prefetch margins around it), pruning on long scrolls, live values written into stored rows and the
 * data versions announced for the list. No DOM, no timers, no engine: the controller (market-list.ts) feeds it
 * replies and asks it what to fetch and draw.
 */
import type { ListRow, LiveCells, RowWindow, VersionEvent } from '../../workers/market/contract.ts';
import { MAX_WINDOW_ROWS } from '../../common/market-list-geometry.ts';
import type { RowRange } from './list-window.ts';
import { withLiveCells } from './live-cells.ts';

/** Rows kept in memory before pruning, and how far around the window pruning keeps them. */
export const MAX_ROWS = 400;
export const KEEP_ROWS = 120;

/**
 * The next run of rows to fetch for the window `want` of a list of `total` rows, where `has(i)` says row `i` is in
 * memory and `margin` rows beyond each edge are wanted too (the prefetch margins, 0 for none): the first run of missing
 * rows from the window's top through the margin below it, else the margin above it, at most MAX_WINDOW_ROWS long; null
 * when nothing is missing. A margin is topped up only once less than half of it is left, so a run of wheel steps costs
 * a worker reply every other step rather than every step (each reply is a main-thread task between frames). Pure.
 */
export function missingRun(
  want: RowRange,
  total: number,
  margin: number,
  has: (index: number) => boolean,
): RowRange | null {
  const runFrom = (from: number, to: number): RowRange | null => {
    let first = from;
    while (first < to && has(first)) first++;
    if (first >= to) return null;
    let last = first;
    while (last < to && last - first < MAX_WINDOW_ROWS && !has(last)) last++;
    return { first, last };
  };
  const refill = Math.ceil(margin / 2);
  const below = runFrom(want.first, Math.min(total, want.last + margin));
  if (below && below.first < want.last + refill) return below;
  const top = Math.max(0, want.first - margin);
  let near = want.first - 1;
  while (near >= top && has(near)) near--;
  return near >= top && near >= want.first - refill ? runFrom(top, want.first) : null;
}

/** What writing a live batch into the store changed: rows in sight, rows out of sight. */
export interface LiveChange {
  shown: boolean;
  unseen: boolean;
}

/** The rows of one list in memory, by row index. */
export class RowStore {
  private rows = new Map<number, ListRow>();
  /** Newest version announced by a data event (not a re-rank), and newest announced by a re-rank (VersionEvent). */
  private dataVersion = 0;
  private reorderVersion = 0;

  /** Row `index`, or undefined when it is not in memory. */
  get(index: number): ListRow | undefined {
    return this.rows.get(index);
  }

  /** Rows in memory. */
  get size(): number {
    return this.rows.size;
  }

  /** Replaces every row with `rows` from index `start` (a new result, a stored first window). */
  replace(start: number, rows: readonly ListRow[]): void {
    this.rows = new Map();
    rows.forEach((row, k) => this.rows.set(start + k, row));
  }

  /**
   * Stores window `win`; a window of another data version than `shownVersion` (or `replace`: a refresh) replaces
   * every stored row. Then prunes around `keepAround` (see `prune`).
   */
  store(win: RowWindow, shownVersion: number, replace: boolean, keepAround: RowRange): void {
    if (replace || win.version !== shownVersion) this.rows = new Map();
    win.rows.forEach((row, k) => this.rows.set(win.start + k, row));
    this.prune(keepAround);
  }

  /** The next run of rows the window `want` (and its `margin`) lacks, or null: see `missingRun`. */
  missing(want: RowRange, total: number, margin: number): RowRange | null {
    return missingRun(want, total, margin, (i) => this.rows.has(i));
  }

  /** Bounds memory on long scrolls: once past MAX_ROWS, keeps only the rows within KEEP_ROWS of `window`. */
  prune(window: RowRange): void {
    if (this.rows.size <= MAX_ROWS) return;
    for (const index of this.rows.keys()) {
      if (index < window.first - KEEP_ROWS || index >= window.last + KEEP_ROWS) this.rows.delete(index);
    }
  }

  /**
   * Writes live `cells` into the stored rows at their index with the same symbol (others are ignored); the rows in
   * `inSight` carry the price move (they flash), the others do not (live-cells.ts). Returns which changed.
   */
  applyLive(cells: readonly LiveCells[], inSight: RowRange): LiveChange {
    const change: LiveChange = { shown: false, unseen: false };
    for (const c of cells) {
      const row = this.rows.get(c.index);
      if (!row) continue;
      const seen = c.index >= inSight.first && c.index < inSight.last;
      const next = withLiveCells(row, c, seen);
      if (next === row) continue;
      this.rows.set(c.index, next);
      if (seen) change.shown = true;
      else change.unseen = true;
    }
    return change;
  }

  /** Flips the favourite mark of row `index` (SPEC §4 favourites); returns the new row, or undefined when absent. */
  toggleFavourite(index: number): ListRow | undefined {
    const row = this.rows.get(index);
    if (!row) return undefined;
    const next: ListRow = { ...row };
    if (row.favourite) delete next.favourite;
    else next.favourite = true;
    this.rows.set(index, next);
    return next;
  }

  /** Notes a version event's version (a re-rank or a data change). */
  noteVersion(event: VersionEvent): void {
    if (event.reorder) this.reorderVersion = Math.max(this.reorderVersion, event.version);
    else this.dataVersion = Math.max(this.dataVersion, event.version);
  }

  /**
   * Whether going from shown version `before` to `after` changed only the order: `after` was announced as a re-rank
   * and no data version came after `before` (a first version, `before` 0, is never reorder-only).
   */
  reorderOnly(before: number, after: number): boolean {
    return before > 0 && after === this.reorderVersion && this.dataVersion <= before;
  }
}
