/**
 * The engine's favourites (SPEC §4 favourites, §8; ARCHITECTURE.md 'Favourites'): the store of the shown account
 * (favourites.ts: IndexedDB, shared with the other tabs over its channel and lock) and its server sync
 * (favourites-sync.ts: the engine calls the server's favourites API itself), behind the contract's favourites
 * methods. The page only says whose list to show (`favouritesAccount`, from its session) and stars pairs.
 */
import { FAVOURITES_API } from '../../common/wire/endpoints.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import {
  FavouritesBody,
  favouriteListOf,
  liveFavourites,
  type FavouriteWire,
} from '../../common/wire/favourites.ts';
import type { EngineConfig, MarketEngineApi, MarketKind } from './contract.ts';
import type { EngineDeps } from './deps.ts';
import { createMemoryStore } from './cache.ts';
import { createFavouritesStore, FAVOURITES_CHANNEL, scopeOf, type FavouritesStore } from './favourites.ts';
import { createFavouritesSync } from './favourites-sync.ts';
import { createCoordinator } from './io/share.ts';
import { toMarketRow } from './rows.ts';
import type { MarketTable } from './table.ts';

/** The favourites methods of the contract. */
type FavouritesMethods = Pick<
  MarketEngineApi,
  'favouritesAccount' | 'setFavourite' | 'favourites' | 'adoptFavourites' | 'dropAccountFavourites'
>;

/** What the favourites need from the engine. */
export interface EngineFavouritesOptions {
  deps: EngineDeps;
  /** This engine's id on the cross-tab channel. */
  instanceId: string;
  /** The engine config (origin and CSRF token of the server calls); null before `init`. */
  config(): EngineConfig | null;
  /** The table `key` of `kind` in memory, or undefined (the search modal's links; no list is loaded for them). */
  table(kind: MarketKind, key: string): MarketTable | undefined;
  log(message: string, detail?: unknown): void;
  /** The shown account's list changed (here or in another tab): the open panels re-ask their windows. */
  onChange(): void;
}

/** The favourites part of the engine: the store (the lists read it) and the contract's methods. */
export interface EngineFavourites {
  store: FavouritesStore;
  methods: FavouritesMethods;
  /** Resolves once the server sync's queued work has run (tests). */
  idle(): Promise<void>;
  close(): void;
}

/** Builds the store (anonymous, empty until `favouritesAccount`) and its server sync (nobody signed in). */
export function createEngineFavourites(o: EngineFavouritesOptions): EngineFavourites {
  const { deps } = o;
  const store = createFavouritesStore({
    store: deps.favouritesStore ?? createMemoryStore(),
    coordinator: createCoordinator({
      channel: deps.openChannel?.(FAVOURITES_CHANNEL) ?? null,
      locks: deps.locks ?? null,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      id: o.instanceId,
    }),
    now: deps.now,
    log: o.log,
    onChange: o.onChange,
  });
  /** The server call on `FAVOURITES_API.list`; null before `init` (no origin yet). */
  const call = (method: 'GET' | 'PUT', json?: unknown) => {
    const config = o.config();
    if (!config) return null;
    return deps.fetchJson(config.origin + FAVOURITES_API.list, { csrfToken: config.csrfToken, method, json });
  };
  const sync = createFavouritesSync({
    async load() {
      const res = await call('GET');
      if (!res?.ok) return null;
      const body = parseEnvelope(res.body, FavouritesBody);
      if (!body) o.log('favourites: invalid server copy; retried later');
      return body ? body.entries : null;
    },
    save: async (entries) => (await call('PUT', { entries }))?.ok === true,
    adopt: async (uid, server) => liveFavourites(await store.adopt(scopeOf(uid), server)),
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    log: o.log,
  });

  const methods: FavouritesMethods = {
    async favouritesAccount(uid, signedOut) {
      if (signedOut && !uid) {
        sync.account(null);
        await store.dropAccounts();
        return;
      }
      await store.setScope(scopeOf(uid));
      sync.account(uid);
    },
    async setFavourite(list, symbol, label, on) {
      const next = await store.set(list, symbol, label, on);
      sync.changed();
      return next;
    },
    async favourites() {
      const config = o.config();
      return store.live().map((e) => {
        const kind = e.list.split(':')[0] as MarketKind;
        const table = o.table(kind, e.list);
        const i = table ? findRow(table, e.symbol) : -1;
        const href =
          table && i >= 0 ? toMarketRow(table, i, '24h', config?.langPrefix ?? '', deps.now()).href : null;
        return { list: e.list, symbol: e.symbol, label: e.label, href };
      });
    },
    adoptFavourites: async (uid: string, server: FavouriteWire[]) =>
      liveFavourites(await store.adopt(scopeOf(uid), server)),
    async dropAccountFavourites() {
      sync.account(null);
      await store.dropAccounts();
    },
  };
  return {
    store,
    methods,
    idle: () => sync.idle(),
    close() {
      sync.stop();
      store.close();
    },
  };
}

/** True when `symbol` is starred in the futures USDT list or in `kind`'s own list (the search modal's stars). */
export function starredIn(store: FavouritesStore, kind: MarketKind, symbol: string): boolean {
  return store.has(favouriteListOf(kind), symbol);
}

/** The row index of `symbol` in `table`, or -1 (a linear scan: used for a few starred pairs at a time). */
function findRow(
  table: { n: number; symbol: { at(i: number): string | undefined } },
  symbol: string,
): number {
  for (let i = 0; i < table.n; i++) if (table.symbol.at(i) === symbol) return i;
  return -1;
}
