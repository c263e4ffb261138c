/**
 * Search over every list at once (the header search modal, SPEC §5, §7): one request ranks spot, futures (USDT
 * settled), pilot and pre-market with each list's named search profile (search/profiles.ts, via queries.ts) and
 * returns the best rows of each, all in one reply under the 10 KiB message budget (ARCHITECTURE.md 'Market engine').
 * The rows have the panels' shape (ListRow, rows.ts): price, change and volume formatted here for the engine's locale
 * and the request's fiat (SPEC §4 fiat prices), so the modal formats nothing. An empty term lists each list by 24h
 * quote volume and names the top movers across spot and futures (`top`). Latest request wins: a request older than the newest seen is skipped, and a running one stops at its next chunk.
 * Pure core: the lists and the clock come in as arguments.
 */
import type {
  ListRow,
  LoadStatus,
  MarketKind,
  SearchAllRequest,
  SearchAllResult,
  SearchRowRef,
  SearchSection,
} from './contract.ts';
import { MAX_MESSAGE_BYTES } from './config.ts';
import { evaluate, normaliseQuery, type NormalQuery } from './queries.ts';
import { messageBytes, toListRow, type RowFormat } from './rows.ts';
import { ensureOrdered } from './search/select.ts';
import type { MarketTable } from './table.ts';

/** The lists a search-all covers, in the modal's section order. */
export const SEARCH_ALL_KINDS: readonly MarketKind[] = ['spot', 'futures', 'pilot', 'premarket'];
/** Most rows per list one request may ask for (4 lists × 8 rows of ~250 bytes stay under 10 KiB). */
export const SEARCH_ALL_MAX_ROWS = 8;
/** Bytes kept free for the reply envelope (ids, totals, statuses, brackets, the top movers' references). */
const ENVELOPE_BYTES = 600;
/** The lists the empty term's top movers come from, and the most rows each gives (the modal's group, SPEC §2). */
export const TOP_MOVER_KINDS: readonly MarketKind[] = ['spot', 'futures'];
export const TOP_MOVERS_PER_LIST = 3;

/** What search-all reads from the engine. */
export interface SearchAllDeps {
  /** Loads a list (cache first, then network); resolves also when loading failed. */
  ensure(kind: MarketKind): Promise<void>;
  /** The table query `q` reads (its list key: `spot`, `futures:USDT`, …) once it can answer `q` (search index
   * built), or null before data arrived. */
  table(q: NormalQuery): Promise<MarketTable | null> | MarketTable | null;
  status(kind: MarketKind): LoadStatus;
  /** Language path prefix for row links. */
  langPrefix(): string;
  /** BCP 47 tag the rows' numbers are formatted for (SPEC §9 locale mapping applied), e.g. `zh-CN`. */
  locale(): string;
  now(): number;
  perfNow(): number;
  yieldToEvents(): Promise<void>;
  /** Records one search duration, ms, unrounded (the engine keeps it in EngineStats.searchMs). */
  recordMs?(ms: number): void;
}

/** A search-all runner: call it with each request; it keeps the newest id itself. */
export type SearchAllRunner = (request: SearchAllRequest) => Promise<SearchAllResult>;

const emptySections = (status: (kind: MarketKind) => LoadStatus): Record<MarketKind, SearchSection> => {
  const section = (kind: MarketKind): SearchSection => ({ total: 0, rows: [], status: status(kind) });
  return {
    spot: section('spot'),
    futures: section('futures'),
    pilot: section('pilot'),
    premarket: section('premarket'),
  };
};

/**
 * The top movers of `sections` (empty term): the first TOP_MOVERS_PER_LIST rows of each TOP_MOVER_KINDS section,
 * by their 24h quote volume in USDT (`volumes[kind][index]`), highest first; a tie keeps section order. Pure.
 */
export function topMovers(
  sections: Record<MarketKind, SearchSection>,
  volumes: ReadonlyMap<MarketKind, readonly number[]>,
): SearchRowRef[] {
  const refs: Array<SearchRowRef & { volume: number }> = [];
  for (const kind of TOP_MOVER_KINDS) {
    const count = Math.min(TOP_MOVERS_PER_LIST, sections[kind].rows.length);
    for (let index = 0; index < count; index++)
      refs.push({ kind, index, volume: volumes.get(kind)?.[index] ?? 0 });
  }
  refs.sort((a, b) => b.volume - a.volume);
  return refs.map(({ kind, index }) => ({ kind, index }));
}

