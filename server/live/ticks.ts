/**
 * The synthetic ticks of the live ticker socket (SPEC §7 market lists, §9 refresh; docs/API.md 'Live tickers'): a
 * seeded, bounded random walk that starts from each row of the snapshot the server serves (spot, futures, pilot), and
 * the schedule that says which rows tick in each step. Pure and deterministic: the same rows, rate, seed and step
 * count give the same ticks, whatever the clock (server/live/hub.ts runs the steps on a timer).
 *
 * Rate: `ticksPerS` in total, split evenly over the lists that have rows. Within a list, the top `FLOOR_ROWS` rows by
 * quote volume (in USDT) each tick on a fixed period (once a second when the list's rate allows it: at the default
 * 300/s each of the three lists has 100/s, half of it for this floor), and the rest of the list's rate is drawn at
 * random in proportion to quote volume. Each step's ticks are coalesced: one tick per key at most.
 *
 * Walk: the price moves by at most ±`STEP_PCT` % a tick and stays within ±`BOUND_PCT` % of the snapshot price, keeping
 * the snapshot's number of decimals; the 24h change follows the price (from the snapshot's implied open); the quote
 * volume walks within ±`BOUND_PCT` % of the snapshot's.
 */
import type { MarketData } from '../market-data.ts';
import { mulberry32 } from '../market-data/numbers.ts';
import { futuresTickKey, LIVE_LISTS, type LiveList, type LiveTick } from '../../common/wire/live.ts';
import type { TickBatch } from './source.ts';

/** Rows per list that tick on a fixed period (the top by quote volume). */
export const FLOOR_ROWS = 50;
/** Largest price move of one tick, percent. */
export const STEP_PCT = 0.2;
/** The walk's bound around the snapshot value (price and quote volume), percent. */
export const BOUND_PCT = 5;
/** Draws per tick before a row already ticked in the step is taken anyway. */
const MAX_REDRAWS = 8;
/** Default step length, ms (the timer's period). */
export const DEFAULT_STEP_MS = 100;

/** One row's snapshot values: the key and the decimal strings the wire rows carry. */
export interface SeedRow {
  key: string;
  price: string;
  changePct: string;
  quoteVolume: string;
  /** Quote volume in USDT, for the rate's weights (≥ 0). */
  weight: number;
}

/** Decimals of a decimal string (`'0.00012'` → 5; `'12'` → 0). */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : Math.min(20, value.length - dot - 1);
}

const num = (v: string | undefined): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
};

/**
 * The tickable rows of each list from the served snapshot: rows with a positive price and a non-negative quote
 * volume. Spot volumes are converted to USDT with the snapshot's prices (weight 0 when the quote has none).
 */
export function seedRows(data: MarketData): Record<LiveList, SeedRow[]> {
  const spot = data.spot.map((r) => {
    const quote = r.pair.split('_')[1] ?? '';
    const usdt = quote.toUpperCase() === 'USDT' ? 1 : (data.usdtPrice(quote.toUpperCase()) ?? 0);
    return { key: r.pair, price: r.rate, changePct: r.rate_percent, quoteVolume: r.volume, usdt };
  });
  const futures = data.contracts.map((r) => ({
    key: futuresTickKey(r.settle, r.name),
    price: r.last_price,
    changePct: r.change_percentage,
    quoteVolume: r.volume_24h_quote,
    usdt: 1,
  }));
  const pilot = data.pilot.list.map((r) => ({
    key: r.address,
    price: r.price,
    changePct: r.change_percentage,
    quoteVolume: r.volume_24h,
    usdt: 1,
  }));
  const keep = (rows: (Omit<SeedRow, 'weight'> & { usdt: number })[]): SeedRow[] =>
    rows
      .filter((r) => num(r.price) > 0 && num(r.quoteVolume) >= 0 && Number.isFinite(num(r.changePct)))
      .map(({ usdt, ...r }) => ({ ...r, weight: num(r.quoteVolume) * usdt }));
  return { spot: keep(spot), futures: keep(futures), pilot: keep(pilot) };
}

