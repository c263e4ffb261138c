// Empty-term listing (search/filter.ts, SPEC §5 and §3): a tab's rows by volume, NEWLISTED's upcoming rows first
// (opening strictly after now, soonest first), and the favourites tab (SPEC §4) with the starred symbols it lacks.
import { describe, expect, it } from 'vitest';
import { isAllTab, listSymbols, listTab } from '../../workers/market/search/filter.ts';
import { ensureOrdered, type Ranked } from '../../workers/market/search/select.ts';
import { searchTable } from './search-table.ts';

const NOW = 1_700_000_000_000;
const coin = (base: string) => ({ base, quote: 'usdt', name: base, pair: `${base}_usdt` });
const rows = ['a', 'b', 'c', 'd', 'e'].map(coin);
const volumes = [10, 50, 30, 20, 40];
// Row 0 opens after now, row 1 exactly now, row 2 later than row 0; rows 3 and 4 opened before now.
const opening = [NOW + 60_000, NOW, NOW + 3_600_000, NOW - 1, 0];
const table = () =>
  searchTable('spot', rows, volumes, (k) => ({
    categories: k === 4 ? ['USDT'] : ['USDT', 'NEWLISTED'],
    openingMs: opening[k]!,
  }));

const labelsOf = (r: Ranked, t = table()) => {
  ensureOrdered(r, r.total);
  return Array.from(r.order, (i) => t.label.at(i));
};

describe('listTab', () => {
  it('lists a tab (or ALL) by volume, whatever the opening times', () => {
    const t = table();
    expect(labelsOf(listTab(t, 'ALL', NOW), t)).toEqual(['L1', 'L4', 'L2', 'L3', 'L0']);
    expect(labelsOf(listTab(t, '', NOW), t)).toEqual(['L1', 'L4', 'L2', 'L3', 'L0']);
    expect(labelsOf(listTab(t, 'USDT', NOW), t)).toEqual(['L1', 'L4', 'L2', 'L3', 'L0']);
    expect(listTab(t, 'BTC', NOW).total).toBe(0);
  });

  it('puts NEWLISTED rows opening after now first, soonest first; one opening exactly now is listed by volume', () => {
    const t = table();
    const r = listTab(t, 'NEWLISTED', NOW);
    expect(labelsOf(r, t)).toEqual(['L0', 'L2', 'L1', 'L3']);
    expect([...r.bounds]).toEqual([0, 2, 4]);
  });

  it('reads ALL in any case as every row', () => {
    expect(isAllTab('all')).toBe(true);
    expect(isAllTab('ALLX')).toBe(false);
  });
});

describe('listSymbols', () => {
  it('lists the starred rows by volume and names the starred symbols the table lacks', () => {
    const t = table();
    const { ranked, missing } = listSymbols(t, new Set(['s3', 'gone', 's1']));
    expect(labelsOf(ranked, t)).toEqual(['L1', 'L3']);
    expect(missing).toEqual(['gone']);
  });

  it('lists nothing for no stars, and every row when all are starred', () => {
    const t = table();
    expect(listSymbols(t, new Set()).ranked.total).toBe(0);
    const all = listSymbols(t, new Set(['s0', 's1', 's2', 's3', 's4']));
    expect(labelsOf(all.ranked, t)).toEqual(['L1', 'L4', 'L2', 'L3', 'L0']);
    expect(all.missing).toEqual([]);
  });
});
