/**
 * The page's side of the live lists (SPEC §7, §9 refresh; ARCHITECTURE.md 'Live lists'), one per engine: the lists
 * the page shows (open panels and the open search modal each hold theirs; the engine subscribes to their union), the
 * engine's live rows handed to the list controllers, and each list's data state for the panels' data-age badges.
 * Framework-free; React reads the states with useSyncExternalStore (DataAge.tsx).
 */
import type {
  LiveRowsEvent,
  LiveState,
  LiveStatusEvent,
  MarketEngineApi,
  MarketKind,
} from '../../workers/market/contract.ts';

/** A list's data state as the badge shows it. */
export interface ListDataState {
  state: LiveState;
  /** When the shown data was fetched or last ticked, ms since epoch; 0 when unknown. */
  updatedAt: number;
}

/** One engine's live hub. */
export interface LiveHub {
  /** Shows `kinds` until the returned release is called (counted per list). */
  hold(kinds: readonly MarketKind[]): () => void;
  /** Calls `listener` with every live rows event of `kind`. Returns the unsubscribe function. */
  onRows(kind: MarketKind, listener: (event: LiveRowsEvent) => void): () => void;
  /** The data state of `kind` (a stable object until it changes). */
  state(kind: MarketKind): ListDataState;
  /** Calls `listener` when any list's data state changes. Returns the unsubscribe function. */
  onState(listener: () => void): () => void;
  /** The list `kind` is still (no scroll, hover or pointer) or not: its order may move only while still. */
  setStill(kind: MarketKind, still: boolean): void;
}

const UNKNOWN: ListDataState = { state: 'delayed', updatedAt: 0 };
const hubs = new WeakMap<MarketEngineApi, LiveHub>();

/** The hub of `engine` (made on first use; subscribes to its live events once). */
export function liveHub(engine: MarketEngineApi): LiveHub {
  let hub = hubs.get(engine);
  if (hub) return hub;
  const counts = new Map<MarketKind, number>();
  const rowListeners = new Map<MarketKind, Set<(event: LiveRowsEvent) => void>>();
  const states = new Map<MarketKind, ListDataState>();
  const stateListeners = new Set<() => void>();
  const still = new Map<MarketKind, boolean>();
  let announced = '';
  let queued = false;
  const setState = (e: LiveStatusEvent) => {
    const prev = states.get(e.kind);
    if (prev && prev.state === e.state && prev.updatedAt === e.updatedAt) return;
    states.set(e.kind, { state: e.state, updatedAt: e.updatedAt });
    stateListeners.forEach((l) => l());
  };
  const log = (message: string, err: unknown) => console.error('[markets]', message, err);
  void engine
    .subscribeLive((event) => {
      if (event.type === 'status') setState(event);
      else rowListeners.get(event.kind)?.forEach((l) => l(event));
    })
    .then(() => engine.liveStatuses())
    .then((all) => all.forEach(setState))
    .catch((err: unknown) => log('live subscription failed', err));
  /** Tells the engine the shown lists once per task (a panel swap is one change, not two). */
  const announce = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const kinds = [...counts].filter(([, n]) => n > 0).map(([k]) => k);
      const key = kinds.sort().join(',');
      if (key === announced) return;
      announced = key;
      void engine.setLiveInterest(kinds).catch((err: unknown) => log('live interest failed', err));
    });
  };
  hub = {
    hold(kinds) {
      kinds.forEach((k) => counts.set(k, (counts.get(k) ?? 0) + 1));
      announce();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        kinds.forEach((k) => counts.set(k, (counts.get(k) ?? 1) - 1));
        announce();
      };
    },
    onRows(kind, listener) {
      let set = rowListeners.get(kind);
      if (!set) rowListeners.set(kind, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    state: (kind) => states.get(kind) ?? UNKNOWN,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    setStill(kind, next) {
      if (still.get(kind) === next) return;
      still.set(kind, next);
      void engine.setStill(kind, next).catch((err: unknown) => log('live still failed', err));
    },
  };
  hubs.set(engine, hub);
  return hub;
}
