/**
 * The figures `npm run lighthouse` reports and how docs/BENCHMARKS.md shows them ("Page load" section): the
 * targets of the page-load work, the figures measured before it, a Markdown table of the best run beside both, and
 * the marker-delimited section replacement. Pure (no I/O), so tests can check it.
 */

/** One run's figures: score 0–100, times in ms, CLS unitless, bytes as transferred (compressed). */
export interface PageLoadFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes transferred during the load (Lighthouse resource summary). */
  scriptBytes: number;
  /**
   * Of those, the first-load scripts' bytes: the HTML entry chunk and its static imports (`firstLoadFiles`), the
   * scripts a page needs before it hydrates; the rest are chunks fetched after hydration.
   */
  firstLoadScriptBytes: number;
  /** All bytes transferred (Lighthouse total-byte-weight). */
  totalBytes: number;
  /**
   * The market worker's script as served (brotli), and what Lighthouse recorded for it: Lighthouse sees a dedicated
   * worker's request but records only its headers as transferred, so `scriptBytes` leaves its body out. Absent when
   * the load started no worker.
   */
  worker?: { servedBytes: number; recordedBytes: number };
  /** Lighthouse's CPU benchmark index of the machine (higher is faster): CPU figures compare only at equal ones. */
  benchmarkIndex?: number;
}

/** The targets (Lighthouse mobile, default settings, best of 2): score ≥, times/CLS/bytes ≤. */
export const PAGE_LOAD_TARGETS = {
  score: 95,
  fcpMs: 1200,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.02,
  scriptBytes: 100_000,
} as const;

/** Whether the figures meet every target. */
export function meetsTargets(f: PageLoadFigures): boolean {
  const t = PAGE_LOAD_TARGETS;
  return (
    f.score >= t.score &&
    f.fcpMs <= t.fcpMs &&
    f.lcpMs <= t.lcpMs &&
    f.tbtMs <= t.tbtMs &&
    f.cls <= t.cls &&
    f.scriptBytes <= t.scriptBytes
  );
}

export { firstLoadFiles, type ViteManifest } from './first-load.mjs';

/** Bytes transferred for the requests whose URL path is one of `files` (paths relative to the site root). */
export function bytesOf(
  requests: readonly { url: string; transferSize?: number }[],
  files: ReadonlySet<string>,
): number {
  let total = 0;
  for (const r of requests) {
    const path = new URL(r.url).pathname.replace(/^\//, '');
    if (files.has(path)) total += r.transferSize ?? 0;
  }
  return total;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;
const ok = (pass: boolean) => (pass ? '✓' : '✗');

/**
 * The "Page load" section (Markdown) for the best of `runs` runs measured at `when`; `loadAverage` (the machine's
 * 1-minute load average when the runs started) is printed when given, since CPU figures depend on it.
 */
export function pageLoadSection(f: PageLoadFigures, runs: number, when: Date, loadAverage?: number): string {
  const t = PAGE_LOAD_TARGETS;
  const rows: [string, string, string, string, string, boolean][] = [
    ['performance score', '67–68', '43', `≥ ${t.score}`, String(f.score), f.score >= t.score],
    ['first contentful paint', '3.4 s', '5.1 s', `≤ ${s(t.fcpMs)}`, s(f.fcpMs), f.fcpMs <= t.fcpMs],
    ['largest contentful paint', '4.1 s', '6.2 s', `≤ ${s(t.lcpMs)}`, s(f.lcpMs), f.lcpMs <= t.lcpMs],
    [
      'total blocking time',
      '470–490 ms',
      '960 ms',
      `≤ ${t.tbtMs} ms`,
      `${Math.round(f.tbtMs)} ms`,
      f.tbtMs <= t.tbtMs,
    ],
    ['cumulative layout shift', '0', '0', `≤ ${t.cls}`, f.cls.toFixed(3), f.cls <= t.cls],
    [
      'script before hydration (entry + static imports)',
      '—',
      '—',
      `≤ ${kb(t.scriptBytes)}`,
      kb(f.firstLoadScriptBytes),
      f.firstLoadScriptBytes <= t.scriptBytes,
    ],
    [
      'script transferred on first load',
      '483 KB',
      '—',
      `≤ ${kb(t.scriptBytes)}`,
      kb(f.scriptBytes),
      f.scriptBytes <= t.scriptBytes,
    ],
    ['total bytes transferred', '518 KiB', '759 KiB', '—', kb(f.totalBytes), true],
  ];
  if (f.worker)
    rows.splice(rows.length - 1, 0, [
      "script of the load with the market worker's body (Lighthouse records its headers only)",
      '—',
      '—',
      '—',
      `${kb(f.scriptBytes - f.worker.recordedBytes + f.worker.servedBytes)} (worker ${kb(f.worker.servedBytes)})`,
      true,
    ]);
  return [
    '## Page load',
    '',
    `Lighthouse 13 (\`npm run lighthouse\`), mobile default settings (simulated slow 4G, 4× CPU), performance only,`,
    `on the built app served by \`server/start.ts\` (server-rendered page, compressed assets), best of ${runs} runs,`,
    `measured ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC on the 2-core CI machine${
      loadAverage === undefined ? '' : ` (1-minute load average ${loadAverage.toFixed(1)} at the start)`
    }${f.benchmarkIndex === undefined ? '' : `, Lighthouse benchmark index ${Math.round(f.benchmarkIndex)}`}. Full report:`,
    '`reports/lighthouse.json`. "Issue" is the figure the page-load issue was filed with (a quiet machine); "baseline"',
    'was measured with these settings on this machine before the page-load work (its load not recorded). CPU-bound',
    "figures, TBT above all, move with the machine's load: Lighthouse multiplies observed main-thread time by 4.",
    '"Script transferred on first load" counts every script of the load as Lighthouse records it, chunks fetched after',
    'hydration included (the announcement bar, the engine warm-up; the footer\'s only after an intent); "script before',
    'hydration" only the first-load graph, the entry and its static imports as transferred (brotli), which `npm run',
    'size` measures in gzip.',
    '',
    '| figure | issue | baseline | target | now | met |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      ([name, issue, baseline, target, now, pass]) =>
        `| ${name} | ${issue} | ${baseline} | ${target} | ${now} | ${ok(pass)} |`,
    ),
  ].join('\n');
}

const START = '<!-- page-load:start -->';
const END = '<!-- page-load:end -->';

/** Puts `section` between the page-load markers of `doc`, or appends it with its markers. Pure. */
export function replaceSection(doc: string, section: string): string {
  const block = `${START}\n${section.trim()}\n${END}`;
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a >= 0 && b > a) return doc.slice(0, a) + block + doc.slice(b + END.length);
  return `${doc.trimEnd()}\n\n${block}\n`;
}
