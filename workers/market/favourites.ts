/**
 * The favourites store of the market engine (ARCHITECTURE.md 'Favourites'; SPEC §4 market lists): the pairs a trader
 * starred, per account scope (`anon`, or `u:<uid>` while signed in), kept in memory and persisted in IndexedDB under
 * keys that do not depend on the language (`favourites:<scope>`). Every write is a read-merge-write under the
 * cross-tab lock `masthead-favourites` (io/share.ts coordinator), merged per entry by its op time with tombstones
 * (common/wire/favourites.ts `mergeFavourites`), so two tabs writing at once lose nothing; the writer then announces
 * the scope on the favourites channel and the other tabs re-read it (well within 1 s). A store failure is logged and
 * the list keeps working from memory (SPEC §8).
 */
import {
  favouriteKey,
  mergeFavourites,
  type FavouriteEntry,
  type FavouriteList,
  type FavouriteWire,
} from '../../common/wire/favourites.ts';
import type { CacheStore } from './deps.ts';
import type { Coordinator } from './io/share.ts';

/** The anonymous scope (kept across sign-ins and logouts). */
export const ANON_SCOPE = 'anon';
/** The key of the list of account scopes stored on this device (so a logout can remove them all). */
export const ACCOUNTS_KEY = 'favourites:accounts';
/** BroadcastChannel of the favourites (io/share.ts messages). */
export const FAVOURITES_CHANNEL = 'masthead-favourites';
const LOCK = 'masthead-favourites';

/** The IndexedDB key of a scope's entries. Pure. */
export function scopeKey(scope: string): string {
  return `favourites:${scope}`;
}

/** The scope of a user id (`u:<uid>`), or ANON_SCOPE for none. Pure. */
export function scopeOf(uid: string | null): string {
  return uid ? `u:${uid}` : ANON_SCOPE;
}

/** What the store needs: the key-value store, the coordinator, a clock, a log and the change hook. */
export interface FavouritesOptions {
  store: CacheStore;
  coordinator: Coordinator;
  now(): number;
  log(message: string, detail?: unknown): void;
  /** The shown scope's entries changed (here or in another tab). */
  onChange(): void;
}

/** The favourites of the shown scope and the operations on them. */
export interface FavouritesStore {
  /** The scope whose entries are shown. */
  readonly scope: string;
  /** Shows `scope` (read from IndexedDB). */
  setScope(scope: string): Promise<void>;
  /** True when `symbol` is starred in `list`. */
  has(list: FavouriteList, symbol: string): boolean;
  /** The starred symbols of `list`, latest first. */
  symbols(list: FavouriteList): string[];
  /** The starred entries of the shown scope, latest first. */
  live(): FavouriteEntry[];
  /** The entry of a starred pair (its label when starred), or undefined. */
  entry(list: FavouriteList, symbol: string): FavouriteEntry | undefined;
  /** Stars (`on`) or unstars a pair in the shown scope; resolves with the new state once stored. */
  set(list: FavouriteList, symbol: string, label: string, on: boolean): Promise<boolean>;
  /**
   * Sign-in (SPEC §4): the account `scope` becomes the union of the server's copy, the device's copy of that account
   * and the anonymous list, is stored and shown; resolves with its starred entries (to save back to the server).
   */
  adopt(scope: string, server: readonly FavouriteWire[]): Promise<FavouriteEntry[]>;
  /** Logout: every account scope leaves the device (IndexedDB entries deleted, other tabs told); shows `anon`. */
  dropAccounts(): Promise<void>;
  close(): void;
}

type Message = { t: 'changed'; scope: string } | { t: 'dropped' };

