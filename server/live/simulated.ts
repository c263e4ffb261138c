/**
 * The simulated tick source (SPEC §9 refresh; docs/API.md 'Live tickers'): the server's one seeded walk
 * (server/live/ticks.ts) stepped on a timer that runs while the source is started. After a stall the missed steps are
 * skipped rather than replayed in a burst (at most MAX_CATCH_UP_STEPS in one timer turn), and the clock restarts with
 * each start: no catch-up for the time nobody listened.
 */
import type { MarketData } from '../market-data.ts';
import { mergeBatch, type TickBatch, type TickSource } from './source.ts';
import { seedRows, TickGenerator, type SeedRow } from './ticks.ts';
import type { LiveList } from '../../common/wire/live.ts';

/** Most generator steps run in one timer turn after a stall (older ones are skipped, not replayed). */
const MAX_CATCH_UP_STEPS = 10;

/** Options of the simulated source. */
export interface SimulatedOptions {
  data: MarketData;
  /** Ticks per second across the lists it walks (0: a source that never ticks). */
  ticksPerS: number;
  /** The walk's seed (default 1). */
  seed?: number;
  /** Step, ms (default 100). */
  stepMs?: number;
  /** Keeps only the rows this returns true for (`list`, tick key): the keys an upstream does not feed. Default all. */
  include?: (list: LiveList, key: string) => boolean;
}

/** The seeded walk as a TickSource over the rows of `options.data` (filtered by `include`). */
export function simulatedSource(options: SimulatedOptions): TickSource {
  const include = options.include;
  const all = seedRows(options.data);
  const rows = include
    ? (Object.fromEntries(
        Object.entries(all).map(([list, r]) => [list, r.filter((row) => include(list as LiveList, row.key))]),
      ) as Record<LiveList, SeedRow[]>)
    : all;
  const generator =
    options.ticksPerS > 0
      ? new TickGenerator({ rows, ticksPerS: options.ticksPerS, stepMs: options.stepMs, seed: options.seed })
      : undefined;
  let timer: NodeJS.Timeout | undefined;
  let stepsDue = 0;
  let startedAt = 0;
  return {
    name: 'simulated',
    start(emit) {
      if (timer || !generator) return;
      startedAt = performance.now() - stepsDue * generator.stepMs;
      timer = setInterval(() => {
        const target = Math.floor((performance.now() - startedAt) / generator.stepMs);
        if (target - stepsDue > MAX_CATCH_UP_STEPS) stepsDue = target - MAX_CATCH_UP_STEPS;
        const merged: TickBatch = {};
        for (; stepsDue < target; stepsDue++) mergeBatch(merged, generator.step());
        emit(merged);
      }, generator.stepMs);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
