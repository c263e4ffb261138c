/**
 * In-thread entry (main-thread realm): builds the market engine with real I/O for the fallback used when no worker
 * can run (no Worker, CSP, failed handshake, a worker that crashed twice, or `?engine=main`). The page's engine
 * client imports this module dynamically, so the engine core stays out of the main bundle until it is needed.
 * A memory cache keeps IndexedDB off the main thread, and the fallback does not join the cross-tab sharing
 * (another tab's worker could not read its cache).
 */
import { createMemoryStore } from './cache';
import { createMarketEngine, type MarketEngine } from './engine';
import { createRealDeps } from './io/real-deps';

/** Builds the in-thread engine (realm 'main'); call `init` on it before use, as with the worker's. Never throws. */
export function createInThreadEngine(): MarketEngine {
  return createMarketEngine(createRealDeps({ realm: 'main', store: createMemoryStore(), share: false }));
}
