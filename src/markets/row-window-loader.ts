/**
 * Framework-free loader of row windows for one engine (TanStack-style core; the React hook is a thin adapter).
 * Keeps the rows of the latest query id by index; asks the engine only for rows it lacks in the wanted range,
 * window after window (the engine may cap a window to keep messages < 10 KiB). Rows of an older id stay readable
 * until the new id's first window lands, so a refresh or a keystroke never flashes skeletons.
 */
import type { MarketEngineApi, MarketRow } from '../../workers/market/contract.ts';

/** Rows kept before pruning, and how far from the wanted range pruning keeps them. */
const MAX_ROWS = 400;
const KEEP_ROWS = 120;

/** Loader state for one engine. Errors are logged and swallowed (the panel keeps its skeleton rows). */
export class RowWindowLoader {
  private rows = new Map<number, MarketRow>();
  private rowsId = 0;
  private wanted = { id: 0, start: 0, end: 0 };
  private inFlight = false;
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly engine: MarketEngineApi) {}

  /** Declares the wanted range [start, end) of query `id`; fetches what is missing. */
  want(id: number, start: number, end: number): void {
    this.wanted = { id, start, end };
    this.pump();
  }

  /**
   * Fetches one window of a new query before its result is rendered (use-market-list.ts), so the result and its
   * first rows commit together. Stores silently: the render that follows reads them. Errors are swallowed (the
   * list then asks through want()).
   */
  async prefetch(id: number, start: number, end: number): Promise<void> {
    if (end <= start) return;
    try {
      const win = await this.engine.rows(id, start, end);
      if (!win || win.id !== id || this.rowsId > id) return;
      if (this.rowsId !== id) {
        this.rows = new Map();
        this.rowsId = id;
      }
      win.rows.forEach((row, i) => this.rows.set(win.start + i, row));
      this.version++;
    } catch (err) {
      console.error('[markets] prefetch failed', err);
    }
  }

  /** Row at `index` of the stored id (which may still be the previous query's). */
  rowAt(index: number): MarketRow | undefined {
    return this.rows.get(index);
  }

  /** Query id whose rows are stored. */
  get windowId(): number {
    return this.rowsId;
  }

  /** useSyncExternalStore subscription. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** useSyncExternalStore snapshot: bumps whenever rows change. */
  getVersion = (): number => this.version;

  /** Bounds memory on long scrolls: keeps rows within KEEP_ROWS of the wanted range once past MAX_ROWS. */
  private prune(): void {
    if (this.rows.size <= MAX_ROWS) return;
    const { start, end } = this.wanted;
    for (const index of this.rows.keys()) {
      if (index < start - KEEP_ROWS || index >= end + KEEP_ROWS) this.rows.delete(index);
    }
  }

  private pump(): void {
    const w = this.wanted;
    if (this.inFlight || !w.id || w.end <= w.start) return;
    let first = w.start;
    if (this.rowsId === w.id) while (first < w.end && this.rows.has(first)) first++;
    if (first >= w.end) return;
    this.inFlight = true;
    this.engine
      .rows(w.id, first, w.end)
      .then((win) => {
        this.inFlight = false;
        if (!win) return; // superseded: the newer query's want() follows
        if (win.id !== this.wanted.id) return this.pump();
        if (this.rowsId !== win.id) {
          this.rows = new Map();
          this.rowsId = win.id;
        }
        win.rows.forEach((row, i) => this.rows.set(win.start + i, row));
        this.prune();
        this.version++;
        this.listeners.forEach((l) => l());
        if (win.rows.length > 0) this.pump();
      })
      .catch((err: unknown) => {
        this.inFlight = false;
        console.error('[markets] rows failed', err);
      });
  }
}
