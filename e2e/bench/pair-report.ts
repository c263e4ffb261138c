/**
 * Report of the interleaved-pair cases of `npm run bench` (pairs.ts; docs/BENCHMARKS.md 'How the live and keyboard figures are taken'):
 * per-pair tables with the app ÷ reference ratio of each pair and the median, the targets with pass/fail, and the rows
 * of the 'Current figures' table. Pure: figures in, text out.
 */
import { FRAME_SHARE_FLOOR_PCT } from './report.ts';
import { median, pairRatios, type PairSet } from './pair-stats.ts';
import type { KeyboardRun, LiveRun } from './pairs.ts';

/** What a pair run produced: live sets (per throttle) and keyboard sets. */
export interface PairResults {
  live: PairSet<LiveRun>[];
  keyboard: PairSet<KeyboardRun>[];
}

const fmt = (v: number | null | undefined, unit = '') =>
  v === null || v === undefined ? 'n/a' : `${v}${unit}`;
const x = (v: number | null) => (v === null ? 'n/a' : `${v}×`);
export const md = (head: string[], body: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'pass' : '**fail**');
const frames = (r: LiveRun) => (r.scrolling.scrolledPx > 0 ? r.scrolling.framesOver20msPct : null);
const liveLongTasks = (r: LiveRun) => r.idle.longTasks + r.typing.longTasks + r.scrolling.longTasks;
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
const medianOf = (v: Array<number | null>) => {
  const m = median(v.filter((n): n is number => n !== null));
  return m === null ? null : Math.round(m * 10) / 10;
};

/** One figure of a pair set: [label, per-run value, optional floor for the ratio]. */
export type Figure<R> = [string, (r: R) => number | null, string, number?];

const LIVE_FIGURES: Figure<LiveRun>[] = [
  ['idle busy', (r) => r.idleBusyPct, ' %'],
  ['idle long tasks', (r) => r.idle.longTasks, ''],
  ['update→screen p95', (r) => r.updateP95Ms, ' ms'],
  ['typing key→rows p95', (r) => r.typingP95Ms, ' ms'],
  ['typing long tasks', (r) => r.typing.longTasks, ''],
  ['scroll frames > 20 ms', frames, ' %', FRAME_SHARE_FLOOR_PCT],
  ['scroll long tasks', (r) => r.scrolling.longTasks, ''],
];
const KEYBOARD_FIGURES: Figure<KeyboardRun>[] = [
  ['key→active p50', (r) => r.keyToActiveP50Ms, ' ms'],
  ['key→active p95', (r) => r.keyToActiveP95Ms, ' ms'],
  ['long tasks', (r) => r.tasks.longTasks, ''],
];

/** Per-pair table of a set: one row per figure, `app / reference (ratio)` per pair, then the median ratio. */
export function pairTable<R>(set: PairSet<R>, figures: Figure<R>[]): string {
  const head = ['figure', ...set.pairs.map((_, i) => `pair ${i + 1}: app / ref (÷)`), 'median ÷'];
  const body = figures.map(([label, f, unit, floor]) => {
    const { ratios, median: m } = pairRatios(set, f, floor ?? 0);
    return [
      label,
      ...set.pairs.map((p, i) => `${fmt(f(p.app), unit)} / ${fmt(f(p.reference), unit)} (${x(ratios[i]!)})`),
      x(m),
    ];
  });
  return md(head, body);
}

/** Extra per-run details of a live set (update matching, keystrokes, scroll distance). */
function liveDetails(set: PairSet<LiveRun>): string {
  const rows = set.pairs.flatMap((p, i) =>
    [p.app, p.reference].map((r) => [
      String(i + 1),
      r.mode,
      `${r.updatesMatched} / ${r.updatesUnmatched}`,
      fmt(r.updateP50Ms, ' ms'),
      `${r.paintedKeystrokes}/${r.keystrokes}`,
      `${r.idle.totalBlockingMs} / ${r.typing.totalBlockingMs} / ${r.scrolling.totalBlockingMs} ms`,
      r.scrolling.scrolledPx > 0
        ? `${r.scrolling.frames} frames, ${r.scrolling.scrolledPx} px`
        : 'did not scroll',
    ]),
  );
  return md(
    [
      'pair',
      'mode',
      'updates matched / unmatched',
      'update p50',
      'painted keys',
      'TBT idle / typing / scroll',
      'scroll',
    ],
    rows,
  );
}

