/**
 * Where the time between the first contentful paint and the hydrated header goes, read from a Chromium trace of one
 * load (scripts/hydration-timing.ts with TRACE=file): the page's main-thread tasks that ran in that window, each
 * put in one part by the work it did, summed per part; the rest of the window is the main thread waiting (for the
 * network: the first-load modules; or for a scheduled task). Pure: no I/O.
 */
import type { TraceEvent } from './lighthouse-tasks.ts';

/** The parts, in the order they are printed. */
export const PARTS = [
  'module fetch and compile',
  'module evaluation',
  'start-up (i18n, React DOM, root)',
  'React render and commit',
  'style, layout, paint',
  'timers and idle callbacks',
  'other',
] as const;

export type Part = (typeof PARTS)[number];

/** Each part's main-thread time in the window (ms), the waiting time and the window itself (ms). */
export interface Breakdown {
  parts: Record<Part, number>;
  waitingMs: number;
  windowMs: number;
}

/** The part a task belongs to, from the names of the events inside it (see PARTS). */
export function partOf(names: ReadonlySet<string>, urls: ReadonlySet<string>, reactChunk: RegExp): Part {
  if (names.has('v8.evaluateModule')) return 'module evaluation';
  if (names.has('DocumentModuleScriptFetcher::NotifyFinished') || names.has('v8.compileModule'))
    return 'module fetch and compile';
  if ([...urls].some((u) => reactChunk.test(u))) return 'React render and commit';
  if (names.has('RunMicrotasks')) return 'start-up (i18n, React DOM, root)';
  if (names.has('WebFrameWidgetImpl::UpdateLifecycle') || names.has('WebFrameWidgetImpl::BeginMainFrame'))
    return 'style, layout, paint';
  if (names.has('TimerFire') || names.has('FireIdleCallback')) return 'timers and idle callbacks';
  return 'other';
}

/**
 * The breakdown of the main thread between `fromMs` and `toMs` (ms since the navigation start of the page's main
 * frame: its first contentful paint and its hydrated header). `reactChunk` matches the URL of the framework chunk,
 * whose functions run React's render and commit. A task is counted in full in the part of its work when it starts
 * in the window. Returns all zeros when the trace has no navigation of an http(s) page.
 */
export function hydrationBreakdown(
  events: readonly TraceEvent[],
  fromMs: number,
  toMs: number,
  reactChunk = /\/assets\/react-[\w-]+\.js$/,
): Breakdown {
  const parts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  const windowMs = Math.max(0, toMs - fromMs);
  const nav = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!nav) return { parts, waitingMs: windowMs, windowMs };
  const onMain = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.dur !== undefined);
  const at = (e: TraceEvent) => (e.ts - nav.ts) / 1000;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && at(e) >= fromMs && at(e) < toMs);
  let busy = 0;
  for (const task of tasks) {
    const inner = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const names = new Set(inner.map((e) => e.name));
    const urls = new Set(
      inner.filter((e) => e.name === 'FunctionCall').map((e) => String(e.args?.data?.url ?? '')),
    );
    const ms = Math.min(task.dur! / 1000, toMs - at(task));
    parts[partOf(names, urls, reactChunk)] += ms;
    busy += ms;
  }
  for (const p of PARTS) parts[p] = Math.round(parts[p]);
  return { parts, waitingMs: Math.max(0, Math.round(windowMs - busy)), windowMs: Math.round(windowMs) };
}

/** One interleaved pair of scripts/hydration-timing.ts: a load of the app, then one of its no-script copy (ms). */
export interface HydrationPair {
  /** The app's first contentful paint, ms since navigation. */
  appFcp: number;
  /** The app's header hydrated (`data-ready`), ms since navigation. */
  appHydrated: number;
  /** The app's first-load modules all fetched (the last one's response end), ms since navigation. */
  appModules: number;
  /** The no-script copy's first contentful paint, ms since navigation. */
  copyFcp: number;
  /** The React floor copy's (scripts/react-floor-copy.ts) first contentful paint, ms since navigation. */
  floorFcp: number;
  /** The React floor copy's header marked ready, ms since navigation. */
  floorHydrated: number;
}

/** The median of `xs` (the mean of the middle two for an even count); NaN for none. Pure. */
export function median(xs: readonly number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const ms = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : '—');

/**
 * The Markdown table of `pairs`: per pair the app's FCP, hydrated − FCP, modules fetched − FCP, the no-script copy's
 * FCP, and the React floor's hydrated − FCP (ms), then a median row. Pure.
 */
export function pairsTable(pairs: readonly HydrationPair[]): string {
  const rows = pairs.map((p) => [
    p.appFcp,
    p.appHydrated - p.appFcp,
    p.appModules - p.appFcp,
    p.copyFcp,
    p.floorHydrated - p.floorFcp,
  ]);
  const col = (k: number) => median(rows.map((r) => r[k]!));
  return [
    '| pair | app FCP | app hydrated − FCP | app modules fetched − FCP | no-script FCP | React floor hydrated − FCP |',
    '|---|---|---|---|---|---|',
    ...rows.map((r, i) => `| ${i + 1} | ${r.map(ms).join(' | ')} |`),
    `| **median** | ${[0, 1, 2, 3, 4].map((k) => `**${ms(col(k))}**`).join(' | ')} |`,
  ].join('\n');
}
