/**
 * The floor case of `npm run bench` (BENCH_CASES=floor; docs/BENCHMARKS.md 'How the floor figures are taken'): the
 * app's pilot panel against the floor (floor-page.ts), 100,000 pilot rows, at one CPU throttle (4x), in rounds. A round
 * is a run of the app's panel opened from the header on `/` (after the announcement bar has settled), a run of the
 * same on a trade page (`/trade/BTC_USDT`), and a floor run, the floor last in odd rounds (1st, 3rd, …) and first in
 * even ones; each app run and its round's floor run form a pair. The first `controls` rounds add a second floor run
 * just before the round's floor run: the A/A pair (floor ÷ floor), which tells a target the machine cannot hold from
 * one the app misses. Before the first round, one unmeasured warm-up run of each (the app on `/`, on the trade page,
 * the floor): the first runs after the server and the browser start pay for their cold start (the server's first
 * answers, its live feed's first ticks), which is no part of a keystroke's cost and fell on whichever page ran first.
 *
 * One run, in a fresh context, the throttle set after the list shows rows and 2 s of settling:
 * typing (measure.ts typeQueries: six queries a key at a time, key→rows and long tasks), the field cleared, ArrowDown
 * held (arrow-hold.ts: 30 keys a second, key→active row and long tasks), then the wheel scroll of measure.ts
 * scrollList (frames over 20 ms and long tasks). The pointer rests where a newcomer's does: on the Pilot entry in the
 * app, beside the list on the floor, until the scroll moves it over the list. On a moving market the floor's worker
 * subscribes to the server's live socket and writes ticked rows in place (`?live`).
 */
import type { Browser } from '@playwright/test';
import { firstRow, scrollList, typeQueries, typingFigures, type TaskFigures } from '../measure.ts';
import { holdArrowDown, type ArrowHold } from '../arrow-hold.ts';
import { openList, type PairSetup } from '../open-list.ts';
import { load1, SETTLE_MS } from '../pairs.ts';
import type { PairSet } from '../pair-stats.ts';

/**
 * The least wait for keys still open after a query, ms (measure.ts typeQueries: three times the slowest key so far,
 * 2 s at most): keeps a run near 21 s on a quiet machine, where keys paint in about 100 ms.
 */
const UNCHANGED_MIN_MS = 1000;

/** Where the pointer rests on the floor (client px): beside the list, as a newcomer's rests on the app's menu. */
const FLOOR_POINTER = { x: 600, y: 300 };

/** A floor-case run: the app's panel on `/` (`home`) or a trade page (`trade`), or the floor. */
export type FloorMode = 'home' | 'trade' | 'floor';

/** One floor-case run's figures. */
export interface FloorRun {
  mode: FloorMode;
  throttle: number;
  /** Whether the market moved (the server's ticks flowing, the floor subscribed). */
  moving: boolean;
  keyToRowsP50Ms: number | null;
  keyToRowsP95Ms: number | null;
  keystrokes: number;
  paintedKeystrokes: number;
  typing: TaskFigures;
  arrows: ArrowHold;
  scrolling: TaskFigures & { framesOver20msPct: number | null; frames: number; scrolledPx: number };
}

/** A run of a round: the app on `/` or a trade page, the round's floor run, or the A/A control's extra floor run. */
type Step = FloorMode | 'aa';

/** One market's pairs: `/` and the trade page against the floor, and the A/A control (floor ÷ floor). */
export interface FloorSets {
  moving: boolean;
  home: PairSet<FloorRun>;
  trade: PairSet<FloorRun>;
  control: PairSet<FloorRun>;
}

/** One run (see the module comment). */
export async function floorRun(
  browser: Browser,
  s: PairSetup,
  mode: FloorMode,
  throttle: number,
  moving: boolean,
): Promise<FloorRun> {
  const { context, page, cdp } = await openList(browser, s, mode, moving && mode === 'floor');
  try {
    if (mode === 'floor') await page.mouse.move(FLOOR_POINTER.x, FLOOR_POINTER.y);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // Timed on purpose: the throttled page settles before the measured windows open.
    await page.waitForTimeout(SETTLE_MS);
    const typed = typingFigures(await typeQueries(page, UNCHANGED_MIN_MS));
    const search = page.getByTestId('market-search');
    await search.fill('');
    await firstRow(page);
    await search.focus();
    // The cleared list's follow-up frames end before the keys go out.
    await page.waitForTimeout(500);
    const arrows = await holdArrowDown(page, cdp);
    const scrolling = await scrollList(page);
    return {
      mode,
      throttle,
      moving,
      ...typed,
      arrows,
      scrolling,
    };
  } finally {
    await context.close();
  }
}

/** The modes of the warm-up before the first round (see the module comment). */
const WARM_UP: readonly FloorMode[] = ['home', 'trade', 'floor'];

/**
 * The floor case on one market: the warm-up runs (unless `warmUp` is false), then `rounds` rounds (see the module
 * comment), the first `controls` of them with an A/A pair; `run` does one run. Returns the pairs with the 1-minute
 * load average at the start of the first round and at the end.
 */
export async function runFloorRounds(
  rounds: number,
  controls: number,
  throttle: number,
  moving: boolean,
  run: (mode: FloorMode) => Promise<FloorRun>,
  warmUp = true,
): Promise<FloorSets> {
  const market = moving ? 'moving' : 'still';
  for (const mode of warmUp ? WARM_UP : []) {
    process.stdout.write(`bench: floor, ${market}, ${throttle}x, warm-up (not measured), ${mode} … `);
    const started = Date.now();
    await run(mode);
    console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const loadStart = load1();
  const home: PairSet<FloorRun>['pairs'] = [];
  const trade: PairSet<FloorRun>['pairs'] = [];
  const control: PairSet<FloorRun>['pairs'] = [];
  for (let i = 0; i < rounds; i++) {
    // The A/A run just before the round's floor run; the floor runs last in odd rounds and first in even ones, so a
    // machine slowing down (or speeding up) over a run does not favour one side.
    const floors: Step[] = i < controls ? ['aa', 'floor'] : ['floor'];
    const steps: Step[] = i % 2 === 0 ? ['home', 'trade', ...floors] : [...floors, 'home', 'trade'];
    const got = {} as Record<Step, FloorRun>;
    for (const step of steps) {
      const label = step === 'aa' ? 'floor (A/A)' : step;
      process.stdout.write(`bench: floor, ${market}, ${throttle}x, round ${i + 1}/${rounds}, ${label} … `);
      const started = Date.now();
      got[step] = await run(step === 'aa' ? 'floor' : step);
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    home.push({ app: got.home, reference: got.floor });
    trade.push({ app: got.trade, reference: got.floor });
    if (got.aa) control.push({ app: got.aa, reference: got.floor });
  }
  const loadEnd = load1();
  const set = (pairs: PairSet<FloorRun>['pairs']) => ({ throttle, pairs, loadStart, loadEnd });
  return { moving, home: set(home), trade: set(trade), control: set(control) };
}
