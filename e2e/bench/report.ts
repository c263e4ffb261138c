/**
 * Benchmark report rendering (`npm run bench`): a plain-text table for the terminal, and docs/BENCHMARKS.md with the
 * targets (pass/fail), typing and scrolling figures as absolute values and as app ÷ plain-DOM reference, and every
 * case. Pure: figures in, text out.
 */
import type { CaseResult, Mode } from './measure.ts';

const fmt = (v: number | null | undefined, unit = ''): string =>
  v === null || v === undefined ? 'n/a' : `${v}${unit}`;
/** Scroll-frame shares below this (percent) count as this much when divided by: 0 % against 0 % is not a ratio. */
export const FRAME_SHARE_FLOOR_PCT = 1;

type Find = (rows: number, mode: Mode, throttle: number) => CaseResult | undefined;
const finder =
  (results: CaseResult[]): Find =>
  (rows, mode, throttle) =>
    results.find((r) => r.rows === rows && r.mode === mode && r.throttle === throttle);

/** a ÷ b, or null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}
const x = (v: number | null) => (v === null ? 'n/a' : `${v}×`);
const p95ToRef = (r: CaseResult, find: Find) =>
  ratio(r.keyToRowsP95Ms, find(r.rows, 'reference', r.throttle)?.keyToRowsP95Ms);
/** Scroll-frame share, or null when the wheel did not move the list (the figures would measure an idle page). */
const frameShare = (r: CaseResult | undefined) =>
  r && r.scrolling.scrolledPx > 0 ? r.scrolling.framesOver20msPct : null;
const framesToRef = (r: CaseResult, find: Find) => {
  const ref = frameShare(find(r.rows, 'reference', r.throttle));
  const app = frameShare(r);
  if (ref === null || ref === undefined || app === null) return null;
  return ratio(Math.max(app, FRAME_SHARE_FLOOR_PCT), Math.max(ref, FRAME_SHARE_FLOOR_PCT));
};

/** The frame share, or why there is none. */
const scrollCell = (r: CaseResult) =>
  r.scrolling.scrolledPx > 0 ? fmt(r.scrolling.framesOver20msPct, ' %') : 'did not scroll';

const COLUMNS: Array<[string, (r: CaseResult, find: Find) => string]> = [
  ['rows', (r) => String(r.rows)],
  ['mode', (r) => r.mode],
  ['cpu', (r) => `${r.throttle}x`],
  ['key→rows p50', (r) => fmt(r.keyToRowsP50Ms, ' ms')],
  ['key→rows p95', (r) => fmt(r.keyToRowsP95Ms, ' ms')],
  ['p95 ÷ ref', (r, f) => (r.mode === 'reference' ? '1×' : x(p95ToRef(r, f)))],
  ['painted keys', (r) => `${r.paintedKeystrokes}/${r.keystrokes}`],
  ['typing long tasks / TBT', (r) => `${r.typing.longTasks} / ${r.typing.totalBlockingMs} ms`],
  ['scroll frames > 20 ms', (r) => scrollCell(r)],
  ['frames ÷ ref', (r, f) => (r.mode === 'reference' ? '1×' : x(framesToRef(r, f)))],
  ['scroll long tasks / TBT', (r) => `${r.scrolling.longTasks} / ${r.scrolling.totalBlockingMs} ms`],
  [
    'refresh long tasks / TBT',
    (r) => (r.refresh?.refreshed ? `${r.refresh.longTasks} / ${r.refresh.totalBlockingMs} ms` : 'n/a'),
  ],
  [
    'search p50 / p95',
    (r) =>
      r.mode === 'reference' ? 'n/a' : `${fmt(r.workerSearchP50Ms)} / ${fmt(r.workerSearchP95Ms, ' ms')}`,
  ],
  ['max message', (r) => fmt(r.maxMessageBytes, ' B')],
  ['warm first rows', (r) => fmt(r.warmFirstRowsMs, ' ms')],
  ['cold first rows (1x)', (r) => fmt(r.coldFirstRowsMs, ' ms')],
];

