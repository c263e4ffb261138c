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

/**
 * `html` with every script inert: each `<script>` gets `type="mh-inert"` (a type the browser neither runs nor
 * fetches) and module preloads are dropped, so the document keeps its markup, styles and nearly all its bytes but
 * runs no script. The page-load reference of `npm run lighthouse`: what Chrome and the markup alone cost. Pure.
 */
export function inertScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>/gi, (_tag, attrs: string) => {
      const rest = attrs.replace(/\s+type\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
      return `<script type="mh-inert"${rest}>`;
    })
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>/gi, '');
}

/** The reference runs of `npm run lighthouse` beside the app's (see `inertScripts`), each list in run order. */
export interface PageLoadReference {
  app: PageLoadFigures[];
  /** `reference[k]` ran right after `app[k]`; undefined where Lighthouse could not record it. */
  reference: (PageLoadFigures | undefined)[];
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;
const ok = (pass: boolean) => (pass ? '✓' : '✗');

/**
 * The "Page load" section (Markdown) for the best of `runs` runs measured at `when`; `loadAverage` (the machine's
 * 1-minute load average when the runs started) is printed when given, since CPU figures depend on it. `pairs`, when
 * given, adds every run of the app beside the no-script reference run after it, and the best of each.
 */
export function pageLoadSection(
  f: PageLoadFigures,
  runs: number,
  when: Date,
  loadAverage?: number,
  pairs?: PageLoadReference,
): string {
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
      'script before hydration (entry, mounting chunk + static imports)',
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
    ...(pairs && pairs.reference.some(Boolean) ? referenceTable(pairs) : []),
  ].join('\n');
}

/** The best of some runs (at least one): the highest score, then the lowest TBT. */
export function bestOf<T extends { figures: PageLoadFigures }>(list: readonly T[]): T {
  return list.reduce((a, b) =>
    b.figures.score > a.figures.score ||
    (b.figures.score === a.figures.score && b.figures.tbtMs < a.figures.tbtMs)
      ? b
      : a,
  );
}

/** The app's runs beside the no-script reference's, in run order, and the best of each (`bestOf`). */
function referenceTable(pairs: PageLoadReference): string[] {
  const best = (list: PageLoadFigures[]) => bestOf(list.map((figures) => ({ figures }))).figures;
  const row = (name: string, x: PageLoadFigures | undefined) =>
    x
      ? `| ${name} | ${x.score} | ${s(x.fcpMs)} | ${s(x.lcpMs)} | ${Math.round(x.tbtMs)} ms | ${
          x.benchmarkIndex === undefined ? '—' : Math.round(x.benchmarkIndex)
        } |`
      : `| ${name} | — | — | — | — | — |`;
  const lines = [
    '',
    'In the same run, each app run is followed by one of a **no-script reference**: the same server HTML with the',
    "same headers, every script made inert (`inertScripts`), so it shows what Chrome and the page's markup and CSS",
    "cost on this machine before any of the app's script runs. The gap between the two is the part the app's code",
    'can change.',
    '',
    '| run | score | FCP | LCP | TBT | benchmark index |',
    '|---|---|---|---|---|---|',
  ];
  pairs.app.forEach((app, k) => {
    lines.push(row(`app, run ${k + 1}`, app), row(`reference, run ${k + 1}`, pairs.reference[k]));
  });
  const recorded = pairs.reference.filter((x): x is PageLoadFigures => x !== undefined);
  lines.push(row('**app, best**', best(pairs.app)), row('**reference, best**', best(recorded)));
  return lines;
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
