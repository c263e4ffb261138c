/**
 * Per-connection coalescing of the live ticker socket (SPEC §9 refresh; docs/API.md 'Live tickers'): while a client
 * reads slower than the server sends, the ticks it has not been sent are kept as the latest tick per key of each
 * list, never as a queue of messages, and within a fixed byte budget (`maxBytes`), never a map that grows with the
 * lists: when a list's kept ticks would pass the budget they are dropped, the list stops collecting, and the hub tells
 * the client to refetch it over REST (`resync`) when the socket drains.
 */
import type { LiveList, LiveTick } from '../../common/wire/live.ts';

/** Default budget of the ticks kept for one connection, bytes (counted as by tickBytes). */
export const DEFAULT_MAX_PENDING_BYTES = 128 * 1024;
/** What one kept tick costs beyond its strings, bytes: the Map entry, the tuple and the string headers. */
const ENTRY_OVERHEAD_BYTES = 96;

/** The bytes one kept tick is counted as: its four strings plus a fixed overhead. */
export function tickBytes(tick: LiveTick): number {
  return ENTRY_OVERHEAD_BYTES + tick[0].length + tick[1].length + tick[2].length + tick[3].length;
}

/** What the hub sends a drained connection: the lists to refetch, then one batch per list still held. */
export interface Taken {
  resync: LiveList[];
  batches: [LiveList, LiveTick[]][];
}

/** Latest tick per key, per list, not yet sent on one connection, within `maxBytes`. */
export class Coalescer {
  private readonly pending = new Map<LiveList, { ticks: Map<string, LiveTick>; bytes: number }>();
  private readonly overflowed = new Set<LiveList>();
  private total = 0;

  /** `maxBytes`: the budget of kept ticks across the lists, bytes (default DEFAULT_MAX_PENDING_BYTES). */
  constructor(readonly maxBytes: number = DEFAULT_MAX_PENDING_BYTES) {}

  /**
   * Keeps `ticks` of `list` (a later tick of a key replaces the earlier one). Past the budget, the list's kept ticks
   * are dropped and the list is marked for `resync` (later ticks of it are dropped until takeAll). Returns how many
   * of `ticks` were not kept as a new entry (replaced an older tick of their key, or dropped).
   */
  add(list: LiveList, ticks: Iterable<LiveTick>): number {
    let absorbed = 0;
    if (this.overflowed.has(list)) {
      for (const _ of ticks) absorbed++;
      return absorbed;
    }
    let entry = this.pending.get(list);
    if (!entry) this.pending.set(list, (entry = { ticks: new Map(), bytes: 0 }));
    for (const tick of ticks) {
      const old = entry.ticks.get(tick[0]);
      const delta = tickBytes(tick) - (old ? tickBytes(old) : 0);
      if (this.total + delta > this.maxBytes) {
        this.total -= entry.bytes;
        this.pending.delete(list);
        this.overflowed.add(list);
        return absorbed + 1;
      }
      if (old) absorbed++;
      // Delete first so a key's position is that of its latest tick (the batch is in arrival order).
      entry.ticks.delete(tick[0]);
      entry.ticks.set(tick[0], tick);
      entry.bytes += delta;
      this.total += delta;
    }
    return absorbed;
  }

  /** Ticks kept across all lists (the number of distinct keys). */
  get size(): number {
    let n = 0;
    for (const entry of this.pending.values()) n += entry.ticks.size;
    return n;
  }

  /** Bytes kept (≤ maxBytes). */
  get bytes(): number {
    return this.total;
  }

  /** True when there is something to send: kept ticks or a list to resync. */
  get due(): boolean {
    return this.total > 0 || this.overflowed.size > 0;
  }

  /** Drops the ticks of `list` (the client unsubscribed from it), and its resync. */
  drop(list: LiveList): void {
    this.total -= this.pending.get(list)?.bytes ?? 0;
    this.pending.delete(list);
    this.overflowed.delete(list);
  }

  /** Takes the lists to resync and every kept tick, per list in the order first kept, and empties the coalescer. */
  takeAll(): Taken {
    const batches: [LiveList, LiveTick[]][] = [];
    for (const [list, entry] of this.pending)
      if (entry.ticks.size) batches.push([list, [...entry.ticks.values()]]);
    const resync = [...this.overflowed];
    this.pending.clear();
    this.overflowed.clear();
    this.total = 0;
    return { resync, batches };
  }
}
