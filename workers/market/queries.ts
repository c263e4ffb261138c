/**
 * Query evaluation (SPEC §5): a query becomes a Ranked list over one table — tiered search with a fuzzy
 * last tier when there is a term (the tab is ignored), the tab's rows by volume when there is none. Only the first
 * page is put in order here; windows order the rest on demand. Superseded work (a newer query of the same list
 * handle, or the handle closed) stops at the next chunk.
 */
import type {
  ChangePeriod,
  FiatDisplay,
  ListRow,
  MarketKind,
  MarketQuery,
  SettleCurrency,
} from './contract.ts';
import { FIRST_PAGE_ROWS, YIELD_AFTER_MS } from './config.ts';
import type { MarketTable } from './table.ts';
import { listTab } from './search/filter.ts';
import { fuzzyApplies, fuzzyRows } from './search/fuzzy.ts';
import { aliasFor } from './search/profiles.ts';
import { groupHits, scanTerm } from './search/rank.ts';
import { ensureOrdered, type Ranked } from './search/select.ts';
import { normaliseTerm } from './search/term.ts';

/** A query with defaults filled in. */
export interface NormalQuery {
  id: number;
  /** The client's list handle; null for the kind's shared handle (`MarketQuery.list` absent or not valid). */
  list: number | null;
  kind: MarketKind;
  tab: string;
  term: string;
  settle: SettleCurrency;
  period: ChangePeriod;
  /** Fiat price display, or null for each row's own price (SPEC §4 fiat prices). */
  fiat: FiatDisplay | null;
}

/** A computed query, kept for `rows()`. */
export interface QueryRecord {
  q: NormalQuery;
  /** Version of the list the ranking was computed on. */
  version: number;
  table: MarketTable | null;
  ranked: Ranked | null;
  /** A recomputation in progress (a window asked after a refresh). */
  recompute: Promise<boolean> | null;
  /** The favourites tab: starred pairs the table no longer has, shown after the ranked rows (SPEC §4). */
  delisted?: ListRow[];
}

/** The key of the list handle `q` belongs to: its list id, or its kind for the kind's shared handle. */
export type HandleKey = number | MarketKind;

/** The handle key of `q` (SPEC §5: the latest query wins per list handle). */
export function handleKey(q: NormalQuery): HandleKey {
  return q.list ?? q.kind;
}

/** True when `list` is a usable list handle: a positive safe integer. */
export function isListHandle(list: unknown): list is number {
  return typeof list === 'number' && Number.isSafeInteger(list) && list > 0;
}

/**
 * Fills in contract defaults (no list handle: the kind's; settle USDT, period 24h, no fiat). A futures tab named after a settle currency (`USDT`, `BTC`:
 * the tabs endpoint lists them beside HOT/NEW) selects that settle list, whichever panel asks.
 */
export function normaliseQuery(q: MarketQuery): NormalQuery {
  const tab = q.tab ?? '';
  const settleTab = q.kind === 'futures' && (tab === 'USDT' || tab === 'BTC') ? tab : null;
  return {
    id: q.id,
    list: isListHandle(q.list) ? q.list : null,
    kind: q.kind,
    tab,
    term: q.term ?? '',
    settle: settleTab ?? (q.settle === 'BTC' ? 'BTC' : 'USDT'),
    period: q.period === 'utc0' || q.period === 'utc8' ? q.period : '24h',
    fiat: fiatOf(q.fiat),
  };
}

/** A usable fiat display: an ISO 4217-shaped code and a finite positive rate; anything else means no fiat. */
function fiatOf(fiat: FiatDisplay | null | undefined): FiatDisplay | null {
  if (!fiat || typeof fiat.currency !== 'string' || !/^[A-Z]{3}$/.test(fiat.currency)) return null;
  return Number.isFinite(fiat.rate) && fiat.rate > 0 ? { currency: fiat.currency, rate: fiat.rate } : null;
}

/** The table key a query reads (`futures:USDT`, `spot`, …). */
export function listKey(q: NormalQuery): string {
  return q.kind === 'futures' ? `futures:${q.settle}` : q.kind;
}

/** What evaluation needs from the engine. */
export interface EvalHooks {
  /** High-resolution clock, ms. */
  perfNow(): number;
  /** Wall clock, ms since epoch. */
  now(): number;
  yieldToEvents(): Promise<void>;
  /** True once a newer query of the same list handle was seen, or the handle was closed. */
  stale(): boolean;
}

/** True when `q` searches (a non-empty term after normalisation), so `table` must be indexed (search-index.ts). */
export function needsIndex(q: NormalQuery, table: MarketTable): boolean {
  return normaliseTerm(q.term, table.profile) !== '';
}

/**
 * Ranks `q` over `table`; null when superseded on the way. Throws when `q` searches a table whose index is not built
 * (callers wait for search-index.ts indexTable first; an empty term needs no index).
 */
export async function evaluate(q: NormalQuery, table: MarketTable, hooks: EvalHooks): Promise<Ranked | null> {
  const term = normaliseTerm(q.term, table.profile);
  if (term !== '' && !table.indexed)
    throw new Error(`market engine: ${table.kind} searched before its index`);
  let ranked: Ranked;
  if (term === '') {
    ranked = listTab(table, q.tab, hooks.now());
  } else {
    let sliceStart = hooks.perfNow();
    const alias = aliasFor(table.profile, term);
    const hits = await scanTerm(table, term, alias, {
      stale: hooks.stale,
      shouldYield: () => hooks.perfNow() - sliceStart > YIELD_AFTER_MS,
      yieldNow: async () => {
        await hooks.yieldToEvents();
        sliceStart = hooks.perfNow();
      },
    });
    if (!hits || hooks.stale()) return null;
    ranked = groupHits(table, hits, fuzzyApplies(table, term) ? fuzzyRows(table, term, hits) : null);
  }
  ensureOrdered(ranked, FIRST_PAGE_ROWS);
  return ranked;
}

/**
 * Terms of the search warm-up (`warmSearch`): one, two and three letters (the large hit sets of a trader's first
 * keys), a term that matches nothing (the fuzzy tier) and the empty term (the tab's list by volume).
 */
const WARM_TERMS = ['a', 's', 'e', 'an', 'sa', 'ane', 'qzxj', ''];

/**
 * Warms the search code on `table` once its index is built (ARCHITECTURE.md 'Market engine', SPEC §5 search): a
 * fresh worker runs its first searches in V8's unoptimised tiers, several times slower than later ones
 * (docs/benchmarks/history.md: 'Search warm-up, an A/A control and two probes'), and those are a trader's first
 * keystrokes. Runs WARM_TERMS through `evaluate` and drops the results, one term per task, yielding as a search
 * does. Stops as soon as `hooks.stale()` holds (a search came, or the table was replaced): the trader's own searches
 * then warm it. Returns how many terms ran. Never throws: a failure only leaves it cold.
 */
export async function warmSearch(table: MarketTable, hooks: EvalHooks): Promise<number> {
  let ran = 0;
  try {
    for (const term of WARM_TERMS) {
      await hooks.yieldToEvents();
      if (hooks.stale()) break;
      const q: NormalQuery = {
        id: 0,
        list: null,
        kind: table.kind,
        tab: '',
        term,
        settle: 'USDT',
        period: '24h',
        fiat: null,
      };
      if (!(await evaluate(q, table, hooks))) break;
      ran++;
    }
  } catch {
    // A warm-up that fails leaves the code cold; the real queries report their own errors.
  }
  return ran;
}