/** The live and keyboard targets (4x) as 'Current figures' rows: figure, target, measured, ratio, pass/fail, date. */
export function pairTargetRows(results: PairResults, date: string): string[][] {
  const rows: string[][] = [];
  const live = results.live.find((s) => s.throttle === 4);
  if (live) {
    const apps = live.pairs.map((p) => p.app);
    const refs = live.pairs.map((p) => p.reference);
    const busy = pairRatios(live, (r) => r.idleBusyPct);
    const busyApp = medianOf(apps.map((r) => r.idleBusyPct));
    const typing = pairRatios(live, (r) => r.typingP95Ms);
    const scroll = pairRatios(live, frames, FRAME_SHARE_FLOOR_PCT);
    const excess = live.pairs.map((p) => liveLongTasks(p.app) - liveLongTasks(p.reference));
    const updateP95 = medianOf(apps.map((r) => r.updateP95Ms));
    const n = live.pairs.length;
    rows.push(
      [
        'live, idle: main-thread busy time (median of app runs)',
        '≤ 1.3 × reference and ≤ 5 % of wall time',
        `${fmt(busyApp, ' %')} (reference ${fmt(medianOf(refs.map((r) => r.idleBusyPct)), ' %')})`,
        x(busy.median),
        verdict(busy.median === null || busyApp === null ? null : busy.median <= 1.3 && busyApp <= 5),
        date,
      ],
      [
        'live: long tasks beyond the reference (idle + typing + scrolling, per pair)',
        '0',
        `app ${sum(apps.map(liveLongTasks))}, reference ${sum(refs.map(liveLongTasks))} over ${n} pairs; most beyond in a pair: ${Math.max(0, ...excess)}`,
        '—',
        verdict(n ? excess.every((e) => e <= 0) : null),
        date,
      ],
      [
        'live: typing key→rows p95',
        '≤ 1.3 × reference',
        `${fmt(medianOf(apps.map((r) => r.typingP95Ms)), ' ms')} (reference ${fmt(medianOf(refs.map((r) => r.typingP95Ms)), ' ms')})`,
        x(typing.median),
        verdict(typing.median === null ? null : typing.median <= 1.3),
        date,
      ],
      [
        'live: scroll frames over 20 ms (1 % floor)',
        '≤ 1.3 × reference',
        `${fmt(medianOf(apps.map(frames)), ' %')} (reference ${fmt(medianOf(refs.map(frames)), ' %')})`,
        x(scroll.median),
        verdict(scroll.median === null ? null : scroll.median <= 1.3),
        date,
      ],
      [
        'live: update on screen after the server sent it, p95 (median of app runs)',
        '≤ 300 ms',
        `${fmt(updateP95, ' ms')} (reference ${fmt(medianOf(refs.map((r) => r.updateP95Ms)), ' ms')})`,
        '—',
        verdict(updateP95 === null ? null : updateP95 <= 300),
        date,
      ],
    );
  }
  const keys = results.keyboard.find((s) => s.throttle === 4);
  if (keys) {
    const apps = keys.pairs.map((p) => p.app);
    const p95 = pairRatios(keys, (r) => r.keyToActiveP95Ms);
    const longTasks = sum(apps.map((r) => r.tasks.longTasks));
    rows.push([
      'keyboard: ArrowDown held (30/s) key→active row p95; long tasks',
      '≤ 1.3 × reference; 0 long tasks',
      `${fmt(medianOf(apps.map((r) => r.keyToActiveP95Ms)), ' ms')} (reference ${fmt(medianOf(keys.pairs.map((p) => p.reference.keyToActiveP95Ms)), ' ms')}); ${longTasks} long tasks`,
      x(p95.median),
      verdict(p95.median === null ? null : p95.median <= 1.3 && longTasks === 0),
      date,
    ]);
  }
  return rows;
}