/** One list's walk state and schedule (parallel arrays, index = row in descending weight order). */
interface ListState {
  keys: string[];
  price: Float64Array;
  price0: Float64Array;
  open: Float64Array;
  volume: Float64Array;
  volume0: Float64Array;
  priceDecimals: Uint8Array;
  changeDecimals: Uint8Array;
  volumeDecimals: Uint8Array;
  /** Cumulative weights for the volume-weighted draw (last = total). */
  cumulative: Float64Array;
  /** Floor rows' period in steps (0: no floor), and the weighted draws per step (fractional, carried). */
  floorPeriod: number;
  floorRows: number;
  drawsPerStep: number;
  carry: number;
}

/** Options of the generator: the rows, the total rate (ticks/s), the step (ms) and the seed. */
export interface TickGeneratorOptions {
  rows: Record<LiveList, SeedRow[]>;
  ticksPerS: number;
  stepMs?: number;
  seed?: number;
}

/**
 * The per-list schedule of a rate (pure; exported for tests): for each list, the floor rows' count and period (steps
 * between two ticks of the same floor row) and the volume-weighted draws per step. `listRows`: rows per list.
 */
export function scheduleFor(
  listRows: Record<LiveList, number>,
  ticksPerS: number,
  stepMs: number,
): Record<LiveList, { floorRows: number; floorPeriod: number; drawsPerStep: number }> {
  const active = LIVE_LISTS.filter((l) => listRows[l] > 0);
  const stepsPerS = 1000 / stepMs;
  const out = {} as Record<LiveList, { floorRows: number; floorPeriod: number; drawsPerStep: number }>;
  for (const list of LIVE_LISTS) {
    const rows = listRows[list];
    const listRate = rows > 0 && ticksPerS > 0 ? ticksPerS / active.length : 0;
    const floorRows = Math.min(FLOOR_ROWS, rows);
    // Half the list's rate at most for the floor, at most one tick a second per floor row.
    const floorRate = floorRows > 0 ? Math.min(1, listRate / 2 / floorRows) : 0;
    const floorPeriod = floorRate > 0 ? Math.max(1, Math.round(stepsPerS / floorRate)) : 0;
    const floorUsed = floorPeriod > 0 ? (floorRows * stepsPerS) / floorPeriod : 0;
    out[list] = { floorRows, floorPeriod, drawsPerStep: Math.max(0, listRate - floorUsed) / stepsPerS };
  }
  return out;
}

/**
 * The floor rows that tick at `step` (pure; exported for tests): row `j` of `floorRows` ticks when
 * `(step + phase(j)) % floorPeriod === 0`, the phases spread evenly over the period.
 */
export function floorRowsAt(step: number, floorRows: number, floorPeriod: number): number[] {
  if (floorPeriod <= 0) return [];
  const out: number[] = [];
  for (let j = 0; j < floorRows; j++) {
    const phase = Math.floor((j * floorPeriod) / floorRows);
    if ((step + phase) % floorPeriod === 0) out.push(j);
  }
  return out;
}

function listState(rows: SeedRow[], plan: ReturnType<typeof scheduleFor>[LiveList]): ListState {
  const sorted = [...rows].sort((a, b) => b.weight - a.weight);
  const n = sorted.length;
  const s: ListState = {
    keys: sorted.map((r) => r.key),
    price: new Float64Array(n),
    price0: new Float64Array(n),
    open: new Float64Array(n),
    volume: new Float64Array(n),
    volume0: new Float64Array(n),
    priceDecimals: new Uint8Array(n),
    changeDecimals: new Uint8Array(n),
    volumeDecimals: new Uint8Array(n),
    cumulative: new Float64Array(n),
    ...plan,
    carry: 0,
  };
  let total = 0;
  sorted.forEach((r, i) => {
    const p = Number(r.price);
    const change = Number(r.changePct);
    s.price[i] = s.price0[i] = p;
    // The snapshot's implied open, so the change follows the price; a change of -100 % or less has none.
    s.open[i] = change > -100 ? p / (1 + change / 100) : p;
    s.volume[i] = s.volume0[i] = Number(r.quoteVolume);
    s.priceDecimals[i] = decimalsOf(r.price);
    s.changeDecimals[i] = Math.max(2, decimalsOf(r.changePct));
    s.volumeDecimals[i] = decimalsOf(r.quoteVolume);
    total += r.weight;
    s.cumulative[i] = total;
  });
  return s;
}

