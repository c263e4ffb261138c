/**
 * `npm run bench` (targets in docs/BENCHMARKS.md). `BENCH_CASES` (comma list, default `matrix`) picks the cases:
 *
 * - `matrix`: drives the built app in Debian's chromium for pilot lists of 3,000, 10,000 and 100,000 rows, engine in
 *   the worker vs in-thread (`?engine=main`) vs the plain-DOM reference (reference-page.ts), at 1x and 4x CPU
 *   throttle. Writes reports/bench.json. Env: BENCH_SIZES=3000,10000, BENCH_THROTTLES=4, BENCH_MODES=worker,reference
 *   narrow a run (docs/BENCHMARKS.md is written for the full matrix only).
 * - `live`: the live cases in interleaved pairs (pairs.ts), 100,000 pilot rows, `TICKS_PER_S` = BENCH_TICKS (default
 *   2000), at each of BENCH_LIVE_THROTTLES (default 4,1): BENCH_PAIRS pairs (default 6) at 4x, BENCH_PAIRS_1X (default
 *   half of BENCH_PAIRS, at least 2) at other throttles.
 * - `keyboard`: ArrowDown held at 30 keys a second, 100,000 rows, no ticks, 4x, BENCH_PAIRS pairs.
 * - `floor`: the app's pilot panel on `/` and on a trade page against the floor (floor/floor-page.ts, a careful plain
 *   page with the same rows), 100,000 rows, 4x, on a still market and a moving one (BENCH_TICKS a second): BENCH_PAIRS
 *   rounds per market (floor/floor-runs.ts), the first BENCH_CONTROLS (default: all) with an A/A pair (floor ÷ floor);
 *   typing, ArrowDown held and scrolling per run. BENCH_FLOOR_MARKETS (default `still,moving`) narrows a run. Writes
 *   reports/bench-floor.json and, for both markets, the 'Current figures: the app against the floor' table at the top
 *   of docs/BENCHMARKS.md (block `floor-figures`) and its per-pair block (`floor-pairs`). Prints its expected time
 *   first (about 20 min on a quiet 2-core machine with the defaults).
 *
 * The pair cases write reports/bench-pairs.json. docs/BENCHMARKS.md: each run replaces its own block (`matrix`,
 * `live-pairs`, `keyboard-pairs`) and its rows of the 'Current figures' table; the rest of the file is kept. BENCH_DOCS=0 leaves the file as
 * is (a run on a busy machine). BENCH_CONTROL=1 runs the pair cases as an A/A control (the reference in both places of
 * each pair, pairs.ts CONTROL; docs left as is). BENCH_PORT (default 4600); OUT_DIR is the built app served (default
 * dist).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { buildPilotColumns } from '../../server/market-data/pilot-columns.ts';
import { currentMatrixRows, renderMarkdown, renderTable } from './report.ts';
import { runCase, type CaseResult, type Mode } from './measure.ts';
import { startServer, stopServer, warmUpAndCapture } from './server.ts';
import { CONTROL, keyboardRun, liveRun, runPairs, TickRecorder } from './pairs.ts';
import type { PairSetup } from './open-list.ts';
import { floorRun, runFloorRounds, type FloorSets } from './floor/floor-runs.ts';
import { renderFloor, renderFloorTable } from './floor/floor-report.ts';
import {
  blockText,
  mergeTable,
  pairTargetRows,
  renderPairs,
  replaceBlock,
  type PairResults,
} from './pair-report.ts';

const SIZES = (process.env.BENCH_SIZES ?? '3000,10000,100000').split(',').map(Number);
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const ALL_MODES: Mode[] = ['worker', 'main', 'reference'];
const MODES = (process.env.BENCH_MODES ?? ALL_MODES.join(','))
  .split(',')
  .filter((m): m is Mode => (ALL_MODES as string[]).includes(m));
const CASES = new Set((process.env.BENCH_CASES ?? 'matrix').split(',').map((c) => c.trim()));
for (const c of CASES) {
  if (!['matrix', 'live', 'keyboard', 'floor'].includes(c))
    throw new Error(`BENCH_CASES: unknown case '${c}'`);
}
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 6));
const PAIRS_1X = Math.max(1, Number(process.env.BENCH_PAIRS_1X ?? Math.max(2, Math.ceil(PAIRS / 2))));
const LIVE_THROTTLES = (process.env.BENCH_LIVE_THROTTLES ?? '4,1').split(',').map(Number);
const TICKS = process.env.BENCH_TICKS ?? '2000';
/**
 * The floor case's markets (`still`: no ticks; `moving`: BENCH_TICKS) and its A/A pairs per market: one in every
 * round by default. The long-task target is read on every pair, so a miss by chance grows with the number of pairs;
 * its control needs as many pairs to show that chance (two A/A pairs against six app pairs rarely could).
 */
