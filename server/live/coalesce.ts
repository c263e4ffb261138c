/**
 * Per-connection coalescing of the live ticker socket (SPEC §9 refresh; docs/API.md 'Live tickers'): while a client
 * reads slower than the server sends, the ticks it has not been sent are kept as the latest tick per key of each
 * list, never as a queue of messages. Its size is therefore bounded by the number of rows of the lists the connection
 * subscribed to, however long the client stalls; the hub sends the whole map, one batch per list, when the socket
 * drains.
 */
import type { LiveList, LiveTick } from '../../common/wire/live.ts';

/** Latest tick per key, per list, not yet sent on one connection. */
export class Coalescer {
  private readonly pending = new Map<LiveList, Map<string, LiveTick>>();

  /** Keeps `ticks` of `list` (a later tick of a key replaces the earlier one). */
  add(list: LiveList, ticks: Iterable<LiveTick>): void {
    let map = this.pending.get(list);
    if (!map) this.pending.set(list, (map = new Map()));
    for (const tick of ticks) {
      // Delete first so a key's position is that of its latest tick (the batch is in arrival order).
      map.delete(tick[0]);
      map.set(tick[0], tick);
    }
  }

  /** Ticks kept across all lists (the number of distinct keys). */
  get size(): number {
    let n = 0;
    for (const map of this.pending.values()) n += map.size;
    return n;
  }

  /** Drops the ticks of `list` (the client unsubscribed from it). */
  drop(list: LiveList): void {
    this.pending.delete(list);
  }

  /** Takes every kept tick, per list in the order first kept, and empties the coalescer. */
  takeAll(): [LiveList, LiveTick[]][] {
    const out: [LiveList, LiveTick[]][] = [];
    for (const [list, map] of this.pending) if (map.size) out.push([list, [...map.values()]]);
    this.pending.clear();
    return out;
  }
}
