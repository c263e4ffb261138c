/**
 * In-thread entry (main-thread realm): builds the market engine with real I/O for the fallback used when no worker
 * can run (no Worker, CSP, failed handshake, a worker that crashed twice, or `?engine=main`). The page's engine
 * client imports this module dynamically, so the engine core stays out of the main bundle until it is needed.
 * Its cache is persistent too: IndexedDB written in idle time in small slices (io/idle-idb-store.ts, its own
 * database), or a memory store where the realm has no IndexedDB. The fallback does not join the cross-tab sharing
 * (another tab's worker reads another database).
 */
import { createMemoryStore } from './cache.ts';
import { createIdleIdbStore, hasIndexedDb } from './io/idle-idb-store.ts';
import { createFavouritesIdbStore } from './io/idb-store.ts';
import type { MarketEngineApi } from './contract.ts';
import { createMarketEngine } from './engine.ts';
import { createRealDeps } from './io/real-deps.ts';

/** Builds the in-thread engine (realm 'main'); call `init` on it before use, as with the worker's. Never throws. */
export function createInThreadEngine(): MarketEngineApi {
  const store = hasIndexedDb() ? createIdleIdbStore() : createMemoryStore();
  // Favourites are small: the same database as the worker's (one list per browser), written directly.
  return createMarketEngine({
    ...createRealDeps({ realm: 'main', store, share: false }),
    favouritesStore: hasIndexedDb() ? createFavouritesIdbStore() : createMemoryStore(),
  });
}