/** First index whose cumulative weight exceeds `target` (binary search). */
function pick(cumulative: Float64Array, target: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The server's one tick generator. `step()` advances the walk by one step and returns the ticks it produced; the
 * instance is deterministic for its options (seed default 1).
 */
export class TickGenerator {
  readonly stepMs: number;
  private readonly lists: Record<LiveList, ListState>;
  private readonly rand: () => number;
  private steps = 0;

  constructor(options: TickGeneratorOptions) {
    this.stepMs = options.stepMs ?? DEFAULT_STEP_MS;
    this.rand = mulberry32(options.seed ?? 1);
    const counts = Object.fromEntries(LIVE_LISTS.map((l) => [l, options.rows[l].length])) as Record<
      LiveList,
      number
    >;
    const plan = scheduleFor(counts, Math.max(0, options.ticksPerS), this.stepMs);
    this.lists = Object.fromEntries(
      LIVE_LISTS.map((l) => [l, listState(options.rows[l], plan[l])]),
    ) as Record<LiveList, ListState>;
  }

  /** Steps taken so far. */
  get stepCount(): number {
    return this.steps;
  }

  /** Advances one step; returns the step's ticks per list (one per key at most). */
  step(): TickBatch {
    const batch: TickBatch = {};
    const step = this.steps++;
    for (const list of LIVE_LISTS) {
      const s = this.lists[list];
      const n = s.keys.length;
      if (n === 0) continue;
      const out = new Map<string, LiveTick>();
      for (const i of floorRowsAt(step, s.floorRows, s.floorPeriod)) out.set(s.keys[i]!, this.move(s, i));
      s.carry += s.drawsPerStep;
      const draws = Math.floor(s.carry);
      s.carry -= draws;
      const total = s.cumulative[n - 1]!;
      for (let d = 0; d < draws; d++) {
        // A row already ticked this step is drawn again (a few tries): the volume weights concentrate on the top
        // rows, and a second tick of a key in one step would be coalesced away, sending less than the rate.
        let i = 0;
        for (let attempt = 0; attempt < MAX_REDRAWS; attempt++) {
          i = total > 0 ? pick(s.cumulative, this.rand() * total) : Math.floor(this.rand() * n);
          if (!out.has(s.keys[i]!)) break;
        }
        out.set(s.keys[i]!, this.move(s, i));
      }
      if (out.size) batch[list] = out;
    }
    return batch;
  }

  /** Moves row `i` one step and returns its tick. */
  private move(s: ListState, i: number): LiveTick {
    const r = this.rand();
    const p0 = s.price0[i]!;
    const bound = BOUND_PCT / 100;
    const moved = s.price[i]! * (1 + ((r * 2 - 1) * STEP_PCT) / 100);
    const digits = s.priceDecimals[i]!;
    // Rounded to the snapshot's decimals; a move too small to show keeps the shown price.
    const price = clamp(moved, p0 * (1 - bound), p0 * (1 + bound));
    s.price[i] = price;
    const v0 = s.volume0[i]!;
    const volume = clamp(
      s.volume[i]! * (1 + ((this.rand() * 2 - 1) * STEP_PCT) / 100),
      v0 * (1 - bound),
      v0 * (1 + bound),
    );
    s.volume[i] = volume;
    const change = s.open[i]! > 0 ? (price / s.open[i]! - 1) * 100 : 0;
    return [
      s.keys[i]!,
      price.toFixed(digits),
      change.toFixed(s.changeDecimals[i]!),
      volume.toFixed(s.volumeDecimals[i]!),
    ];
  }
}