/**
 * A pair case's section of docs/BENCHMARKS.md (and the terminal): machine, load, per-pair tables. Give it the live sets
 * or the keyboard sets (the heading names the live cases when there are live sets).
 */
export function renderPairs(results: PairResults, machine: Record<string, unknown>): string {
  const load = (s: PairSet<unknown>) => `load average ${s.loadStart} at start, ${s.loadEnd} at end`;
  const which = results.live.length ? 'live' : 'keyboard';
  const parts = [
    `## ${which === 'live' ? 'Live cases' : 'Keyboard case'}, interleaved pairs (${String(machine.date).slice(0, 10)})

Produced by \`BENCH_CASES=${which} npm run bench\` (e2e/bench/pairs.ts): each pair is an app run then a plain-DOM
reference run, same server, same throttle. Machine: ${machine.cpu} × ${machine.cores} cores, Node ${machine.node},
Chromium ${machine.chromium}, ${machine.date}.`,
  ];
  for (const set of results.live) {
    parts.push(
      `### Live, ${set.throttle}x (${set.pairs.length} pairs; ${load(set)})\n\n${pairTable(set, LIVE_FIGURES)}\n\n${liveDetails(set)}`,
    );
  }
  for (const set of results.keyboard) {
    const walked = set.pairs
      .map(
        (p, i) =>
          `pair ${i + 1}: app ${p.app.paintedKeys}/${p.app.keys} keys to row ${p.app.finalIndex}, reference ${p.reference.paintedKeys}/${p.reference.keys} to row ${p.reference.finalIndex}`,
      )
      .join('; ');
    parts.push(
      `### Keyboard, ${set.throttle}x (${set.pairs.length} pairs; ${load(set)})\n\n${pairTable(set, KEYBOARD_FIGURES)}\n\nKeys painted / sent and the last active row: ${walked}.`,
    );
  }
  return parts.join('\n\n') + '\n';
}

/** The 'Current figures' table: head and rows. */
export const CURRENT_HEAD = ['figure', 'target', 'measured', 'ratio vs reference', 'pass/fail', 'run'];

/**
 * Merges `rows` into the markdown table `table` (CURRENT_HEAD columns): a row whose figure (first cell) is in `rows`
 * is replaced, in place; new figures are appended; other rows are kept. Returns the new table text.
 */
export function mergeTable(table: string, rows: string[][]): string {
  const existing = table
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    );
  const byFigure = new Map(rows.map((r) => [r[0]!, r]));
  const merged = existing.map((r) => {
    const next = byFigure.get(r[0]!);
    if (next) byFigure.delete(r[0]!);
    return next ?? r;
  });
  return md(CURRENT_HEAD, [...merged, ...byFigure.values()]);
}

/**
 * `doc` with the text between `<!-- name:start -->` and `<!-- name:end -->` replaced by `content` (the markers kept).
 * Without the markers, the block is inserted before `before` (a line of `doc`), or appended.
 */
export function replaceBlock(doc: string, name: string, content: string, before?: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${content.trimEnd()}\n${end}`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a >= 0 && b > a) return doc.slice(0, a) + block + doc.slice(b + end.length);
  const at = before === undefined ? -1 : doc.indexOf(before);
  if (at < 0) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, at)}${block}\n\n${doc.slice(at)}`;
}

/** The text between a block's markers ('' when absent). */
export function blockText(doc: string, name: string): string {
  const start = `<!-- ${name}:start -->`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(`<!-- ${name}:end -->`);
  return a >= 0 && b > a ? doc.slice(a + start.length, b) : '';
}
