/**
 * The search modal's row model (WAI-ARIA combobox with a grid popup, SPEC §2 'Search modal'): groups of options in
 * display order, and the flat list the arrow keys walk. With a term: one group per list that has matches (Spot,
 * Futures, Pilot, Pre-market), its best rows, then a 'more' option when the list has more matches. Without a term:
 * the recent searches, the trader's favourites (SPEC §4; those whose pair is listed), then the top movers by 24h quote
 * volume (spot and futures, as the engine names them in `result.top`). Result rows are the engine's formatted rows
 * (ListRow, the panels' shape), with the trader's star. Pure.
 */
import type { FavouritePair, ListRow, MarketKind, SearchAllResult } from '../../workers/market/contract.ts';
import { favouriteKey, favouriteListOf } from '../../common/wire/favourites.ts';

/** Section order of the modal. */
const SECTION_KINDS: readonly MarketKind[] = ['spot', 'futures', 'pilot', 'premarket'];

/** One option (a row of the grid). `key` is unique in the modal (its DOM id suffix). */
export type SearchOption =
  | { type: 'recent'; key: string; term: string }
  | { type: 'favourite'; key: string; pair: FavouritePair & { href: string } }
  | { type: 'result'; key: string; kind: MarketKind; row: ListRow }
  | { type: 'more'; key: string; kind: MarketKind; total: number };

/** A labelled group of options; `label` is an i18n key of the `search` namespace. */
export interface SearchGroup {
  key: string;
  label: string;
  options: SearchOption[];
}

/** Most favourites the empty-term group shows. */
export const FAVOURITES_SHOWN = 8;

/**
 * Groups for `term` given the engine's `result` (null before the first answer), the stored recent terms and the
 * trader's starred pairs (latest first; a pair without a link, delisted or of a list not loaded, is left out).
 */
export function buildGroups(
  term: string,
  result: SearchAllResult | null,
  recent: readonly string[],
  favourites: readonly FavouritePair[] = [],
): SearchGroup[] {
  const groups: SearchGroup[] = [];
  if (term.trim() === '') {
    if (recent.length > 0)
      groups.push({
        key: 'recent',
        label: 'recent',
        options: recent.map((t, i) => ({ type: 'recent', key: `recent-${i}`, term: t })),
      });
    const starred = favourites
      .filter((p): p is FavouritePair & { href: string } => p.href !== null)
      .slice(0, FAVOURITES_SHOWN)
      .map((pair): SearchOption => ({ type: 'favourite', key: `fav-${pair.list}-${pair.symbol}`, pair }));
    if (starred.length > 0) groups.push({ key: 'favourites', label: 'favourites', options: starred });
    if (result) {
      const options: SearchOption[] = [];
      for (const { kind, index } of result.top) {
        const row = result.sections[kind].rows[index];
        if (row) options.push({ type: 'result', key: `top-${kind}-${row.symbol}`, kind, row });
      }
      if (options.length > 0) groups.push({ key: 'top', label: 'topMovers', options });
    }
    return groups;
  }
  if (!result) return groups;
  for (const kind of SECTION_KINDS) {
    const section = result.sections[kind];
    if (section.rows.length === 0) continue;
    const options: SearchOption[] = section.rows.map((row) => ({
      type: 'result',
      key: `${kind}-${row.symbol}`,
      kind,
      row,
    }));
    if (section.total > section.rows.length)
      options.push({ type: 'more', key: `more-${kind}`, kind, total: section.total });
    groups.push({ key: kind, label: `section.${kind}`, options });
  }
  return groups;
}

/** The options in the order the arrow keys walk them. */
export function flatOptions(groups: readonly SearchGroup[]): SearchOption[] {
  return groups.flatMap((g) => g.options);
}

/** Next active index after ArrowDown (+1) or ArrowUp (-1), wrapping; -1 when there is no option. */
export function moveActive(index: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return delta === 1 ? 0 : count - 1;
  return (index + delta + count) % count;
}

/** The favourites key (common/wire/favourites.ts) of a result's pair: futures results are the USDT-settled list. */
export function starKey(kind: MarketKind, symbol: string): string {
  return favouriteKey(favouriteListOf(kind), symbol);
}

/**
 * Whether result `o` is starred: the trader's press in this modal (`pressed`, by starKey) wins over the engine's
 * `row.favourite` of the reply, so the star shows its new state at once. False for other options.
 */
export function isStarred(o: SearchOption, pressed: ReadonlyMap<string, boolean>): boolean {
  if (o.type !== 'result') return false;
  return pressed.get(starKey(o.kind, o.row.symbol)) ?? o.row.favourite === true;
}

/**
 * The favourites group's pairs after the trader starred (`on`) or unstarred result `row` of `kind` here: the pair
 * first when starred (latest first, as the engine lists them), removed when not. Pure; `pairs` is not changed.
 */
export function withStar(
  pairs: readonly FavouritePair[],
  kind: MarketKind,
  row: Pick<ListRow, 'symbol' | 'label' | 'href'>,
  on: boolean,
): FavouritePair[] {
  const list = favouriteListOf(kind);
  const rest = pairs.filter((p) => p.list !== list || p.symbol !== row.symbol);
  return on ? [{ list, symbol: row.symbol, label: row.label, href: row.href }, ...rest] : rest;
}
