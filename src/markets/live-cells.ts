/**
 * Live cells of a market row (ARCHITECTURE.md 'Live lists'): a live rows event (the engine's changed rows of the
 * window) becomes new row objects with the new price, change and volume text, and the row slot writes their text in
 * place (row-slots.ts: text only, no new element). The price cell flashes in the rise or fall colour of the trader's
 * setting (SPEC §4 rise colour: the CSS reads `--rise`/`--fall`, which follow `<html data-rise>`) for about 600 ms,
 * through a `data-flash` attribute whose CSS animation touches only the background (no layout); none under
 * `prefers-reduced-motion`. The rows carry no live region.
 */
import type { ListRow, LiveCells } from '../../workers/market/contract.ts';
import './live.css';

/** A row with the price move of its last live update (absent: not a live update, no flash). */
export type LiveRow = ListRow & { move?: 1 | -1 | 0 };

/** `row` with the live `cells` written in (a new object; the same row when `cells` is of another symbol). */
export function withLiveCells(row: ListRow, cells: LiveCells): LiveRow {
  if (row.symbol !== cells.symbol) return row;
  return {
    ...row,
    price: cells.price,
    change: cells.change,
    trend: cells.trend,
    volume: cells.volume,
    move: cells.move,
  };
}

let reduced: MediaQueryList | null = null;
/** True when the trader asked for reduced motion (the query is made once). */
function reducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false;
  reduced ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reduced.matches;
}

/**
 * Flashes the price `cell` of a slot that went from `prev` to `row`, when `row` is a live update of the same symbol
 * whose price moved: `data-flash` becomes `rise-a`/`rise-b` or `fall-a`/`fall-b` (alternating, so each move restarts
 * the animation without a reflow). A slot that now shows another row loses its flash.
 */
export function flashPrice(cell: HTMLElement, prev: ListRow | null, row: ListRow): void {
  const move = (row as LiveRow).move;
  if (prev?.symbol !== row.symbol) {
    if (cell.dataset.flash) delete cell.dataset.flash;
    return;
  }
  if (!move || prev.price === row.price || reducedMotion()) return;
  const parity = cell.dataset.flash?.endsWith('-a') ? 'b' : 'a';
  cell.dataset.flash = `${move > 0 ? 'rise' : 'fall'}-${parity}`;
}
