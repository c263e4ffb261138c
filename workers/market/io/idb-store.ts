/**
 * The worker's cache store: idb-keyval on its own database. Worker realm only (ARCHITECTURE.md 'IndexedDB only where the engine runs').
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { CacheStore } from '../deps.ts';

/** IndexedDB database of the market cache. */
export const IDB_DATABASE = 'masthead-market';
/** Object store inside IDB_DATABASE; keys are the SPEC §9 cache names. */
export const IDB_STORE = 'cache';

/** IndexedDB database and object store of the favourites (workers/market/favourites.ts; keys per account scope). */
export const FAVOURITES_DATABASE = 'masthead-favourites';
const FAVOURITES_STORE = 'favourites';

/** An idb-keyval-backed CacheStore on `database`/`storeName` (default: the market cache). */
export function createIdbStore(database = IDB_DATABASE, storeName = IDB_STORE): CacheStore {
  const store = createStore(database, storeName);
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

/** The favourites' idb-keyval store (its own database: the market cache's keys are per language, these are not). */
export function createFavouritesIdbStore(): CacheStore {
  return createIdbStore(FAVOURITES_DATABASE, FAVOURITES_STORE);
}
