/**
 * The market lists currently served (SPEC §7; docs/API.md 'Market sources'): one accessor the routes read through, so
 * a poller (server/upstream/gate-rest.ts) can swap a list whole — never half-updated — while requests are served. The
 * snapshot source never swaps; the Gate poller replaces the prepared MarketData with a new object built from a
 * validated reply and records each list's freshness (when its last good reply came, and whether the last poll
 * failed).
 */
import type { MarketData } from './types.ts';

/** Lists whose source may be an upstream. */
export type SourcedList = 'spot' | 'futures';

/** Where a list served now comes from, and how fresh it is. */
export interface ListFreshness {
  /** `snapshot` (the files read at start) or the upstream's name (`gate`). */
  source: string;
  /** When the data was produced: the last good upstream reply, or the snapshot's load, ms since epoch. */
  updatedAt: number;
  /** True when the last poll of the list failed and an older list is served. */
  stale: boolean;
}

/** The accessor over the market data served now. */
export interface MarketStore {
  /** The data served now (one object per version: compare by identity to see a swap). */
  current(): MarketData;
  /** Swaps in `next` whole. */
  replace(next: MarketData): void;
  /** The freshness of `list`. */
  freshness(list: SourcedList): ListFreshness;
  /** Records the freshness of `list`. */
  setFreshness(list: SourcedList, value: ListFreshness): void;
  /** Calls `listener` after each swap (the live relay re-reads its pairs); returns the unsubscribe function. */
  onSwap(listener: (data: MarketData) => void): () => void;
}

/** A store over `initial` (the snapshot), every list fresh as of its load. */
export function marketStore(initial: MarketData): MarketStore {
  let data = initial;
  const listeners = new Set<(data: MarketData) => void>();
  const fresh: Record<SourcedList, ListFreshness> = {
    spot: { source: 'snapshot', updatedAt: initial.loadedAt, stale: false },
    futures: { source: 'snapshot', updatedAt: initial.loadedAt, stale: false },
  };
  return {
    current: () => data,
    replace(next) {
      data = next;
      for (const listener of listeners) listener(next);
    },
    freshness: (list) => fresh[list],
    setFreshness(list, value) {
      fresh[list] = value;
    },
    onSwap(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
