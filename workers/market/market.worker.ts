/**
 * Market worker entry (worker realm): builds the engine with real I/O and IndexedDB, and exposes it with Comlink.
 * The one file that calls `expose`. `expose(api, self)`: under @vitest/web-worker, expose() without an endpoint
 * listens on globalThis, which the shim does not wire (docs/TESTING.md 'Toolchain traps').
 */
import '../../common/zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { expose, type Endpoint } from 'comlink';
import { createMarketEngine } from './engine.ts';
import { createFavouritesIdbStore, createIdbStore } from './io/idb-store.ts';
import { createRealDeps } from './io/real-deps.ts';

const engine = createMarketEngine({
  ...createRealDeps({ realm: 'worker', store: createIdbStore(), share: true }),
  favouritesStore: createFavouritesIdbStore(),
});

expose(engine, self as unknown as Endpoint);

/** The API this worker exposes (MarketEngineApi plus refresh and setVisible). */
export type MarketWorkerApi = typeof engine;
