// The bench report (e2e/bench/report.ts): targets checked with pass/fail, app ÷ reference ratios, the frame-share
// floor, and 'not measured' for a narrowed run.
import { describe, expect, it } from 'vitest';
import type { CaseResult, Mode } from '../../e2e/bench/measure.ts';
import {
  FRAME_SHARE_FLOOR_PCT,
  ratio,
  renderMarkdown,
  renderTable,
  targetRows,
} from '../../e2e/bench/report.ts';

const tasks = (longTasks = 0, totalBlockingMs = 0) => ({ longTasks, totalBlockingMs });

function result(rows: number, mode: Mode, throttle: number, over: Partial<CaseResult> = {}): CaseResult {
  return {
    rows,
    mode,
    throttle,
    keyToRowsP50Ms: 40,
    keyToRowsP95Ms: 80,
    keystrokes: 21,
    paintedKeystrokes: 18,
    typing: tasks(),
    scrolling: { ...tasks(), framesOver20msPct: 2, frames: 100, scrolledPx: 12000 },
    refresh: mode === 'reference' ? null : { ...tasks(), refreshed: true },
    workerSearchP50Ms: mode === 'reference' ? null : 3,
    workerSearchP95Ms: mode === 'reference' ? null : 9,
    searches: 20,
    maxMessageBytes: mode === 'reference' ? null : 9000,
    warmFirstRowsMs: mode === 'reference' ? null : 60,
    coldFirstRowsMs: mode === 'reference' ? null : 900,
    ...over,
  };
}

/** A full matrix where every target passes; `patch` changes one case. */
function matrix(patch?: (r: CaseResult) => CaseResult): CaseResult[] {
  const out: CaseResult[] = [];
  for (const rows of [3000, 10000, 100000])
    for (const throttle of [1, 4])
      for (const mode of ['worker', 'main', 'reference'] as Mode[]) {
        const r = result(rows, mode, throttle, mode === 'main' ? { keyToRowsP95Ms: 90 } : {});
        out.push(patch ? patch(r) : r);
      }
  return out;
}
const verdicts = (results: CaseResult[]) => targetRows(results).map((row) => row[3]);
const is = (rows: number, mode: Mode, throttle: number) => (r: CaseResult) =>
  r.rows === rows && r.mode === mode && r.throttle === throttle;

describe('bench targets', () => {
  it('passes every target when the figures are within them', () => {
    expect(verdicts(matrix())).toEqual(Array(7).fill('pass'));
  });

  it('fails keystroke-to-rows at 100,000 rows when over 1.3 × the reference, even under 100 ms', () => {
    const big = is(100000, 'worker', 4);
    const ref = is(100000, 'reference', 4);
    const v = verdicts(
      matrix((r) => (big(r) ? { ...r, keyToRowsP95Ms: 95 } : ref(r) ? { ...r, keyToRowsP95Ms: 70 } : r)),
    );
    expect(v[1]).toBe('**fail**');
  });

  it('fails the worker-vs-in-thread target when the worker loses at any size', () => {
    const w = is(3000, 'worker', 4);
    expect(verdicts(matrix((r) => (w(r) ? { ...r, keyToRowsP95Ms: 95 } : r)))[2]).toBe('**fail**');
  });

  it('fails on one long task while typing or scrolling', () => {
    const w = is(10000, 'worker', 4);
    expect(verdicts(matrix((r) => (w(r) ? { ...r, typing: tasks(1, 12) } : r)))[0]).toBe('**fail**');
    const big = is(100000, 'worker', 4);
    const scrolled = matrix((r) => (big(r) ? { ...r, scrolling: { ...r.scrolling, longTasks: 1 } } : r));
    expect(verdicts(scrolled)[3]).toBe('**fail**');
  });

  it('checks warm (4x) and cold (1x) first rows and the message size', () => {
    const warm = is(100000, 'worker', 4);
    const cold = is(100000, 'worker', 1);
    expect(verdicts(matrix((r) => (warm(r) ? { ...r, warmFirstRowsMs: 101 } : r)))[4]).toBe('**fail**');
    expect(verdicts(matrix((r) => (cold(r) ? { ...r, coldFirstRowsMs: 1501 } : r)))[5]).toBe('**fail**');
    expect(verdicts(matrix((r) => (warm(r) ? { ...r, maxMessageBytes: 10 * 1024 + 1 } : r)))[6]).toBe(
      '**fail**',
    );
  });

  it('does not judge scrolling when the wheel did not move the list', () => {
    const big = is(100000, 'worker', 4);
    const still = matrix((r) => (big(r) ? { ...r, scrolling: { ...r.scrolling, scrolledPx: 0 } } : r));
    expect(verdicts(still)[3]).toBe('not measured');
    expect(targetRows(still)[3]![2]).toContain('did not scroll');
  });

  it('says not measured for what a narrowed run left out', () => {
    const v = verdicts(matrix().filter((r) => r.rows === 3000));
    expect(v[1]).toBe('not measured');
    expect(v[4]).toBe('not measured');
  });
});

describe('ratios', () => {
  it('divides, rounds to 2 places, and has no ratio against 0 or a missing figure', () => {
    expect(ratio(130, 100)).toBe(1.3);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(null, 5)).toBeNull();
  });

  it('counts frame shares under the floor as the floor (0 % against 0 % is 1×)', () => {
    const big = is(100000, 'worker', 4);
    const ref = is(100000, 'reference', 4);
    const zero = (r: CaseResult) => ({ ...r, scrolling: { ...r.scrolling, framesOver20msPct: 0 } });
    const results = matrix((r) => (big(r) || ref(r) ? zero(r) : r));
    expect(targetRows(results)[3]![2]).toContain('1×');
    expect(FRAME_SHARE_FLOOR_PCT).toBeGreaterThan(0);
  });

  it('renders every case in the text table and the markdown', () => {
    const results = matrix();
    expect(renderTable(results).split('\n')).toHaveLength(results.length + 1);
    const md = renderMarkdown(results, {
      cpu: 'x',
      cores: 2,
      memoryGiB: 1,
      os: 'Linux',
      node: 'v20',
      chromium: '1',
      date: 'd',
    });
    expect(md).toContain('| figure | target | measured | pass/fail |');
    expect(md).toContain('### Typing');
    expect(md).toContain('### Scrolling');
  });
});
