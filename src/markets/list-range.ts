/**
 * Window arithmetic of a fixed-row-height virtual list (SPEC §9: 530 px viewport, 58 px rows, 9 overscan rows).
 * Pure: (scrollTop px, row count, geometry) → the row range to draw.
 */

/** Rows `[first, last)` of a list. */
export interface RowRange {
  first: number;
  last: number;
}

/** A list's geometry: viewport and row height in px, overscan in rows beyond each edge. */
export interface ListGeometry {
  viewportPx: number;
  rowPx: number;
  overscan: number;
}

/**
 * The rows a viewport at `scrollTop` px shows, plus `overscan` rows before and after, clamped to `[0, total)`.
 * `scrollTop` is first clamped to the list's scroll range, as the browser does when the list shrinks.
 */
export function rangeOf(scrollTop: number, total: number, g: ListGeometry): RowRange {
  if (total <= 0 || g.rowPx <= 0) return { first: 0, last: 0 };
  const maxTop = Math.max(0, total * g.rowPx - g.viewportPx);
  const top = Math.min(Math.max(0, scrollTop), maxTop);
  const firstVisible = Math.floor(top / g.rowPx);
  const lastVisible = Math.ceil((top + g.viewportPx) / g.rowPx);
  return {
    first: Math.max(0, firstVisible - g.overscan),
    last: Math.min(total, lastVisible + g.overscan),
  };
}

/**
 * The most rows `rangeOf` returns for geometry `g`: the rows a viewport can touch (one more than it holds whole, when
 * it cuts a row at each edge) plus `overscan` on each side. SPEC §9 (530 px, 58 px rows, 9 overscan): 29.
 */
export function windowRows(g: ListGeometry): number {
  if (g.rowPx <= 0) return 0;
  return Math.ceil(g.viewportPx / g.rowPx) + 1 + 2 * g.overscan;
}
