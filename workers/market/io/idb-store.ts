/**
 * The worker's cache store: idb-keyval on its own database. Worker realm only (ARCHITECTURE.md 'IndexedDB only where the engine runs').
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { CacheStore } from '../deps.ts';

/** IndexedDB database of the market cache. */
export const IDB_DATABASE = 'masthead-market';
/** Object store inside IDB_DATABASE; keys are the SPEC §9 cache names. */
export const IDB_STORE = 'cache';

/** An idb-keyval-backed CacheStore. */
export function createIdbStore(): CacheStore {
  const store = createStore(IDB_DATABASE, IDB_STORE);
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}
