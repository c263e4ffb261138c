/**
 * Live cells of a market row (ARCHITECTURE.md 'Live lists'): a live rows event (the engine's changed rows of the
 * window) becomes new row objects with the new price, change and volume text, and the row slot writes their text in
 * place (row-slots.ts: text only, no new element). The price cell flashes in the rise or fall colour of the trader's
 * setting (SPEC §4 rise colour: the CSS reads `--rise`/`--fall`, which follow `<html data-rise>`) for about 600 ms,
 * through a `data-flash` attribute that colours the price's text (no layout), cleared with a later live write; none
 * under `prefers-reduced-motion`. The rows carry no live region.
 */
import type { ListRow, LiveCells } from '../../workers/market/contract.ts';
import './live.css';

/** A row with the price move of its last live update (absent: not a live update, no flash). */
export type LiveRow = ListRow & { move?: 1 | -1 | 0 };

/**
 * `row` with the live `cells` written in (a new object; the same row when `cells` is of another symbol). `flash`
 * false (a row out of sight): without the move, so the row is drawn later without a flash.
 */
export function withLiveCells(row: ListRow, cells: LiveCells, flash = true): LiveRow {
  if (row.symbol !== cells.symbol) return row;
  const next: LiveRow = {
    ...row,
    price: cells.price,
    change: cells.change,
    trend: cells.trend,
    volume: cells.volume,
  };
  if (flash) next.move = cells.move;
  else delete next.move;
  return next;
}

let reduced: boolean | null = null;
/** True when the trader asked for reduced motion: the query is made once and followed through its change event (a
 * MediaQueryList read per moving cell cost script time on every live write at 4x CPU). */
function reducedMotion(): boolean {
  if (reduced !== null) return reduced;
  if (typeof matchMedia !== 'function') return (reduced = false);
  const query = matchMedia('(prefers-reduced-motion: reduce)');
  reduced = query.matches;
  query.addEventListener('change', (e) => {
    reduced = e.matches;
  });
  return reduced;
}

/** A price cell stays lit at least this long after a move, ms (SPEC §9 live cells: "about 600 ms"). */
export const FLASH_MS = 500;
/** A lit cell whose time is up goes dark with the list's next live write (every 250–300 ms on a moving market), or
 * this long after it is due when no write came (a list that went quiet), ms: so a flash lasts 500–850 ms. Longer than
 * the writes' spacing, so the timer never darkens a cell of a moving list in a frame of its own. */
export const DARK_LATE_MS = 350;
type Flash = 'rise' | 'fall';
/** Lit cells: the colour each shows and when it is due to go dark (performance.now(), ms). The only cells with a
 * `data-flash` attribute (this module alone writes it), so a write never reads the attribute back. */
const lit = new Map<HTMLElement, { flash: Flash; due: number }>();
/** The earliest due time in `lit` (Infinity when empty). */
let firstDue = Infinity;
let lateTimer: ReturnType<typeof setTimeout> | null = null;

/** Clears every flash due by `cutoff` (performance.now() time, ms); keeps `firstDue` and the late timer for the rest. */
function darken(cutoff: number): void {
  firstDue = Infinity;
  for (const [cell, { due }] of lit) {
    if (due <= cutoff) {
      delete cell.dataset.flash;
      lit.delete(cell);
    } else firstDue = Math.min(firstDue, due);
  }
  armLate();
}

/** Arms the timer that darkens the cells no write darkened: those due DARK_LATE_MS ago or more. */
function armLate(): void {
  if (lateTimer !== null || firstDue === Infinity) return;
  lateTimer = setTimeout(
    () => {
      lateTimer = null;
      darken(performance.now() - DARK_LATE_MS);
    },
    Math.max(0, firstDue + DARK_LATE_MS - performance.now()),
  );
}

/**
 * Flashes the price `cell` of a slot that went from `prev` to `row`, when `row` is a live update of the same symbol
 * whose price moved: `data-flash` becomes `rise` or `fall` (the CSS colours its text; a new move restarts its time).
 * A still colour, not an animation (an animation per flashing cell kept the main thread busy frame after frame on a
 * moving market: docs/BENCHMARKS.md 'Live'), taken off in the frame of a later live write, so going dark costs no
 * frame of its own: every cell due by now goes dark when this is called. A slot that now shows another row loses
 * its flash. Touches the DOM only when the cell's flash changes.
 */
export function flashPrice(cell: HTMLElement, prev: ListRow | null, row: ListRow): void {
  if (lit.size === 0 && !(row as LiveRow).move) return;
  const now = performance.now();
  if (now >= firstDue) darken(now);
  const move = (row as LiveRow).move;
  const shown = lit.get(cell);
  if (prev?.symbol !== row.symbol) {
    if (shown) {
      delete cell.dataset.flash;
      lit.delete(cell);
    }
    return;
  }
  if (!move || prev.price === row.price || reducedMotion()) return;
  const flash: Flash = move > 0 ? 'rise' : 'fall';
  if (shown?.flash !== flash) cell.dataset.flash = flash;
  lit.set(cell, { flash, due: now + FLASH_MS });
  firstDue = Math.min(firstDue, now + FLASH_MS);
  armLate();
}
