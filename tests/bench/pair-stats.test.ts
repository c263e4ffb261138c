// The pair cases' pure helpers (e2e/bench/pair-stats.ts, pair-report.ts): median, per-pair ratios with a floor,
// matching shown price changes to the ticks that produced them, and the docs blocks and current-figures merge.
import { describe, expect, it } from 'vitest';
import { median, pairRatio, pairRatios, updateLatencies, type TickSeen } from '../../e2e/bench/pair-stats.ts';
import { blockText, CURRENT_HEAD, mergeTable, replaceBlock } from '../../e2e/bench/pair-report.ts';

describe('median and ratios', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('divides app by reference, with a floor and no division by 0', () => {
    expect(pairRatio(130, 100)).toBe(1.3);
    expect(pairRatio(0.2, 0, 1)).toBe(1);
    expect(pairRatio(3, 0.5, 1)).toBe(3);
    expect(pairRatio(3, 0)).toBeNull();
    expect(pairRatio(null, 1)).toBeNull();
  });

  it('reports every pair and the median of the ratios that exist', () => {
    const set = {
      throttle: 4,
      loadStart: 1,
      loadEnd: 1,
      pairs: [
        { app: 12, reference: 10 },
        { app: 30, reference: 10 },
        { app: 10, reference: 0 },
      ],
    };
    expect(pairRatios(set, (v) => v)).toEqual({ ratios: [1.2, 3, null], median: 2.1 });
  });
});

describe('updateLatencies', () => {
  const ticks = new Map<string, TickSeen[]>([
    [
      'A',
      [
        { price: '1.001', sentAt: 1000 },
        { price: '1.004', sentAt: 1100 },
        { price: '1.0041', sentAt: 1200 },
        { price: '1.002', sentAt: 1300 },
      ],
    ],
  ]);
  const format = (p: string) => Number(p).toFixed(3);

  it('times a change from the first tick of the run that shows its text', () => {
    // 1.004 and 1.0041 both show '1.004': the screen changed with the first of them.
    const r = updateLatencies([{ symbol: 'A', text: '1.004', at: 1250 }], ticks, format);
    expect(r).toEqual({ latencies: [150], unmatched: 0 });
  });

  it('never takes a tick sent after the change was shown', () => {
    const r = updateLatencies([{ symbol: 'A', text: '1.002', at: 1250 }], ticks, format);
    expect(r).toEqual({ latencies: [], unmatched: 1 });
  });

  it('counts a change of an unknown symbol or text as unmatched', () => {
    const r = updateLatencies(
      [
        { symbol: 'B', text: '1.001', at: 5000 },
        { symbol: 'A', text: '9.999', at: 5000 },
        { symbol: 'A', text: '1.002', at: 1400 },
      ],
      ticks,
      format,
    );
    expect(r).toEqual({ latencies: [100], unmatched: 2 });
  });
});

describe('docs blocks', () => {
  it('replaces a block between its markers and keeps the rest', () => {
    const doc = 'top\n<!-- x:start -->\nold\n<!-- x:end -->\nkept\n';
    const next = replaceBlock(doc, 'x', 'new');
    expect(next).toBe('top\n<!-- x:start -->\nnew\n<!-- x:end -->\nkept\n');
    expect(blockText(next, 'x')).toBe('\nnew\n');
  });

  it('inserts a missing block before a given line, or at the end', () => {
    expect(replaceBlock('a\nMARK\nb\n', 'y', 'c', 'MARK')).toBe(
      'a\n<!-- y:start -->\nc\n<!-- y:end -->\n\nMARK\nb\n',
    );
    expect(replaceBlock('a\n', 'y', 'c')).toBe('a\n\n<!-- y:start -->\nc\n<!-- y:end -->\n');
  });

  it('merges current figures by name: replaced in place, new ones appended, others kept', () => {
    const row = (name: string, v: string) => [name, 't', v, '—', 'pass', 'd'];
    const table = mergeTable('', [row('a', '1'), row('b', '2')]);
    const merged = mergeTable(table, [row('b', '3'), row('c', '4')]);
    const lines = merged.split('\n');
    expect(lines[0]).toBe(`| ${CURRENT_HEAD.join(' | ')} |`);
    expect(lines.slice(2)).toEqual([
      '| a | t | 1 | — | pass | d |',
      '| b | t | 3 | — | pass | d |',
      '| c | t | 4 | — | pass | d |',
    ]);
  });
});
