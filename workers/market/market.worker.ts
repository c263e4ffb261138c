/**
 * Market worker entry (worker realm): builds the engine with real I/O and IndexedDB, and exposes it with Comlink.
 * The one file that calls `expose`. `expose(api, self)`: under @vitest/web-worker, expose() without an endpoint
 * listens on globalThis, which the shim does not wire (TOOLCHAIN.md, Comlink row).
 */
import '../../common/zod-csp'; // first: no eval under the CSP (before any schema is built)
import { expose, type Endpoint } from 'comlink';
import { createMarketEngine } from './engine';
import { createIdbStore } from './io/idb-store';
import { createRealDeps } from './io/real-deps';

const engine = createMarketEngine(createRealDeps({ realm: 'worker', store: createIdbStore(), share: true }));

expose(engine, self as unknown as Endpoint);

/** The API this worker exposes (MarketEngineApi plus refresh and setVisible). */
export type MarketWorkerApi = typeof engine;
