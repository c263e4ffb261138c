/**
 * The live cells of one shown window (SPEC §7: a live message under 10 KiB; ARCHITECTURE.md 'Live lists'): the
 * window's rows that ticked, in list order, formatted as the panel draws them, while they fit one message.
 */
import type { ListRow, LiveCells } from '../contract.ts';
import { MAX_MESSAGE_BYTES } from '../config.ts';
import type { WatchedWindow } from '../list-handles.ts';
import type { QueryRecord } from '../queries.ts';
import { ENVELOPE_BYTES, messageBytes } from '../rows.ts';
import { ensureOrdered } from '../search/select.ts';
import type { Moves } from './state.ts';

/**
 * The cells of the rows of window `w` in `changed` (by table row), in list order, while they fit one message
 * (MAX_MESSAGE_BYTES less the envelope); returns them and the changed rows left over for the next flush. `format`:
 * row `i` of `rec`'s table as the panel draws it. Orders the window's part of the ranking on demand.
 */
export function windowCells(
  w: WatchedWindow,
  changed: Moves,
  format: (rec: QueryRecord, i: number) => ListRow,
): { rows: LiveCells[]; left: Moves } {
  const ranked = w.rec.ranked!;
  const end = Math.min(w.end, ranked.total);
  ensureOrdered(ranked, end);
  const rows: LiveCells[] = [];
  const left: Moves = new Map();
  const budget = MAX_MESSAGE_BYTES - ENVELOPE_BYTES;
  let bytes = 0;
  for (let pos = Math.max(0, w.start); pos < end; pos++) {
    const i = ranked.order[pos]!;
    const move = changed.get(i);
    if (move === undefined) continue;
    if (bytes > budget) {
      left.set(i, move);
      continue;
    }
    const r = format(w.rec, i);
    const cells: LiveCells = {
      index: pos,
      symbol: r.symbol,
      price: r.price,
      change: r.change,
      trend: r.trend,
      volume: r.volume,
      move,
    };
    const size = messageBytes(cells) + 1;
    if (bytes + size > budget) {
      bytes = budget + 1;
      left.set(i, move);
      continue;
    }
    bytes += size;
    rows.push(cells);
  }
  return { rows, left };
}
