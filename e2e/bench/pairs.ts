/**
 * The interleaved-pair cases of `npm run bench` (docs/BENCHMARKS.md 'How the live and keyboard figures are taken'): each pair is one run
 * of the app (engine in the worker) and then one run of the plain-DOM reference (reference-page.ts), each in a fresh
 * browser context at the same CPU throttle, against the same server in the same run; a case reports every pair's
 * figures, their app ÷ reference ratio and the median of the ratios.
 *
 * - live (SPEC §7 market lists, §9 refresh): 100,000 pilot rows with spot and futures ticking at `TICKS_PER_S`
 *   (2,000 by default) on the server's live socket; the reference subscribes to the pilot list on the same socket
 *   and writes ticked rows in place. One run: the panel open and idle for 10 s (main-thread busy time from CDP
 *   `Performance.getMetrics` TaskDuration, long tasks, and each price change on screen matched to the server's send
 *   time of its tick, read by the bench's own socket), then typing (measure.ts typeQueries), then scrolling
 *   (measure.ts scrollList).
 * - keyboard (SPEC §9 keyboard): ArrowDown held in the search field, one keydown every 33 ms (30 a second, CDP
 *   `Input.dispatchKeyEvent` with autoRepeat), 100,000 rows, no ticks; keydown → the frame in which the active row is
 *   in the DOM, marked and inside the scroller (page-probes.ts INSTALL_ARROW_PROBE).
 */
import { loadavg } from 'node:os';
import type { Browser, CDPSession } from '@playwright/test';
import { WebSocket } from 'ws';
import { formatPrice } from '../../common/domain/market-format.ts';
import { LIVE_API, type LiveServerMessage } from '../../common/wire/live.ts';
import { INSTALL_LIVE_PROBE } from './page-probes.ts';
import {
  firstRow,
  now,
  percentile,
  round,
  scrollList,
  tasksBetween,
  typeQueries,
  type TaskFigures,
} from './measure.ts';
import { updateLatencies, type PairSet, type ShownChange, type TickSeen } from './pair-stats.ts';
import { holdArrowDown, type ArrowHold } from './arrow-hold.ts';
import { openList, type PairSetup } from './open-list.ts';

/** The reference page's price format (reference-worker.ts), to match its shown prices to ticks. */
const REFERENCE_PRICE = new Intl.NumberFormat('en', { maximumSignificantDigits: 6 });
/** Idle window of the live case, ms. */
const IDLE_MS = 10_000;
/** Settling time after the throttle is set and before a measured window, ms. */
export const SETTLE_MS = 2_000;

export type PairMode = 'app' | 'reference';
/**
 * BENCH_CONTROL=1: an A/A control. Each pair runs the reference twice, in the app's place and in its own, so the
 * per-pair spread between two runs of the same page (long tasks above all) can be read beside an app ÷ reference
 * table of the same machine (docs/benchmarks/history.md: 'Search warm-up, an A/A control and two probes'). Such a
 * run never writes docs/BENCHMARKS.md.
 */
export const CONTROL = process.env.BENCH_CONTROL === '1';

/** One live run's figures. */
export interface LiveRun {
  mode: PairMode;
  throttle: number;
  /** Main-thread task time ÷ wall time over the idle window, percent (CDP TaskDuration). */
  idleBusyPct: number;
  idle: TaskFigures;
  /** Send-to-screen latencies of the price changes shown in the idle window, ms. */
  updateP50Ms: number | null;
  updateP95Ms: number | null;
  updatesMatched: number;
  updatesUnmatched: number;
  typingP95Ms: number | null;
  paintedKeystrokes: number;
  keystrokes: number;
  typing: TaskFigures;
  scrolling: TaskFigures & { framesOver20msPct: number | null; frames: number; scrolledPx: number };
}

/** One keyboard run's figures. */
export type KeyboardRun = { mode: PairMode; throttle: number } & ArrowHold;

/** The bench's own subscriber to the live socket: every pilot tick by symbol, in send order. */
export class TickRecorder {
  readonly ticks = new Map<string, TickSeen[]>();
  private readonly ws: WebSocket;

  /** Connects to the live socket of `baseURL` (same-origin `Origin`, as the server requires) and subscribes. */
  constructor(baseURL: string) {
    this.ws = new WebSocket(baseURL.replace(/^http/, 'ws') + LIVE_API.path, { origin: baseURL });
    this.ws.on('open', () => this.ws.send(JSON.stringify({ type: 'subscribe', lists: ['pilot'] })));
    this.ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as LiveServerMessage;
      if (m.type !== 'ticks' || m.list !== 'pilot') return;
      for (const [key, price] of m.ticks) {
        let list = this.ticks.get(key);
        if (!list) this.ticks.set(key, (list = []));
        list.push({ price, sentAt: m.sentAt });
      }
    });
  }

  /** Forgets the ticks so far (a new run). */
  clear(): void {
    this.ticks.clear();
  }

  /** Closes the socket. */
  close(): void {
    this.ws.close();
  }
}

