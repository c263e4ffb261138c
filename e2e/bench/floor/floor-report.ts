/**
 * Report of the floor case of `npm run bench` (floor-runs.ts; docs/BENCHMARKS.md 'How the floor figures are taken'):
 * the targets at the top of docs/BENCHMARKS.md, each read on the app ÷ floor ratio of every pair and their median, with
 * the A/A control beside it (floor ÷ floor), and the per-pair tables of the case's block. Pure: figures in, text out.
 *
 * A target is met when the median of the per-pair ratios is ≤ 1.3 (typing key→rows p95, scroll frames over 20 ms with
 * a 1 % floor, ArrowDown held key→active row p95), or when the app's long tasks are no more than the floor's in every
 * pair. A missed target is "blocked by the machine" when the A/A pairs miss it too (the floor against itself), and
 * failed otherwise.
 */
import { FRAME_SHARE_FLOOR_PCT } from '../report.ts';
import { median, pairRatios, type PairSet } from '../pair-stats.ts';
import { md, pairTable, type Figure } from '../pair-report.ts';
import type { FloorRun, FloorSets } from './floor-runs.ts';

/** The most a median app ÷ floor ratio may be. */
export const FLOOR_RATIO_TARGET = 1.3;

/** How one target came out. */
export type FloorVerdict = 'pass' | 'fail' | 'blocked by the machine' | 'not measured';

/** Long tasks of a run: typing, ArrowDown held and scrolling. */
export const runLongTasks = (r: FloorRun): number =>
  r.typing.longTasks + r.arrows.tasks.longTasks + r.scrolling.longTasks;

const frames = (r: FloorRun) => (r.scrolling.scrolledPx > 0 ? r.scrolling.framesOver20msPct : null);

/** A ratio target: its label, the figure per run and the floor under which values count as it. */
interface RatioTarget {
  label: string;
  figure: (r: FloorRun) => number | null;
  unit: string;
  floor?: number;
}

const RATIO_TARGETS: RatioTarget[] = [
  { label: 'typing key→rows p95', figure: (r) => r.keyToRowsP95Ms, unit: ' ms' },
  { label: 'scroll frames over 20 ms (1 % floor)', figure: frames, unit: ' %', floor: FRAME_SHARE_FLOOR_PCT },
  {
    label: 'ArrowDown held (30/s) key→active row p95',
    figure: (r) => r.arrows.keyToActiveP95Ms,
    unit: ' ms',
  },
];

/** Per-run figures of the detail tables. */
const FIGURES: Figure<FloorRun>[] = [
  ['typing key→rows p50', (r) => r.keyToRowsP50Ms, ' ms'],
  ['typing key→rows p95', (r) => r.keyToRowsP95Ms, ' ms'],
  ['typing long tasks', (r) => r.typing.longTasks, ''],
  ['ArrowDown key→active p95', (r) => r.arrows.keyToActiveP95Ms, ' ms'],
  ['ArrowDown long tasks', (r) => r.arrows.tasks.longTasks, ''],
  ['scroll frames > 20 ms', frames, ' %', FRAME_SHARE_FLOOR_PCT],
  ['scroll long tasks', (r) => r.scrolling.longTasks, ''],
  ['long tasks in all', runLongTasks, ''],
];

const x = (v: number | null) => (v === null ? 'n/a' : `${v}×`);
const fmt = (v: number | null, unit: string) => (v === null ? 'n/a' : `${v}${unit}`);
const medianOf = (v: Array<number | null>) => {
  const m = median(v.filter((n): n is number => n !== null));
  return m === null ? null : Math.round(m * 10) / 10;
};

/** A ratio target's verdict from the app's median and the A/A control's median (null: not measured). */
export function ratioVerdict(app: number | null, control: number | null): FloorVerdict {
  if (app === null) return 'not measured';
  if (app <= FLOOR_RATIO_TARGET) return 'pass';
  return control !== null && control > FLOOR_RATIO_TARGET ? 'blocked by the machine' : 'fail';
}

/**
 * The long-task target's verdict: met when no pair has more long tasks in the app run than in the floor run; a miss is
 * blocked by the machine when the floor misses it against itself: an A/A pair whose two floor runs have different
 * counts. The two runs of an A/A pair are the same page under the same conditions, so either could stand for the
 * app: a pair with 0 and 1 shows the floor with more long tasks than the floor, whichever run is read first.
 */
export function longTaskVerdict(set: PairSet<FloorRun>, control: PairSet<FloorRun>): FloorVerdict {
  if (!set.pairs.length) return 'not measured';
  const over = set.pairs.some((p) => runLongTasks(p.app) > runLongTasks(p.reference));
  if (!over) return 'pass';
  const floorMisses = control.pairs.some((p) => runLongTasks(p.app) !== runLongTasks(p.reference));
  return floorMisses ? 'blocked by the machine' : 'fail';
}

