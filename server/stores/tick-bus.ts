/**
 * The tick bus between the live ticks' producer and the hubs that relay them to browser sockets (docs/API.md 'Live
 * tickers'; ARCHITECTURE.md 'Shared state'). The producer publishes each step's batch; every subscriber (each
 * instance's hub, server/live/hub.ts) gets every batch; the bus keeps the last tick per pair of each list so that a
 * socket joining mid-stream starts from current values.
 *
 * - MemoryTickBus (default): in this process; `publish` calls the subscribers synchronously.
 * - RedisTickBus (`REDIS_URL`, server/stores/tick-bus-redis.ts): over pub/sub, so the browsers of every instance see
 *   the same values from the one producer of the deployment (server/stores/lease.ts).
 */
import { LIVE_LISTS, type LiveList, type LiveTick } from '../../common/wire/live.ts';
import type { TickBatch } from '../live/source.ts';

/** What every tick bus does (tests/server/stores/tick-bus.contract.test.ts). */
export interface TickBus {
  /** Sends `batch` to every subscriber (of every instance); never throws (an outage drops the batch). */
  publish(batch: TickBatch): void;
  /** Calls `listener` with every batch from now on; returns the unsubscribe. */
  subscribe(listener: (batch: TickBatch) => void): () => void;
  /** The last tick of every pair of `list` seen on the bus, in first-seen order ([] when none yet). */
  last(list: LiveList): LiveTick[];
  /** Stops listening (subscribers hear nothing more). */
  close(): Promise<void>;
}

/** Last tick per key, per list: the part of a bus every implementation shares. */
export class LastTicks {
  private readonly byList = new Map<LiveList, Map<string, LiveTick>>(LIVE_LISTS.map((l) => [l, new Map()]));

  /** Records every tick of `batch`. */
  add(batch: TickBatch): void {
    for (const list of LIVE_LISTS) {
      const ticks = batch[list];
      if (!ticks) continue;
      const into = this.byList.get(list)!;
      for (const [key, tick] of ticks) into.set(key, tick);
    }
  }

  /** The last ticks of `list`. */
  of(list: LiveList): LiveTick[] {
    return [...this.byList.get(list)!.values()];
  }
}

/** The tick bus of a single process. */
export class MemoryTickBus implements TickBus {
  private readonly listeners = new Set<(batch: TickBatch) => void>();
  private readonly lastTicks = new LastTicks();

  publish(batch: TickBatch): void {
    this.lastTicks.add(batch);
    for (const l of this.listeners) l(batch);
  }

  subscribe(listener: (batch: TickBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  last(list: LiveList): LiveTick[] {
    return this.lastTicks.of(list);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