const FLOOR_MARKETS = (process.env.BENCH_FLOOR_MARKETS ?? 'still,moving').split(',').map((m) => m.trim());
const FLOOR_CONTROLS = Math.max(0, Number(process.env.BENCH_CONTROLS ?? PAIRS));
/** Pilot rows of the pair cases. */
const PAIR_ROWS = 100_000;
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const STATIC_DIR = process.env.OUT_DIR ?? 'dist';
const DOCS = 'docs/BENCHMARKS.md';
/** docs/BENCHMARKS.md keeps what follows this line across runs (new blocks go above it). */
const ANALYSIS_MARKER = '<!-- analysis: kept across runs -->';

/** The compact pilot JSON of `rows` rows, as the app's worker receives it (docs/API.md), for the reference. */
const referenceData = (rows: number) =>
  Buffer.from(
    JSON.stringify({ code: 200, data: buildPilotColumns(loadMarketData({ pilotRows: rows }).pilot) }),
  );

async function runMatrix(browser: Browser): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const rows of SIZES) {
    // A still market: the matrix measures typing and scrolling against a reference that does not tick.
    const server = await startServer(rows, PORT, STATIC_DIR, { TICKS_PER_S: '0' });
    try {
      const baseURL = `http://127.0.0.1:${PORT}`;
      const snapshot = await warmUpAndCapture(browser, baseURL);
      // The reference gets the same rows, in the compact form the app's worker receives (docs/API.md).
      const data = MODES.includes('reference') ? referenceData(rows) : Buffer.alloc(0);
      for (const throttle of THROTTLES) {
        for (const mode of MODES) {
          process.stdout.write(`bench: ${rows} rows, ${mode}, ${throttle}x … `);
          const started = Date.now();
          const result = await runCase(browser, {
            baseURL,
            rows,
            mode,
            throttle,
            reference: mode === 'reference' ? { snapshot, data } : undefined,
          });
          results.push(result);
          console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
      }
    } finally {
      stopServer(server);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return results;
}

/** Runs `body` against a fresh server of PAIR_ROWS rows with `ticksPerS`. */
async function withPairServer<T>(ticksPerS: string, browser: Browser, body: (s: PairSetup) => Promise<T>) {
  const server = await startServer(PAIR_ROWS, PORT, STATIC_DIR, { TICKS_PER_S: ticksPerS });
  try {
    const baseURL = `http://127.0.0.1:${PORT}`;
    const snapshot = await warmUpAndCapture(browser, baseURL);
    return await body({ baseURL, snapshot, data: referenceData(PAIR_ROWS) });
  } finally {
    stopServer(server);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function runPairCases(browser: Browser): Promise<PairResults> {
  const out: PairResults = { live: [], keyboard: [] };
  if (CASES.has('live')) {
    await withPairServer(TICKS, browser, async (s) => {
      const recorder = new TickRecorder(s.baseURL);
      try {
        for (const throttle of LIVE_THROTTLES) {
          const pairs = throttle === 4 ? PAIRS : PAIRS_1X;
          out.live.push(
            await runPairs('live', pairs, throttle, (mode) => liveRun(browser, s, mode, throttle, recorder)),
          );
        }
      } finally {
        recorder.close();
      }
    });
  }
  if (CASES.has('keyboard')) {
    await withPairServer('0', browser, async (s) => {
      out.keyboard.push(await runPairs('keyboard', PAIRS, 4, (mode) => keyboardRun(browser, s, mode, 4)));
    });
  }
  return out;
}

/**
 * The floor case: per market of FLOOR_MARKETS, a fresh server (no ticks, or BENCH_TICKS a second) and BENCH_PAIRS
 * rounds at 4x, the first FLOOR_CONTROLS of them with an A/A pair (floor/floor-runs.ts).
 */
async function runFloor(browser: Browser): Promise<FloorSets[]> {
  const out: FloorSets[] = [];
  for (const market of FLOOR_MARKETS) {
    const moving = market === 'moving';
    if (!moving && market !== 'still') throw new Error(`BENCH_FLOOR_MARKETS: unknown market '${market}'`);
    out.push(
      await withPairServer(moving ? TICKS : '0', browser, (s) =>
        runFloorRounds(PAIRS, FLOOR_CONTROLS, 4, moving, (mode) => floorRun(browser, s, mode, 4, moving)),
      ),
    );
  }
  return out;
}

/**
 * The floor case's expected run time on a quiet 2-core machine, minutes: about 21 s a run (three warm-up runs and
 * the rounds' runs per market) and 25 s a server (start, warm-up visit). Under load a run takes longer (about 30 s
 * at a load average of 15).
 */
const floorMinutes = () =>
  Math.round((FLOOR_MARKETS.length * ((3 + PAIRS * 3 + Math.min(PAIRS, FLOOR_CONTROLS)) * 21 + 25)) / 60);

/** docs/BENCHMARKS.md with the floor's table at the top (block `floor-figures`) and its per-pair block. */
function updateFloorDocs(all: FloorSets[], machine: Record<string, unknown>, date: string): void {
  let doc = existsSync(DOCS) ? readFileSync(DOCS, 'utf8') : `# Benchmarks\n\n${ANALYSIS_MARKER}\n`;
  doc = replaceBlock(doc, 'floor-pairs', renderFloor(all, machine), ANALYSIS_MARKER);
  const table = `## Current figures: the app against the floor

Written by \`BENCH_CASES=floor npm run bench\` (${String(machine.date).slice(0, 16).replace('T', ' ')} UTC, ${PAIRS} pairs
per page and market, ${FLOOR_CONTROLS} A/A pairs per market, 4x CPU; 'How the floor figures are taken' below).

${renderFloorTable(all, date)}`;
  doc = replaceBlock(doc, 'floor-figures', table, '<!-- current-figures:start -->');
  writeFileSync(DOCS, doc);
}

/** docs/BENCHMARKS.md with `rows` merged into its 'Current figures' table and `block` (if any) replaced. */
function updateDocs(rows: string[][], block?: [string, string]): void {
  let doc = existsSync(DOCS) ? readFileSync(DOCS, 'utf8') : `# Benchmarks\n\n${ANALYSIS_MARKER}\n`;
  if (block) doc = replaceBlock(doc, block[0], block[1], ANALYSIS_MARKER);
  const current = blockText(doc, 'current-figures');
  const table = mergeTable(current.slice(current.indexOf('|')), rows);
  const heading = current.slice(0, current.indexOf('|') < 0 ? current.length : current.indexOf('|')).trim();
  doc = replaceBlock(
    doc,
    'current-figures',
    `${heading || '## Current figures'}\n\n${table}`,
    block ? `<!-- ${block[0]}:start -->` : ANALYSIS_MARKER,
  );
  writeFileSync(DOCS, doc);
}

async function main(): Promise<void> {
  // The reference page is served by a Playwright route, so Chromium does not know its address space and its live
  // socket to 127.0.0.1 would be refused (Local Network Access): the live cases turn that check off.
  const args =
    CASES.has('live') || CASES.has('floor')
      ? [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks']
      : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  const runStarted = Date.now();
  let results: CaseResult[] = [];
  let pairs: PairResults = { live: [], keyboard: [] };
  let floor: FloorSets[] = [];
  if (CASES.has('floor'))
    console.log(`bench: the floor case takes about ${floorMinutes()} min on a quiet 2-core machine`);
  try {
    if (CASES.has('floor')) floor = await runFloor(browser);
    if (CASES.has('matrix')) results = await runMatrix(browser);
    if (CASES.has('live') || CASES.has('keyboard')) pairs = await runPairCases(browser);
  } finally {
    await browser.close();
  }
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: type(),
    node: process.version,
    chromium: browser.version(),
    date: new Date().toISOString(),
  };
  const date = machine.date.slice(0, 10);
  mkdirSync('reports', { recursive: true });
  const docs = process.env.BENCH_DOCS !== '0' && !CONTROL;
  if (results.length) {
    writeFileSync('reports/bench.json', JSON.stringify({ machine, cases: results }, null, 2) + '\n');
    console.log('\n' + renderTable(results));
    const fullRun = SIZES.length === 3 && THROTTLES.length === 2 && MODES.length === ALL_MODES.length;
    if (fullRun && docs) {
      updateDocs(currentMatrixRows(results, date), ['matrix', renderMarkdown(results, machine)]);
      console.log(`wrote reports/bench.json and ${DOCS}`);
    } else console.log(`wrote reports/bench.json (partial run or BENCH_DOCS=0: ${DOCS} left as is)`);
  }
  if (pairs.live.length || pairs.keyboard.length) {
    writeFileSync('reports/bench-pairs.json', JSON.stringify({ machine, ...pairs }, null, 2) + '\n');
    const live = pairs.live.length ? renderPairs({ live: pairs.live, keyboard: [] }, machine) : '';
    const keys = pairs.keyboard.length ? renderPairs({ live: [], keyboard: pairs.keyboard }, machine) : '';
    console.log('\n' + live + '\n' + keys);
    if (docs) {
      if (live) updateDocs(pairTargetRows({ live: pairs.live, keyboard: [] }, date), ['live-pairs', live]);
      if (keys)
        updateDocs(pairTargetRows({ live: [], keyboard: pairs.keyboard }, date), ['keyboard-pairs', keys]);
      console.log(`wrote reports/bench-pairs.json and ${DOCS}`);
    } else console.log(`wrote reports/bench-pairs.json (BENCH_DOCS=0: ${DOCS} left as is)`);
  }
  if (floor.length) {
    writeFileSync('reports/bench-floor.json', JSON.stringify({ machine, floor }, null, 2) + '\n');
    console.log('\n' + renderFloorTable(floor, date) + '\n\n' + renderFloor(floor, machine));
    if (docs && FLOOR_MARKETS.length === 2) {
      updateFloorDocs(floor, machine, date);
      console.log(`wrote reports/bench-floor.json and ${DOCS}`);
    } else console.log(`wrote reports/bench-floor.json (one market or BENCH_DOCS=0: ${DOCS} left as is)`);
  }
  console.log(`\nbench: done in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
