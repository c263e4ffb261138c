/**
 * The market list's keyboard model (SPEC §9 keyboard; WAI-ARIA combobox with a listbox popup): which row is active
 * after a key pressed in a panel's search field. Pure: (key, active index, row count, page size) → active index.
 *
 * ArrowDown / ArrowUp move one row, PageDown / PageUp one viewport (PAGE_ROWS, 9 rows), Home / End go to the first
 * and last row; every move stops at the list's ends (no wrap). With no active row (-1), ArrowDown, PageDown and Home
 * take the first row, ArrowUp and End the last, PageUp the first. Enter is not a move: it opens the active row.
 */
import { PAGE_ROWS } from './list-window.ts';

/** The keys that move the active row. */
export type ListKey = 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp' | 'Home' | 'End';

const KEYS: ReadonlySet<string> = new Set<ListKey>([
  'ArrowDown',
  'ArrowUp',
  'PageDown',
  'PageUp',
  'Home',
  'End',
]);

/** True when `key` (KeyboardEvent.key) moves the active row. */
export function isListKey(key: string): key is ListKey {
  return KEYS.has(key);
}

/**
 * The active row after `key`: an index in `[0, total)`, or -1 when the list is empty. `active` -1 = no active row;
 * an `active` outside the list (it shrank) is first clamped to it. `page`: rows per PageDown/PageUp (≥ 1).
 */
export function activeAfter(key: ListKey, active: number, total: number, page = PAGE_ROWS): number {
  const n = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  if (n === 0) return -1;
  const step = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  const last = n - 1;
  const clamp = (i: number) => Math.max(0, Math.min(last, i));
  const none = !Number.isFinite(active) || active < 0;
  const from = none ? -1 : clamp(Math.floor(active));
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowDown':
      return none ? 0 : clamp(from + 1);
    case 'ArrowUp':
      return none ? last : clamp(from - 1);
    case 'PageDown':
      return none ? 0 : clamp(from + step);
    case 'PageUp':
      return none ? 0 : clamp(from - step);
  }
}
