/**
 * React side of the market engine protocol (DESIGN 'Rules that keep it fast'): runs a query per parameter change
 * or pushed version, keeps only the latest reply, and fetches rows by window for the virtualizer's visible range.
 * The main thread never holds more than the rows it has asked for.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ChangePeriod,
  LoadStatus,
  MarketEngineApi,
  MarketKind,
  MarketRow,
  SettleCurrency,
} from '../../workers/market/contract.ts';
import { getMarketEngine } from './engine-client.ts';

export interface MarketListParams {
  kind: MarketKind;
  tab: string;
  term: string;
  settle?: SettleCurrency;
  period: ChangePeriod;
}

export interface MarketListState {
  status: LoadStatus;
  /** Query id the rows belong to (0 before the first reply). */
  id: number;
  total: number;
  version: number;
}

let querySeq = 0;

/** Runs the query for `params`; re-runs on version events for the same list. Stale replies are dropped. */
export function useMarketQuery(
  params: MarketListParams,
): MarketListState & { engine: MarketEngineApi | null } {
  const [engine, setEngine] = useState<MarketEngineApi | null>(null);
  const [state, setState] = useState<MarketListState>({ status: 'loading', id: 0, total: 0, version: 0 });
  const latest = useRef(0);
  const [versionTick, setVersionTick] = useState(0);

  useEffect(() => {
    let alive = true;
    getMarketEngine()
      .then((e) => alive && setEngine(() => e))
      .catch((err: unknown) => {
        console.error('[markets] engine unavailable', err);
        if (alive) setState((s) => ({ ...s, status: 'error' }));
      });
    return () => {
      alive = false;
    };
  }, []);

  // Version pushes (cache paint, refresh) re-run the current query; the list stays mounted, so scroll is kept.
  useEffect(() => {
    if (!engine) return;
    let alive = true;
    const off = subscribeVersions(engine, params.kind, () => alive && setVersionTick((t) => t + 1));
    return () => {
      alive = false;
      off();
    };
  }, [engine, params.kind]);

  useEffect(() => {
    if (!engine) return;
    const id = ++querySeq;
    latest.current = id;
    engine
      .query({ id, ...params })
      .then((res) => {
        if (res.id !== latest.current || res.superseded) return;
        setState({ status: res.status, id: res.id, total: res.total, version: res.version });
      })
      .catch((err: unknown) => {
        if (id === latest.current) {
          console.error('[markets] query failed', err);
          setState((s) => ({ ...s, status: 'error' }));
        }
      });
    // params fields listed individually: a new object with equal fields must not re-query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, params.kind, params.tab, params.term, params.settle, params.period, versionTick]);

  return { ...state, engine };
}

type VersionListener = () => void;
const listeners = new Map<MarketKind, Set<VersionListener>>();
const subscribedEngines = new WeakSet<MarketEngineApi>();

/** One engine subscription per engine, fanned out per list kind. Returns an unsubscribe function. */
function subscribeVersions(engine: MarketEngineApi, kind: MarketKind, listener: VersionListener): () => void {
  if (!subscribedEngines.has(engine)) {
    subscribedEngines.add(engine);
    void engine
      .subscribe((event) => listeners.get(event.kind)?.forEach((l) => l()))
      .catch((err: unknown) => {
        console.error('[markets] subscribe failed', err);
      });
  }
  let set = listeners.get(kind);
  if (!set) listeners.set(kind, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Rows of query `id` for the range [start, end): returns a lookup by index. Missing rows are requested in
 * windows (the engine may cap a window to keep messages small; the rest is asked for next). Rows of an older
 * query stay shown until the new window lands, so a refresh never flashes skeletons.
 */
export function useRowWindow(
  engine: MarketEngineApi | null,
  id: number,
  start: number,
  end: number,
): (index: number) => MarketRow | undefined {
  const store = useRef<{ id: number; rows: Map<number, MarketRow> }>({ id: 0, rows: new Map() });
  const inFlight = useRef(false);
  const [, setTick] = useState(0);
  const wanted = useRef({ id, start, end });
  wanted.current = { id, start, end };

  const ensure = useCallback(() => {
    if (!engine || inFlight.current) return;
    const w = wanted.current;
    if (!w.id || w.end <= w.start) return;
    const current = store.current.id === w.id ? store.current.rows : null;
    let first = w.start;
    while (current && first < w.end && current.has(first)) first++;
    if (first >= w.end) return;
    inFlight.current = true;
    engine
      .rows(w.id, first, w.end)
      .then((win) => {
        inFlight.current = false;
        if (!win || win.id !== wanted.current.id) {
          if (win === null && wanted.current.id === w.id) return; // superseded: a new id is coming
          ensure();
          return;
        }
        if (store.current.id !== win.id) store.current = { id: win.id, rows: new Map() };
        win.rows.forEach((row, i) => store.current.rows.set(win.start + i, row));
        setTick((t) => t + 1);
        if (win.rows.length > 0) ensure();
      })
      .catch((err: unknown) => {
        inFlight.current = false;
        console.error('[markets] rows failed', err);
      });
  }, [engine]);

  useEffect(() => {
    ensure();
  }, [ensure, id, start, end]);

  return (index: number) => store.current.rows.get(index);
}