export const load1 = () => Math.round(loadavg()[0]! * 100) / 100;

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

/** One live run (see the module comment). `recorder` must be subscribed to the same server. */
export async function liveRun(
  browser: Browser,
  s: PairSetup,
  mode: PairMode,
  throttle: number,
  recorder: TickRecorder,
): Promise<LiveRun> {
  const { context, page, cdp } = await openList(browser, s, mode, true);
  try {
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    recorder.clear();
    // Timed on purpose: the throttled page settles for SETTLE_MS before the measured window opens.
    await page.waitForTimeout(SETTLE_MS);
    // Idle: the panel open, the pointer off the list (it rests on the Pilot entry, or nowhere on the reference).
    await page.evaluate(INSTALL_LIVE_PROBE);
    const locale = await page.evaluate(() => document.documentElement.lang || 'en');
    const from = await now(page);
    const busy0 = await taskSeconds(cdp);
    const wall0 = Date.now();
    await page.waitForTimeout(IDLE_MS);
    const busy1 = await taskSeconds(cdp);
    const wall1 = Date.now();
    const to = await now(page);
    await page.waitForTimeout(200); // the last changes' post-frame tasks
    const shown = await page.evaluate(() => {
      const w = window as unknown as { __MH_LIVE__: ShownChange[]; __MH_LIVE_STOP__: boolean };
      w.__MH_LIVE_STOP__ = true;
      return w.__MH_LIVE__.filter((c) => c.at > 0);
    });
    const idle = await tasksBetween(page, from, to);
    const format =
      mode === 'app'
        ? (p: string) => formatPrice(p, locale)
        : (p: string) => (p === '' ? '--' : REFERENCE_PRICE.format(Number(p)));
    const inWindow = shown.filter((c) => c.at >= wall0 && c.at <= wall1);
    const { latencies, unmatched } = updateLatencies(inWindow, recorder.ticks, format);

    const { keystrokes, typing, latencies: typed } = await typeQueries(page);
    await page.getByTestId('market-search').fill('');
    await firstRow(page);
    await page.waitForTimeout(500);
    const scrolling = await scrollList(page);
    return {
      mode,
      throttle,
      idleBusyPct: Math.round(((busy1 - busy0) * 1000 * 1000) / (wall1 - wall0)) / 10,
      idle,
      updateP50Ms: round(percentile(latencies, 50)),
      updateP95Ms: round(percentile(latencies, 95)),
      updatesMatched: latencies.length,
      updatesUnmatched: unmatched,
      typingP95Ms: round(percentile(typed, 95)),
      paintedKeystrokes: typed.length,
      keystrokes,
      typing,
      scrolling,
    };
  } finally {
    await context.close();
  }
}

/** One keyboard run (see the module comment). */
export async function keyboardRun(
  browser: Browser,
  s: PairSetup,
  mode: PairMode,
  throttle: number,
): Promise<KeyboardRun> {
  const { context, page, cdp } = await openList(browser, s, mode, false);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.getByTestId('market-search').focus();
    await page.waitForTimeout(SETTLE_MS);
    const hold = await holdArrowDown(page, cdp);
    return { mode, throttle, ...hold };
  } finally {
    await context.close();
  }
}

/**
 * Runs `pairs` interleaved pairs (app, then reference) of `run` at `throttle`, logging each run; returns them with the
 * load average at start and end.
 */
export async function runPairs<R>(
  label: string,
  pairs: number,
  throttle: number,
  run: (mode: PairMode) => Promise<R>,
): Promise<PairSet<R>> {
  const loadStart = load1();
  const out: PairSet<R>['pairs'] = [];
  for (let i = 0; i < pairs; i++) {
    const pair = {} as { app: R; reference: R };
    for (const slot of ['app', 'reference'] as const) {
      // The A/A control runs the reference in both places (BENCH_CONTROL=1).
      const mode: PairMode = CONTROL ? 'reference' : slot;
      process.stdout.write(
        `bench: ${label}, ${throttle}x, pair ${i + 1}/${pairs}, ${slot}${CONTROL ? ' (control: reference)' : ''} … `,
      );
      const started = Date.now();
      pair[slot] = await run(mode);
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    out.push(pair);
  }
  return { throttle, pairs: out, loadStart, loadEnd: load1() };
}