/** Clamps a requested row count to 1…SEARCH_ALL_MAX_ROWS (non-numbers give 1). */
export function clampLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.max(1, Math.min(SEARCH_ALL_MAX_ROWS, Math.floor(limit))) : 1;
}

/**
 * Cuts rows so the reply stays under MAX_MESSAGE_BYTES: while too big, drops the last row of the section holding
 * the most rows (every list keeps its best rows). Mutates and returns `sections`.
 */
export function fitBudget(sections: Record<MarketKind, SearchSection>): Record<MarketKind, SearchSection> {
  const sizes = new Map<MarketKind, number[]>(
    SEARCH_ALL_KINDS.map((k) => [k, sections[k].rows.map((r) => messageBytes(r) + 1)]),
  );
  let bytes = ENVELOPE_BYTES;
  for (const list of sizes.values()) for (const b of list) bytes += b;
  while (bytes > MAX_MESSAGE_BYTES) {
    let longest: MarketKind | null = null;
    for (const k of SEARCH_ALL_KINDS)
      if (
        sections[k].rows.length > 0 &&
        (!longest || sections[k].rows.length > sections[longest].rows.length)
      )
        longest = k;
    if (!longest) break;
    sections[longest].rows.pop();
    bytes -= sizes.get(longest)!.pop() ?? 0;
  }
  return sections;
}

/** Builds the runner over `deps`. Never throws for a list that failed to load: its section is empty. */
export function createSearchAll(deps: SearchAllDeps): SearchAllRunner {
  let latest = 0;
  const stale = (id: number) => id < latest;
  return async function searchAll(request) {
    const { id } = request;
    const superseded = (): SearchAllResult => ({
      id,
      superseded: true,
      sections: emptySections(deps.status),
      top: [],
    });
    if (stale(id)) return superseded();
    latest = id;
    const limit = clampLimit(request.limit);
    const term = typeof request.term === 'string' ? request.term : '';
    // Each list's query: the request's term, period and fiat (cleaned as a panel's are), futures USDT-settled.
    const queryOf = (kind: MarketKind): NormalQuery =>
      normaliseQuery({ id, kind, tab: '', term, settle: 'USDT', period: request.period, fiat: request.fiat });
    const { period, fiat } = queryOf('spot');
    await Promise.all(SEARCH_ALL_KINDS.map((kind) => deps.ensure(kind)));
    if (stale(id)) return superseded();
    const sections = emptySections(deps.status);
    /** Each section's rows' 24h quote volume, USDT (the top movers' order). */
    const volumes = new Map<MarketKind, number[]>();
    const format: RowFormat = {
      period,
      langPrefix: deps.langPrefix(),
      locale: deps.locale(),
      fiat,
      nowMs: deps.now(),
    };
    const started = deps.perfNow();
    for (const kind of SEARCH_ALL_KINDS) {
      const q = queryOf(kind);
      const table = await deps.table(q);
      if (stale(id)) return superseded();
      if (!table) continue;
      const ranked = await evaluate(q, table, {
        perfNow: deps.perfNow,
        now: deps.now,
        yieldToEvents: deps.yieldToEvents,
        stale: () => stale(id),
      });
      if (!ranked || stale(id)) return superseded();
      const count = Math.min(limit, ranked.total);
      ensureOrdered(ranked, count);
      const rows: ListRow[] = [];
      const vols: number[] = [];
      for (let k = 0; k < count; k++) {
        rows.push(toListRow(table, ranked.order[k]!, format));
        vols.push(table.volumeUsdt[ranked.order[k]!]!);
      }
      sections[kind] = { total: ranked.total, rows, status: deps.status(kind) };
      volumes.set(kind, vols);
    }
    deps.recordMs?.(deps.perfNow() - started);
    fitBudget(sections);
    return {
      id,
      superseded: false,
      sections,
      top: term.trim() === '' ? topMovers(sections, volumes) : [],
    };
  };
}
