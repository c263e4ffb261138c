/**
 * The worker's cache store: idb-keyval on its own database. Worker realm only (DESIGN 'IndexedDB only in the worker').
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { CacheStore } from './deps';

/** IndexedDB database and object store names of the market cache. */
export const IDB_DATABASE = 'masthead-market';
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
