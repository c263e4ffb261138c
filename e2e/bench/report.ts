/**
 * Benchmark report rendering: a plain-text table for the terminal and docs/BENCHMARKS.md with the performance
 * targets checked and worker/in-thread ratios.
 */
import type { CaseResult } from './measure.ts';

const fmt = (v: number | null | undefined, unit = ''): string =>
  v === null || v === undefined ? 'n/a' : `${v}${unit}`;

const COLUMNS: Array<[string, (r: CaseResult) => string]> = [
  ['rows', (r) => String(r.rows)],
  ['engine', (r) => r.engine],
  ['cpu', (r) => `${r.throttle}x`],
  ['key→rows p50', (r) => fmt(r.keyToRowsP50Ms, ' ms')],
  ['key→rows p95', (r) => fmt(r.keyToRowsP95Ms, ' ms')],
  ['typing long tasks / TBT', (r) => `${r.typing.longTasks} / ${r.typing.totalBlockingMs} ms`],
  ['scroll long tasks / TBT', (r) => `${r.scrolling.longTasks} / ${r.scrolling.totalBlockingMs} ms`],
  ['scroll frames > 20 ms', (r) => fmt(r.scrolling.framesOver20msPct, ' %')],
  [
    'refresh long tasks / TBT',
    (r) => (r.refresh.refreshed ? `${r.refresh.longTasks} / ${r.refresh.totalBlockingMs} ms` : 'n/a'),
  ],
  ['search p50', (r) => fmt(r.workerSearchP50Ms, ' ms')],
  ['search p95', (r) => fmt(r.workerSearchP95Ms, ' ms')],
  ['max message', (r) => fmt(r.maxMessageBytes, ' B')],
  ['warm first rows', (r) => fmt(r.warmFirstRowsMs, ' ms')],
];

/** Fixed-width text table. */
export function renderTable(results: CaseResult[]): string {
  const rows = [COLUMNS.map(([h]) => h), ...results.map((r) => COLUMNS.map(([, f]) => f(r)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

function markdownTable(results: CaseResult[]): string {
  const head = `| ${COLUMNS.map(([h]) => h).join(' | ')} |\n|${COLUMNS.map(() => '---').join('|')}|`;
  return [head, ...results.map((r) => `| ${COLUMNS.map(([, f]) => f(r)).join(' | ')} |`)].join('\n');
}

function ratio(a: number | null, b: number | null): string {
  if (a === null || b === null || a === 0) return 'n/a';
  return `${(b / a).toFixed(1)}×`;
}

/** The performance targets (4x CPU, engine in the worker), each checked against the worker case it names. */
function targets(results: CaseResult[]): string {
  const find = (rows: number, engine: string, throttle: number) =>
    results.find((r) => r.rows === rows && r.engine === engine && r.throttle === throttle);
  const big = find(100000, 'worker', 4);
  const mid = find(10000, 'worker', 4);
  const check = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : '**missed**');
  const le = (v: number | null | undefined, max: number) => (v === null || v === undefined ? null : v <= max);
  const lines = [
    `| target (4x CPU, engine in worker) | measured | |`,
    `|---|---|---|`,
    `| no long task while typing, 100,000 rows | ${big ? big.typing.longTasks : 'n/a'} long tasks | ${check(big ? big.typing.longTasks === 0 : null)} |`,
    `| keystroke-to-rows p95 ≤ 100 ms, 100,000 rows | ${fmt(big?.keyToRowsP95Ms, ' ms')} | ${check(le(big?.keyToRowsP95Ms, 100))} |`,
    `| worker search p95 ≤ 25 ms, 100,000 rows | ${fmt(big?.workerSearchP95Ms, ' ms')} | ${check(le(big?.workerSearchP95Ms, 25))} |`,
    `| first rows from a warm cache ≤ 100 ms after the panel opens, 100,000 rows | ${fmt(big?.warmFirstRowsMs, ' ms')} | ${check(le(big?.warmFirstRowsMs, 100))} |`,
    `| worker search p95 ≤ 16 ms, 10,000 rows | ${fmt(mid?.workerSearchP95Ms, ' ms')} | ${check(le(mid?.workerSearchP95Ms, 16))} |`,
  ];
  const ratios = [
    `| rows | cpu | key→rows p95 in-thread ÷ worker | typing TBT in-thread / worker |`,
    `|---|---|---|---|`,
  ];
  for (const r of results.filter((x) => x.engine === 'worker')) {
    const m = find(r.rows, 'main', r.throttle);
    if (!m) continue;
    ratios.push(
      `| ${r.rows} | ${r.throttle}x | ${ratio(r.keyToRowsP95Ms, m.keyToRowsP95Ms)} | ${m.typing.totalBlockingMs} ms / ${r.typing.totalBlockingMs} ms |`,
    );
  }
  return `${lines.join('\n')}\n\n### In-thread baseline against the worker\n\n${ratios.join('\n')}`;
}

/** docs/BENCHMARKS.md content. */
export function renderMarkdown(results: CaseResult[], machine: Record<string, unknown>): string {
  return `# Benchmarks

Produced by \`npm run bench\` (e2e/bench/run.ts): the built app in Debian's chromium driven by Playwright, pilot
lists served by the reference server with \`PILOT_ROWS\`, the engine in the Web Worker and, side by side in the same
run, on the main thread (\`?engine=main\`), at 1x and 4x CPU throttle (CDP \`Emulation.setCPUThrottlingRate\`).
Figures are medians/percentiles over one run; \`reports/bench.json\` has every figure per case.

Machine: ${machine.cpu} × ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node},
Chromium ${machine.chromium}, ${machine.date}.

## Targets

${targets(results)}

## All cases

${markdownTable(results)}

How each figure is taken:
- **key→rows**: from the input event's timestamp to the frame after the rows for that exact term are on screen,
  over six queries typed a character at a time (120 ms apart); keystrokes superseded before painting are skipped.
- **long tasks / TBT**: \`PerformanceObserver('longtask')\` entries ≥ 50 ms on the main thread, and their sum over 50 ms,
  while typing, while wheel-scrolling the full list (40 × 600 px), and during a forced refresh of the open list.
- **scroll frames > 20 ms**: share of requestAnimationFrame intervals over 20 ms while scrolling.
- **search p50/p95**: measured inside the engine around each search (worker or in-thread), so CPU throttling of the
  page may not apply to the worker (TOOLCHAIN: throttling a page may not slow its workers).
- **max message**: the largest reply the engine posted to the main thread, JSON bytes.
- **warm first rows**: after a reload with the cache filled, from pointer-enter on the Pilot entry to the first row in
  the DOM.
`;
}
