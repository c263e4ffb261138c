/**
 * Pure helpers of the interleaved-pair cases of `npm run bench` (docs/BENCHMARKS.md 'How the live and keyboard figures are taken'):
 * median, per-pair ratios, and the matching of live price changes seen on screen to the server ticks that produced
 * them (SPEC §7 market lists, §9 refresh). Figures in, figures out; no browser.
 */

/** Median of a list (mean of the two middle values for an even count); null for an empty list. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * app ÷ reference for one pair, to 2 decimals; null when either is missing or the reference is 0. `floor` (≥ 0):
 * values under it count as it (a 1 % floor for scroll-frame shares: 0 % against 0 % is not a ratio).
 */
export function pairRatio(
  app: number | null | undefined,
  reference: number | null | undefined,
  floor = 0,
): number | null {
  if (app === null || app === undefined || reference === null || reference === undefined) return null;
  const a = Math.max(app, floor);
  const r = Math.max(reference, floor);
  return r === 0 ? null : Math.round((a / r) * 100) / 100;
}

/** A tick of one symbol as the bench's own socket received it: the last price text and the server's send time. */
export interface TickSeen {
  price: string;
  /** The server's `sentAt`, epoch ms. */
  sentAt: number;
}

/** A live change of a price cell on screen: the row's symbol, the cell's new text and when it was presented (epoch ms). */
export interface ShownChange {
  symbol: string;
  text: string;
  at: number;
}

/**
 * Send-to-screen latency of each shown change, ms: the tick behind a change is the latest tick of its symbol sent at or
 * before `at` whose price `format`s to the shown text, moved back over earlier ticks that format to the same text
 * (they would already have shown it: the change came with the first of them). `ticks` per symbol in send order.
 * Changes with no such tick (another formatting, a tick the bench's socket did not get) are counted as `unmatched`.
 */
export function updateLatencies(
  shown: readonly ShownChange[],
  ticks: ReadonlyMap<string, readonly TickSeen[]>,
  format: (price: string) => string,
): { latencies: number[]; unmatched: number } {
  const texts = new Map<TickSeen, string>();
  const textOf = (t: TickSeen) => {
    let s = texts.get(t);
    if (s === undefined) texts.set(t, (s = format(t.price)));
    return s;
  };
  const latencies: number[] = [];
  let unmatched = 0;
  for (const c of shown) {
    const list = ticks.get(c.symbol) ?? [];
    let j = list.length - 1;
    while (j >= 0 && list[j]!.sentAt > c.at) j--;
    while (j >= 0 && textOf(list[j]!) !== c.text) j--;
    if (j < 0) {
      unmatched++;
      continue;
    }
    while (j > 0 && textOf(list[j - 1]!) === c.text) j--;
    latencies.push(c.at - list[j]!.sentAt);
  }
  return { latencies, unmatched };
}

/** A case's pairs at one throttle, with the load average (1-minute) at start and end. */
export interface PairSet<R> {
  throttle: number;
  pairs: Array<{ app: R; reference: R }>;
  loadStart: number;
  loadEnd: number;
}

/** Per-pair ratios of one figure (app ÷ reference, `floor` as pairRatio) and their median. */
export function pairRatios<R>(
  set: PairSet<R>,
  figure: (r: R) => number | null,
  floor = 0,
): { ratios: Array<number | null>; median: number | null } {
  const ratios = set.pairs.map((p) => pairRatio(figure(p.app), figure(p.reference), floor));
  const m = median(ratios.filter((v): v is number => v !== null));
  return { ratios, median: m === null ? null : Math.round(m * 100) / 100 };
}
