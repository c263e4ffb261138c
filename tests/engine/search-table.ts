// Shared by the search tests (tests/engine/profiles, tests/engine/rank-reference): a market table of one list kind
// built straight from search fields, and the labels a term ranks, best first, as the engine computes them.
import type { MarketKind } from '../../workers/market/contract.ts';
import { aliasFor, type FieldOf, type ProfileOf } from '../../workers/market/search/profiles.ts';
import { groupHits, scanTerm } from '../../workers/market/search/rank.ts';
import { ensureOrdered } from '../../workers/market/search/select.ts';
import { normaliseTerm } from '../../workers/market/search/term.ts';
import { createTableBuilder, GROUP_NONE, type MarketTable } from '../../workers/market/table.ts';

const control = { stale: () => false, shouldYield: () => false, yieldNow: async () => {} };

/**
 * A table of `kind` whose rows have the given search fields; row k has volume `volumes[k]`, symbol `s{k}`, label
 * `L{k}`, and the tab categories and opening time (ms) `extra(k)` gives (none, 0 by default).
 */
export function searchTable<K extends MarketKind>(
  kind: K,
  rows: Array<Record<FieldOf<ProfileOf<K>>, string>>,
  volumes = rows.map(() => 1),
  extra: (k: number) => { categories?: string[]; openingMs?: number } = () => ({}),
): MarketTable {
  const b = createTableBuilder(kind, rows.length);
  rows.forEach((search, k) =>
    b.add({
      symbol: `s${k}`,
      label: `L${k}`,
      sub: '',
      last: '',
      quote: '',
      path: '',
      icon: null,
      lastUsdt: NaN,
      change24: NaN,
      changeUtc0: NaN,
      changeUtc8: NaN,
      volumeUsdt: volumes[k]!,
      leverage: 0,
      flags: 0,
      openingMs: extra(k).openingMs ?? 0,
      group: GROUP_NONE,
      categories: extra(k).categories ?? [],
      search,
    }),
  );
  return b.finish();
}

/** Labels of the rows found for `raw`, best first (term normalised and alias looked up as the engine does). */
export async function rankedLabels(t: MarketTable, raw: string): Promise<string[]> {
  const term = normaliseTerm(raw, t.profile);
  const hits = await scanTerm(t, term, aliasFor(t.profile, term), control);
  const r = groupHits(t, hits!);
  ensureOrdered(r, r.total);
  return Array.from(r.order, (i) => t.label.at(i)!);
}
