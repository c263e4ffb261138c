/**
 * The market list's active row (SPEC §9 keyboard; WAI-ARIA combobox with a grid popup): the one row the keyboard
 * (list-keys.ts, from the panel's search field) and the pointer (hover) share. Pure store: an index or -1, clamped to
 * the list, and its listeners (the search field's aria-activedescendant). Scrolling the row into view and drawing it
 * are the controller's (market-list.ts).
 */
import { activeAfter, type ListKey } from './list-keys.ts';

/** The active row of one list. */
export class ActiveRow {
  private active = -1;
  private readonly listeners = new Set<(index: number) => void>();

  /** The active row's index; -1 = none. */
  get index(): number {
    return this.active;
  }

  /**
   * The index `index` becomes in a list of `total` rows: -1 for none (an empty list, a negative or non-finite index),
   * else clamped to the last row. Pure.
   */
  static clamp(index: number, total: number): number {
    return total <= 0 || !Number.isFinite(index) || index < 0 ? -1 : Math.min(total - 1, Math.floor(index));
  }

  /**
   * Makes `index` (already clamped) the active row: runs `changed` (the redraw), then tells the listeners. Returns
   * false, and does nothing, when it already was.
   */
  set(index: number, changed?: () => void): boolean {
    if (index === this.active) return false;
    this.active = index;
    changed?.();
    this.listeners.forEach((l) => l(index));
    return true;
  }

  /** The active row after `key` in a list of `total` rows (list-keys.ts), not yet set. */
  after(key: ListKey, total: number): number {
    return activeAfter(key, this.active, total);
  }

  /** Calls `listener` with the new index on each change. Returns the unsubscribe function. */
  subscribe(listener: (index: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
