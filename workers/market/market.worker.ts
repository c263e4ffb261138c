/**
 * Market worker entry (worker realm): builds the engine with real I/O and IndexedDB, and exposes it with Comlink.
 * The one file that calls `expose`. `expose(api, self)`: under @vitest/web-worker, expose() without an endpoint
 * listens on globalThis, which the shim does not wire (docs/TESTING.md 'Toolchain traps'). The unsubscribe functions
 * the listener registrations resolve with cross as Comlink proxies (a function cannot be cloned).
 */
import '../../common/zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { expose, proxy, type Endpoint } from 'comlink';
import type { MarketEngineApi } from './contract.ts';
import { createMarketEngine } from './engine.ts';
import { createFavouritesIdbStore, createIdbStore } from './io/idb-store.ts';
import { createRealDeps } from './io/real-deps.ts';

const engine = createMarketEngine({
  ...createRealDeps({ realm: 'worker', store: createIdbStore(), share: true }),
  favouritesStore: createFavouritesIdbStore(),
});

/** The contract plus `dispose` (the fault tests end each engine with it). */
const api: MarketEngineApi & { dispose(): void } = {
  ...engine,
  subscribe: async (listener) => proxy(await engine.subscribe(listener)),
  subscribeLive: async (listener) => proxy(await engine.subscribeLive(listener)),
};

expose(api, self as unknown as Endpoint);