/** Fixed-width text table of every case. */
export function renderTable(results: CaseResult[]): string {
  const find = finder(results);
  const rows = [COLUMNS.map(([h]) => h), ...results.map((r) => COLUMNS.map(([, f]) => f(r, find)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

const md = (head: string[], body: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/** The targets at 4x (cold first rows at 1x), each with what was measured and pass/fail. */
export function targetRows(results: CaseResult[]): string[][] {
  const find = finder(results);
  const sizes = [...new Set(results.map((r) => r.rows))].sort((a, b) => a - b);
  const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'pass' : '**fail**');
  const all = (oks: Array<boolean | null>) =>
    oks.length === 0 || oks.includes(null) ? null : oks.every(Boolean);
  const k = (n: number) => `${n / 1000}k`;
  const workers4 = sizes.map((n) => find(n, 'worker', 4));
  const big = find(100_000, 'worker', 4);
  const bigRef = find(100_000, 'reference', 4);
  const bigP95Ratio = big ? p95ToRef(big, find) : null;
  const vsMain = sizes.map((n) => {
    const w = find(n, 'worker', 4);
    return w ? ratio(w.keyToRowsP95Ms, find(n, 'main', 4)?.keyToRowsP95Ms) : null;
  });
  const bigFrames = big ? framesToRef(big, find) : null;
  const cold = find(100_000, 'worker', 1)?.coldFirstRowsMs ?? null;
  const maxMessage = results.filter((r) => r.mode !== 'reference' && r.maxMessageBytes !== null);
  const largest = maxMessage.length ? Math.max(...maxMessage.map((r) => r.maxMessageBytes!)) : null;
  return [
    [
      'long tasks while typing, every size',
      '0',
      workers4.map((r, i) => `${k(sizes[i]!)}: ${r ? r.typing.longTasks : 'n/a'}`).join(', '),
      verdict(all(workers4.map((r) => (r ? r.typing.longTasks === 0 : null)))),
    ],
    [
      'keystroke-to-rows p95, 100,000 rows',
      '≤ 1.3 × reference and ≤ 100 ms',
      `${fmt(big?.keyToRowsP95Ms, ' ms')} (reference ${fmt(bigRef?.keyToRowsP95Ms, ' ms')}, ${x(bigP95Ratio)})`,
      verdict(
        big?.keyToRowsP95Ms == null || bigP95Ratio === null
          ? null
          : bigP95Ratio <= 1.3 && big.keyToRowsP95Ms <= 100,
      ),
    ],
    [
      'keystroke-to-rows p95, worker ÷ in-thread, every size',
      '≤ 1.0',
      vsMain.map((v, i) => `${k(sizes[i]!)}: ${x(v)}`).join(', '),
      verdict(all(vsMain.map((v) => (v === null ? null : v <= 1)))),
    ],
    [
      'scroll frames over 20 ms, 100,000 rows',
      '≤ 1.3 × reference; no long task while scrolling',
      `${big ? scrollCell(big) : 'n/a'} (reference ${bigRef ? scrollCell(bigRef) : 'n/a'}, ${x(bigFrames)}); ${big ? big.scrolling.longTasks : 'n/a'} long tasks`,
      verdict(big && bigFrames !== null ? bigFrames <= 1.3 && big.scrolling.longTasks === 0 : null),
    ],
    [
      'warm first rows, 100,000 rows',
      '≤ 100 ms',
      fmt(big?.warmFirstRowsMs, ' ms'),
      verdict(big?.warmFirstRowsMs == null ? null : big.warmFirstRowsMs <= 100),
    ],
    [
      'cold first rows, 100,000 rows, 1x',
      '≤ 1.5 s',
      fmt(cold, ' ms'),
      verdict(cold === null ? null : cold <= 1500),
    ],
    [
      'largest worker → main message',
      '≤ 10 KiB',
      fmt(largest, ' B'),
      verdict(largest === null ? null : largest <= 10 * 1024),
    ],
  ];
}

/**
 * The matrix targets (targetRows) as rows of the 'Current figures' table of docs/BENCHMARKS.md: figure, target,
 * measured, ratio vs reference (the 100,000-row keystroke and scroll-frame ratios; '—' for the others), pass/fail,
 * and `date` (the run's).
 */
export function currentMatrixRows(results: CaseResult[], date: string): string[][] {
  const find = finder(results);
  const big = find(100_000, 'worker', 4);
  const ratios: Record<string, number | null> = {
    'keystroke-to-rows p95, 100,000 rows': big ? p95ToRef(big, find) : null,
    'scroll frames over 20 ms, 100,000 rows': big ? framesToRef(big, find) : null,
  };
  return targetRows(results).map(([figure, target, measured, pass]) => [
    `matrix: ${figure!}`,
    target!,
    measured!,
    figure! in ratios ? x(ratios[figure!]!) : '—',
    pass!,
    date,
  ]);
}

/** Typing and scrolling per size, throttle and mode, absolute and ÷ reference. */
function comparisonTables(results: CaseResult[]): string {
  const find = finder(results);
  const typing = results.map((r) => [
    String(r.rows),
    `${r.throttle}x`,
    r.mode,
    fmt(r.keyToRowsP50Ms, ' ms'),
    fmt(r.keyToRowsP95Ms, ' ms'),
    r.mode === 'reference' ? '1×' : x(p95ToRef(r, find)),
    String(r.typing.longTasks),
    `${r.typing.totalBlockingMs} ms`,
  ]);
  const scrolling = results.map((r) => [
    String(r.rows),
    `${r.throttle}x`,
    r.mode,
    scrollCell(r),
    r.mode === 'reference' ? '1×' : x(framesToRef(r, find)),
    String(r.scrolling.longTasks),
    `${r.scrolling.totalBlockingMs} ms`,
  ]);
  return `### Typing

${md(['rows', 'cpu', 'mode', 'key→rows p50', 'key→rows p95', 'p95 ÷ reference', 'long tasks', 'TBT'], typing)}

### Scrolling

${md(['rows', 'cpu', 'mode', 'frames > 20 ms', '÷ reference', 'long tasks', 'TBT'], scrolling)}`;
}

/** docs/BENCHMARKS.md content above the kept analysis. */
export function renderMarkdown(results: CaseResult[], machine: Record<string, unknown>): string {
  const find = finder(results);
  return `## Matrix: typing and scrolling in three modes (${String(machine.date).slice(0, 10)})

Produced by \`npm run bench\` (e2e/bench/run.ts): the built app in Debian's chromium driven by Playwright, pilot
lists served by the reference server with \`PILOT_ROWS\`; in the same run, per size and CPU throttle (CDP
\`Emulation.setCPUThrottlingRate\`, 1x and 4x), three modes: the app with its engine in the Web Worker, the app with
the engine on the main thread (\`?engine=main\`), and a plain-DOM reference (e2e/bench/reference-page.ts: the app's
own row markup and stylesheets captured from the app in the same run, the same 58 px rows, 530 px scroller and 9
overscan rows, recycled slots written in place, visible rows first and overscan rows in the next frame (a scroll
step too), the app's prefetch margin of \`PREFETCH_ROWS\` rows on each side after a scroll, search and formatting in a
worker, no framework; served by the bench through a Playwright route, not part of the app).
\`reports/bench.json\` has every figure per case.

Machine: ${machine.cpu} × ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node},
Chromium ${machine.chromium}, ${machine.date}.

### Targets (4x CPU, engine in the worker; cold first rows at 1x)

${md(['figure', 'target', 'measured', 'pass/fail'], targetRows(results))}

${comparisonTables(results)}

### All cases

${md(
  COLUMNS.map(([h]) => h),
  results.map((r) => COLUMNS.map(([, f]) => f(r, find))),
)}

How each figure is taken:
- **key→rows**: from the keydown event's \`timeStamp\` in the search field to the task right after the frame in which
  the list shows rows for the field's text (a MutationObserver sees the list's DOM change; the next
  requestAnimationFrame checks that the first row matches the text; then a task after that frame records the time),
  over six queries typed a key at a time, 120 ms apart. Keystrokes whose rows never reached the screen (a newer key
  won) are not counted, nor keys whose rows were the same as the previous key's (no DOM change; taken as such after
  2 s); \`painted keys\` says how many were counted.
- **long tasks / TBT**: \`PerformanceObserver('longtask')\` entries ≥ 50 ms on the main thread, and their sum over 50 ms,
  while typing, while wheel-scrolling the full list (40 × 600 px), and during a forced refresh of the open list.
- **scroll frames > 20 ms**: share of requestAnimationFrame intervals over 20 ms while scrolling; its ratio to the
  reference counts shares under ${FRAME_SHARE_FLOOR_PCT} % as ${FRAME_SHARE_FLOOR_PCT} %. A list the wheel did not
  move (\`scrollTop\` still 0) shows 'did not scroll' and its scroll target is not measured.
- **search p50/p95**: measured inside the engine around each search (worker or in-thread); CPU throttling of the
  page may not apply to the worker (docs/TESTING.md 'Toolchain traps': throttling a page may not slow its workers).
- **max message**: the largest reply the engine posted to the main thread, JSON bytes.
- **warm first rows**: after a reload with the cache filled, at the case's throttle, from pointer-enter on the Pilot
  entry to the first row in the DOM.
- **cold first rows (1x)**: the same on the first visit of a fresh browser context (empty cache, no throttle); the
  server has already built and compressed its compact pilot list (once per data version, at start).
`;
}
