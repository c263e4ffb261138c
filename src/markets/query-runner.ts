/**
 * Latest-wins queries for one panel (DESIGN 'Latest query wins'): every query gets a rising page-wide id; a reply
 * for an older id than the latest sent, or one the engine superseded, comes back as null and is dropped.
 */
import type { MarketEngineApi, MarketQuery, QueryResult, RowWindow } from '../../workers/market/contract.ts';

let lastQueryId = 0;

/** A rising query id, unique in this page (the engine supersedes per list kind). */
export function nextQueryId(): number {
  return ++lastQueryId;
}

/** Latest-wins helper for one panel: stale replies (an older id than the latest sent) come back as null. */
export interface QueryRunner {
  /** Sends `q` with a fresh id; null when a newer query was sent meanwhile or the engine superseded it. */
  query(q: Omit<MarketQuery, 'id'>): Promise<QueryResult | null>;
  /** Rows [start, end) of the latest query, filled window by window; null when a newer query was sent. */
  rows(start: number, end: number): Promise<RowWindow | null>;
  /** Id of the latest query sent (0 before any). */
  latestId(): number;
}

/** Creates a QueryRunner over `engine`. */
export function createQueryRunner(engine: MarketEngineApi): QueryRunner {
  let latest = 0;
  return {
    async query(q) {
      const id = nextQueryId();
      latest = id;
      const res = await engine.query({ ...q, id });
      return res.id !== latest || res.superseded ? null : res;
    },
    async rows(start, end) {
      const id = latest;
      let out: RowWindow | null = null;
      while (start < end) {
        const w = await engine.rows(id, start, end);
        if (!w || id !== latest) return null;
        out = out ? { ...w, start: out.start, rows: [...out.rows, ...w.rows] } : w;
        if (w.rows.length === 0) break;
        start = w.start + w.rows.length;
      }
      return out ?? { id, version: 0, start, rows: [] };
    },
    latestId: () => latest,
  };
}