/** The head of the floor's current-figures table. */
export const FLOOR_HEAD = [
  'target',
  'page, market',
  'per pair: app ÷ floor',
  'median ÷ (app / floor medians)',
  'A/A floor ÷ floor',
  'verdict',
  'load average',
  'run',
];

const verdictCell = (v: FloorVerdict) => (v === 'fail' ? '**fail**' : v);

/**
 * The floor's current-figures rows of one market: per page (`/`, trade page), the three ratio targets and the
 * long-task target, each with every pair's ratio (long tasks: app / floor), the median, the A/A figure, the verdict,
 * the load average at start → end and `date`.
 */
export function floorTargetRows(sets: FloorSets, date: string): string[][] {
  const market = sets.moving ? 'moving market' : 'still market';
  const control = sets.control;
  const load = (s: PairSet<FloorRun>) => `${s.loadStart} → ${s.loadEnd}`;
  const rows: string[][] = [];
  for (const [page, set] of [
    ['`/`', sets.home],
    ['trade page', sets.trade],
  ] as const) {
    for (const t of RATIO_TARGETS) {
      const app = pairRatios(set, t.figure, t.floor ?? 0);
      const aa = pairRatios(control, t.figure, t.floor ?? 0);
      const medians = `${fmt(medianOf(set.pairs.map((p) => t.figure(p.app))), t.unit)} / ${fmt(medianOf(set.pairs.map((p) => t.figure(p.reference))), t.unit)}`;
      rows.push([
        `${t.label} ≤ 1.3 × floor`,
        `${page}, ${market}`,
        app.ratios.map((r) => (r === null ? 'n/a' : String(r))).join(', '),
        `${x(app.median)} (${medians})`,
        control.pairs.length
          ? `${aa.ratios.map((r) => r ?? 'n/a').join(', ')} (median ${x(aa.median)})`
          : 'none',
        verdictCell(ratioVerdict(app.median, control.pairs.length ? aa.median : null)),
        load(set),
        date,
      ]);
    }
    const lt = set.pairs.map((p) => `${runLongTasks(p.app)}/${runLongTasks(p.reference)}`).join(', ');
    const aaLt = control.pairs.map((p) => `${runLongTasks(p.app)}/${runLongTasks(p.reference)}`).join(', ');
    rows.push([
      'long tasks (typing + ArrowDown + scroll) ≤ floor’s, every pair',
      `${page}, ${market}`,
      `app/floor ${lt}`,
      '—',
      control.pairs.length ? aaLt : 'none',
      verdictCell(longTaskVerdict(set, control)),
      load(set),
      date,
    ]);
  }
  return rows;
}

/** The floor's current-figures table for every market measured. */
export function renderFloorTable(all: FloorSets[], date: string): string {
  return md(
    FLOOR_HEAD,
    all.flatMap((s) => floorTargetRows(s, date)),
  );
}

/** Per-run details of a set: painted keys, the ArrowDown walk and the scroll distance. */
function details(set: PairSet<FloorRun>): string {
  const cells = (r: FloorRun) =>
    `${r.paintedKeystrokes}/${r.keystrokes} keys; arrows ${r.arrows.paintedKeys}/${r.arrows.keys} to row ${r.arrows.finalIndex}; ` +
    (r.scrolling.scrolledPx > 0
      ? `${r.scrolling.frames} frames, ${r.scrolling.scrolledPx} px`
      : 'did not scroll');
  return set.pairs
    .map((p, i) => `- pair ${i + 1}: app ${cells(p.app)} · floor ${cells(p.reference)}`)
    .join('\n');
}

/** The floor case's block of docs/BENCHMARKS.md (and the terminal): machine, load, per-pair tables, A/A control. */
export function renderFloor(all: FloorSets[], machine: Record<string, unknown>): string {
  const parts = [
    `## The app against the floor, interleaved pairs (${String(machine.date).slice(0, 10)})

Produced by \`BENCH_CASES=floor npm run bench\` (e2e/bench/floor/): each round runs the app's pilot panel on \`/\`, the
same on a trade page, and the floor (e2e/bench/floor/floor-page.ts; last in odd rounds, first in even ones), same
server, same throttle; the first rounds run a second floor just before the round's floor, the A/A control. Machine: ${machine.cpu} × ${machine.cores} cores, Node
${machine.node}, Chromium ${machine.chromium}, ${machine.date}.`,
  ];
  for (const sets of all) {
    const market = sets.moving ? 'moving market' : 'still market';
    const load = `load average ${sets.home.loadStart} at start, ${sets.home.loadEnd} at end`;
    for (const [page, set] of [
      ['`/`', sets.home],
      ['trade page', sets.trade],
      ['A/A control, floor ÷ floor', sets.control],
    ] as const) {
      if (!set.pairs.length) continue;
      parts.push(
        `### ${page}, ${market}, ${set.throttle}x (${set.pairs.length} pairs; ${load})\n\n${pairTable(set, FIGURES)}\n\n${details(set)}`,
      );
    }
  }
  return parts.join('\n\n') + '\n';
}