/** Builds the store; call `setScope` before use (starts on the anonymous scope, empty). */
export function createFavouritesStore(o: FavouritesOptions): FavouritesStore {
  let scope = ANON_SCOPE;
  let entries: FavouriteEntry[] = [];
  let index = new Map<string, FavouriteEntry>();

  const show = (next: FavouriteEntry[]) => {
    entries = next;
    index = new Map(next.filter((e) => e.on).map((e) => [favouriteKey(e.list, e.symbol), e]));
    o.onChange();
  };

  const read = async (s: string): Promise<FavouriteEntry[]> => {
    try {
      const value = await o.store.get(scopeKey(s));
      return Array.isArray(value) ? (value.filter(isEntry) as FavouriteEntry[]) : [];
    } catch (err) {
      o.log('favourites: read failed', err);
      return [];
    }
  };
  const write = async (s: string, value: FavouriteEntry[]) => {
    try {
      await o.store.set(scopeKey(s), value);
      if (s !== ANON_SCOPE) {
        const accounts = await o.store.get(ACCOUNTS_KEY);
        const list = Array.isArray(accounts)
          ? accounts.filter((a): a is string => typeof a === 'string')
          : [];
        if (!list.includes(s)) await o.store.set(ACCOUNTS_KEY, [...list, s]);
      }
    } catch (err) {
      o.log('favourites: write failed', err);
    }
  };
  /** Read-merge-write of scope `s` under the cross-tab lock; returns the merged entries. */
  const update = (s: string, add: readonly FavouriteEntry[]) =>
    o.coordinator.exclusive(LOCK, async () => {
      const merged = mergeFavourites(await read(s), s === scope ? entries : [], add);
      await write(s, merged);
      return merged;
    });

  o.coordinator.onMessage((m) => {
    const message = m as Message;
    if (message?.t === 'changed' && message.scope === scope)
      void read(scope).then((stored) => show(mergeFavourites(entries, stored)));
    else if (message?.t === 'dropped' && scope !== ANON_SCOPE) {
      scope = ANON_SCOPE;
      void read(ANON_SCOPE).then((stored) => scope === ANON_SCOPE && show(stored));
    }
  });

  return {
    get scope() {
      return scope;
    },
    async setScope(next) {
      const same = next === scope;
      scope = next;
      const stored = await read(next);
      // A read of the scope already shown is merged with what changed in memory meanwhile (a star in flight).
      if (scope === next) show(same ? mergeFavourites(entries, stored) : stored);
    },
    has: (list, symbol) => index.has(favouriteKey(list, symbol)),
    symbols: (list) => entries.filter((e) => e.on && e.list === list).map((e) => e.symbol),
    live: () => entries.filter((e) => e.on),
    entry: (list, symbol) => index.get(favouriteKey(list, symbol)),
    async set(list, symbol, label, on) {
      const s = scope;
      const op: FavouriteEntry = { list, symbol, label: label.slice(0, 64), at: o.now(), on };
      // Shown at once; stored (merged with other tabs' writes) after.
      show(mergeFavourites(entries, [op]));
      const merged = await update(s, [op]);
      if (scope === s) show(merged);
      o.coordinator.post({ t: 'changed', scope: s } satisfies Message);
      return on;
    },
    async adopt(account, server) {
      const anon = account === ANON_SCOPE ? [] : await read(ANON_SCOPE);
      const fromServer = server.map((e) => ({ ...e, on: true }));
      scope = account;
      const merged = await update(
        account,
        mergeFavourites(
          anon.filter((e) => e.on),
          fromServer,
        ),
      );
      if (scope === account) show(merged);
      o.coordinator.post({ t: 'changed', scope: account } satisfies Message);
      return merged.filter((e) => e.on);
    },
    async dropAccounts() {
      await o.coordinator.exclusive(LOCK, async () => {
        try {
          const accounts = await o.store.get(ACCOUNTS_KEY);
          const list = Array.isArray(accounts)
            ? accounts.filter((a): a is string => typeof a === 'string')
            : [];
          if (scope !== ANON_SCOPE && !list.includes(scope)) list.push(scope);
          for (const s of list) await o.store.del(scopeKey(s));
          await o.store.del(ACCOUNTS_KEY);
        } catch (err) {
          o.log('favourites: logout clean-up failed', err);
        }
      });
      const wasAnon = scope === ANON_SCOPE;
      scope = ANON_SCOPE;
      const stored = await read(ANON_SCOPE);
      if (scope === ANON_SCOPE) show(wasAnon ? mergeFavourites(entries, stored) : stored);
      o.coordinator.post({ t: 'dropped' } satisfies Message);
    },
    close: () => o.coordinator.close(),
  };
}

/** True for a stored entry of the right shape (an entry written by an older version, or damaged, is skipped). */
function isEntry(v: unknown): boolean {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.list === 'string' &&
    typeof e.symbol === 'string' &&
    typeof e.label === 'string' &&
    typeof e.at === 'number' &&
    typeof e.on === 'boolean'
  );
}
