/**
 * The market list's state and its fan-out (SPEC §9 virtual list): the controller's full state, the coarse snapshot
 * React reads (useSyncExternalStore: it changes with status, engine and rows/no rows, never per keystroke), the
 * listeners of shown data versions, and the `data-version` mark on the scroller. Pure apart from that one attribute.
 */
import type { MarketListSnapshot, MarketListState } from './list-types.ts';

/** One list's state store. */
export class ListState {
  private state: MarketListState = { engine: null, status: 'loading', id: 0, total: 0, version: 0, term: '' };
  private snapshot: MarketListSnapshot = {
    engine: null,
    status: 'loading',
    hasRows: false,
    fromCache: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly versionListeners = new Set<(version: number, reorderOnly: boolean) => void>();
  /** The scroller that carries `data-version`, or null. */
  private scroller: Element | null = null;

  /** The full current state. */
  get current(): MarketListState {
    return this.state;
  }

  /** The current snapshot (a new object only when one of its fields changed). */
  get view(): MarketListSnapshot {
    return this.snapshot;
  }

  /** useSyncExternalStore subscription: `listener` runs on each new snapshot. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `listener(version, reorderOnly)` on each change of the shown data version. Returns the unsubscribe function. */
  onVersion(listener: (version: number, reorderOnly: boolean) => void): () => void {
    this.versionListeners.add(listener);
    return () => this.versionListeners.delete(listener);
  }

  /** The scroller that shows the version (`data-version`), or null. */
  setScroller(scroller: Element | null): void {
    this.scroller = scroller;
    this.markVersion();
  }

  /**
   * Applies `patch`; tells the version listeners when the version changed (`reorderOnly(before, after)` says whether
   * only the order did) and the snapshot listeners when the snapshot did (`fromCache`: the stored first window is shown).
   */
  update(
    patch: Partial<MarketListState>,
    fromCache: boolean,
    reorderOnly: (before: number, after: number) => boolean,
  ): void {
    const versionBefore = this.state.version;
    this.state = { ...this.state, ...patch };
    const st = this.state;
    if (st.version !== versionBefore) {
      const only = reorderOnly(versionBefore, st.version);
      this.versionListeners.forEach((l) => l(st.version, only));
    }
    const prev = this.snapshot;
    const hasRows = st.total > 0;
    this.markVersion();
    if (
      prev.engine === st.engine &&
      prev.status === st.status &&
      prev.hasRows === hasRows &&
      prev.fromCache === fromCache
    )
      return;
    this.snapshot = { engine: st.engine, status: st.status, hasRows, fromCache };
    this.listeners.forEach((l) => l());
  }

  /** Writes the shown data version on the scroller (`data-version`, only while it shows rows): a new version is no
   * React render (MarketListSnapshot). */
  private markVersion(): void {
    const el = this.scroller;
    if (!el) return;
    const version = this.state.total > 0 ? String(this.state.version) : null;
    if (el.getAttribute('data-version') === version) return;
    if (version === null) el.removeAttribute('data-version');
    else el.setAttribute('data-version', version);
  }
}
