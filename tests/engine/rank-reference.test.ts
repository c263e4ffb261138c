// Tiered search (SPEC §5) against a plain reading of the tier lists (fast-check): for random rows over a tiny
// alphabet (so terms hit at the start, middle and end of fields, across several fields, in narrow and wide haystack
// chunks), every row lands in the first tier of its profile whose test holds for one of the tier's fields, rows no
// tier holds for are left out, and each tier goes by volume descending, ties by row. search/rank.ts compiles the
// tier list into a plan that decides most tests from the first hit; this pins that the plan changes no answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketKind } from '../../workers/market/contract.ts';
import { aliasFor, SEARCH_PROFILES, type TierTest } from '../../workers/market/search/profiles.ts';
import { normaliseTerm } from '../../workers/market/search/term.ts';
import { rankedLabels, searchTable } from './search-table.ts';

/** SPEC §5 tests as profiles.ts words them, on a lower-cased field. */
function holds(test: TierTest, field: string, term: string, alias: string | null): boolean {
  switch (test) {
    case 'equals':
      return field === term;
    case 'startsWith':
      return field.startsWith(term);
    case 'contains':
      return field.includes(term);
    case 'tickerEquals':
      return field === term || field.startsWith(`${term}/`);
    case 'alias':
      return alias !== null && field === alias;
  }
}

/** The labels a plain reading of the tier list ranks, best first. */
function reference(kind: MarketKind, rows: Array<Record<string, string>>, volumes: number[], raw: string) {
  const profile = SEARCH_PROFILES[kind];
  const term = normaliseTerm(raw, profile);
  const alias = aliasFor(profile, term);
  const tierOf = rows.map((row) =>
    profile.tiers.findIndex((t) => t.fields.some((f) => holds(t.test, row[f]!.toLowerCase(), term, alias))),
  );
  return rows
    .map((_, i) => i)
    .filter((i) => tierOf[i]! >= 0)
    .sort((a, b) => tierOf[a]! - tierOf[b]! || volumes[b]! - volumes[a]! || a - b)
    .map((i) => `L${i}`);
}

// 'ж' puts a row in a wide (two-byte) haystack chunk; '/' and '_' are the ticker and pair separators; n, m, t spell
// the pair lists' alias terms ('nm', 'nmt').
const letters = ['n', 'm', 't', '/', '_', 'ж', 'N'];
const value = fc.string({ unit: fc.constantFrom(...letters), maxLength: 5 });
const term = fc.string({ unit: fc.constantFrom(...letters.slice(0, 5)), minLength: 1, maxLength: 4 });
const volume = fc.constantFrom(1, 2, 3, 1e6);

function property<K extends MarketKind>(kind: K) {
  const fields = SEARCH_PROFILES[kind].fields as readonly string[];
  const row = fc.record(Object.fromEntries(fields.map((f) => [f, value])) as Record<string, typeof value>);
  return fc.asyncProperty(
    fc.array(fc.tuple(row, volume), { minLength: 1, maxLength: 24 }),
    fc.array(term, { minLength: 1, maxLength: 4 }),
    async (entries, terms) => {
      const rows = entries.map(([r]) => r);
      const volumes = entries.map(([, v]) => v);
      const t = searchTable(kind, rows as never, volumes);
      for (const raw of terms)
        expect(await rankedLabels(t, raw)).toEqual(reference(kind, rows, volumes, raw));
    },
  );
}

describe('tiered search against a plain reading of the tier lists (SPEC §5, fast-check)', () => {
  for (const kind of ['spot', 'pilot', 'premarket'] as const) {
    it(`${kind}: every row in its first holding tier, by volume within a tier`, async () => {
      await fc.assert(property(kind), { numRuns: 400 });
    });
  }

  it('spot: the alias terms rank their token first, with or without the term in its fields', async () => {
    const rows = [
      { base: 'nmt', quote: 'usdt', name: 'numbers', pair: 'nmt_usdt' },
      { base: 'nm', quote: 'usdt', name: 'nm', pair: 'nm_usdt' },
      { base: 'xnmt', quote: 'nmt', name: 'x', pair: 'xnmt_nmt' },
    ];
    for (const raw of ['nm', 'NMT', 'nmt ']) {
      expect(await rankedLabels(searchTable('spot', rows, [1, 5, 9]), raw)).toEqual(
        reference('spot', rows, [1, 5, 9], raw),
      );
    }
    expect(await rankedLabels(searchTable('spot', rows, [1, 5, 9]), 'nm')).toEqual(['L0', 'L1', 'L2']);
  });
});
