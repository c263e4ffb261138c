/**
 * The live side's one tick port (SPEC §7 market lists, §9 refresh; docs/API.md 'Live tickers', 'Market sources'):
 * whatever produces ticks — the seeded walk (server/live/simulated.ts), an upstream exchange's socket
 * (server/upstream/gate-ws.ts, binance-ws.ts), or several of them at once (`combineSources`) — is a `TickSource`.
 * The hub (server/live/hub.ts) starts the source with the first open socket, hands it the function that delivers a
 * batch to the subscribed sockets, and stops it with the last.
 */
import type { LiveList, LiveTick } from '../../common/wire/live.ts';

/** The ticks of one step, per list: key → tick (coalesced). Lists with no tick this step are absent. */
export type TickBatch = Partial<Record<LiveList, Map<string, LiveTick>>>;

/** Receives a source's batches (the hub's delivery). Never throws back into the source. */
export type EmitBatch = (batch: TickBatch) => void;

/** A producer of ticks. `start` while already started and `stop` while stopped are no-ops. */
export interface TickSource {
  /** For logs and metrics (`simulated`, `gate`, `binance`, or `a+b` for a combination). */
  readonly name: string;
  /** Starts producing; every batch goes to `emit`. */
  start(emit: EmitBatch): void;
  /** Stops producing (timers cleared, upstream sockets closed). */
  stop(): void;
}

/** Merges `from` into `into` (a later tick of a key replaces the earlier one). */
export function mergeBatch(into: TickBatch, from: TickBatch): TickBatch {
  for (const [list, ticks] of Object.entries(from) as [LiveList, Map<string, LiveTick>][]) {
    const target = into[list];
    if (!target) into[list] = new Map(ticks);
    else for (const [k, t] of ticks) target.set(k, t);
  }
  return into;
}

/** One source made of several (each feeds its own lists or keys); start and stop reach every part. */
export function combineSources(parts: readonly TickSource[]): TickSource {
  if (parts.length === 1) return parts[0]!;
  return {
    name: parts.map((p) => p.name).join('+'),
    start: (emit) => parts.forEach((p) => p.start(emit)),
    stop: () => parts.forEach((p) => p.stop()),
  };
}
