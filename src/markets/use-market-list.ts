/**
 * React side of the market engine protocol (DESIGN 'Rules that keep it fast'): runs a query per parameter change
 * or pushed version, keeps only the latest reply, and fetches rows by window for the virtualizer's visible range.
 * The main thread never holds more than the rows it has asked for.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type {
  ChangePeriod,
  LoadStatus,
  MarketEngineApi,
  MarketKind,
  MarketRow,
  SettleCurrency,
} from '../../workers/market/contract.ts';
import { getMarketEngine } from './engine-client.ts';
import { createQueryRunner } from './query-runner.ts';
import { RowWindowLoader } from './row-window-loader.ts';

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
  /** The search term this result answers. */
  term: string;
}

/** Rows a list shows before it has measured itself: ceil(530 / 58) visible + 9 overscan (SPEC §9). */
const INITIAL_WINDOW_ROWS = 19;

/** What the list needs besides the result: the row loader, and where to report its visible range. */
export interface MarketListHandles {
  engine: MarketEngineApi | null;
  loader: RowWindowLoader | null;
  /** The list reports its rendered range [start, end) here (from an effect), for the next query's first window. */
  setRange: (start: number, end: number) => void;
}

/**
 * Runs the query for `params`; re-runs on version events for the same list. Stale replies are dropped. Each reply
 * is followed at once by the rows of the list's current range, and both land in one commit: one render per
 * keystroke instead of two, and no skeleton flash between them.
 */
export function useMarketQuery(params: MarketListParams): MarketListState & MarketListHandles {
  const [engine, setEngine] = useState<MarketEngineApi | null>(null);
  const [state, setState] = useState<MarketListState>({
    status: 'loading',
    id: 0,
    total: 0,
    version: 0,
    term: '',
  });
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

  const runner = useMemo(() => (engine ? createQueryRunner(engine) : null), [engine]);
  const loader = useMemo(() => (engine ? new RowWindowLoader(engine) : null), [engine]);
  const range = useRef({ start: 0, end: INITIAL_WINDOW_ROWS });
  const setRange = useCallback((start: number, end: number) => {
    range.current = { start, end };
  }, []);
  useEffect(() => {
    if (!runner || !loader) return;
    const { kind, tab, term, settle, period } = params;
    runner
      .query({ kind, tab, term, settle, period })
      .then(async (res) => {
        if (!res) return;
        const { start, end } = range.current;
        if (res.total > 0) await loader.prefetch(res.id, start, Math.min(end, res.total));
        if (runner.latestId() !== res.id) return; // a newer keystroke superseded it meanwhile
        // Applied urgently, not as a transition: under a slow CPU the virtualizer's own updates kept interrupting
        // transitions and the rows never committed (seen at 4x throttle in the bench).
        setState({ status: res.status, id: res.id, total: res.total, version: res.version, term });
      })
      .catch((err: unknown) => {
        console.error('[markets] query failed', err);
        setState((s) => ({ ...s, status: 'error' }));
      });
    // params fields listed individually: a new object with equal fields must not re-query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runner, loader, params.kind, params.tab, params.term, params.settle, params.period, versionTick]);

  return useMemo(() => ({ ...state, engine, loader, setRange }), [state, engine, loader, setRange]);
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
 * Rows of query `id` for the range [start, end) (SPEC §9 virtual list): a lookup by index and the id the stored
 * rows belong to. Thin React adapter over RowWindowLoader.
 */
export function useRowWindow(
  loader: RowWindowLoader | null,
  id: number,
  start: number,
  end: number,
): { rowAt: (index: number) => MarketRow | undefined; windowId: number } {
  useEffect(() => {
    loader?.want(id, start, end);
  }, [loader, id, start, end]);
  // Windows are applied at once (tear-free external store read; see the query note on transitions).
  useSyncExternalStore(loader?.subscribe ?? noopSubscribe, loader?.getVersion ?? zero);
  return { rowAt: (index) => loader?.rowAt(index), windowId: loader?.windowId ?? 0 };
}

const noopSubscribe = () => () => {};
const zero = () => 0;
