/**
 * Market worker entry (worker realm): builds the engine with real I/O and IndexedDB, and exposes it with Comlink.
 * The one file that calls `expose`; the exposed object is generated from the contract's method list
 * (contract.ts ENGINE_METHODS), as the page's facade is. `expose(api, self)`: under @vitest/web-worker, expose()
 * without an endpoint listens on globalThis, which the shim does not wire (docs/TESTING.md 'Toolchain traps'). The
 * unsubscribe functions the listener registrations resolve with cross as Comlink proxies (a function cannot be
 * cloned). Live events go to the page on the port it hands over (`connectLive`): one message per event, no reply.
 */
import '../../common/zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { expose, proxy, type Endpoint } from 'comlink';
import {
  ENGINE_METHODS,
  REGISTRATION_METHODS,
  type EngineMethod,
  type EngineMethods,
  type WorkerLiveApi,
} from './contract.ts';
import { createMarketEngine } from './engine.ts';
import { createFavouritesIdbStore, createIdbStore } from './io/idb-store.ts';
import { createRealDeps } from './io/real-deps.ts';

const engine = createMarketEngine({
  ...createRealDeps({ realm: 'worker', store: createIdbStore(), share: true }),
  favouritesStore: createFavouritesIdbStore(),
});

type AnyMethod = (...args: unknown[]) => Promise<unknown>;
const registration = (method: EngineMethod): method is (typeof REGISTRATION_METHODS)[number] =>
  (REGISTRATION_METHODS as readonly string[]).includes(method);

/** The contract (unsubscribes proxied), the page's live port, and `dispose` (the fault tests end each engine). */
const api = {
  ...(Object.fromEntries(
    ENGINE_METHODS.map((method): [EngineMethod, AnyMethod] => {
      const call = engine[method] as AnyMethod;
      return [
        method,
        registration(method) ? async (...args) => proxy((await call(...args)) as () => void) : call,
      ];
    }),
  ) as unknown as EngineMethods),
  connectLive(port: MessagePort) {
    void engine.subscribeLive((event) => port.postMessage(event));
  },
  dispose: () => engine.dispose(),
} satisfies EngineMethods & WorkerLiveApi & { dispose(): void };

expose(api, self as unknown as Endpoint);
