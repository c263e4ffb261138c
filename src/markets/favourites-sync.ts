/**
 * A signed-in trader's favourites on the reference server (SPEC §4 favourites, §8 fallbacks; docs/API.md
 * 'Favourites'). The market worker owns the list (workers/market/favourites.ts); this module tells it whose list to
 * show from the session store, and, while someone is signed in, merges the server's copy with the device's at sign-in
 * (union, saved back) and saves the list after each change. Every call's failure falls back: the local list keeps
 * working and the call is retried later (30 s, doubling up to 5 min); nothing here throws.
 */
import { subscribe } from 'valtio';
import { FAVOURITES_API } from '../../common/wire/endpoints.ts';
import { FavouritesBody, MAX_FAVOURITES, type FavouriteWire } from '../../common/wire/favourites.ts';
import { apiGet, apiPutJson } from '../api/client.ts';
import { dataOr } from '../api/parse.ts';
import { sessionState, type SessionState } from '../state/session.ts';
import type { MarketEngineApi } from '../../workers/market/contract.ts';

/** First retry after a failed call, ms; each further failure doubles it up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 300_000;
/** Changes within this time are saved in one PUT, ms. */
const SAVE_DELAY_MS = 500;

/** What the sync needs (real ones by default; tests pass fakes). */
export interface FavouritesSyncDeps {
  session: SessionState;
  /** Calls `listener` on every change of `session`; returns the unsubscribe function. */
  watch(session: SessionState, listener: () => void): () => void;
  /** The server's copy, or null when the call failed. */
  load(): Promise<FavouriteWire[] | null>;
  /** Saves `entries` on the server; false when the call failed. */
  save(entries: FavouriteWire[]): Promise<boolean>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The running sync: `changed` after a local star or unstar; `stop` ends it. */
export interface FavouritesSync {
  changed(): void;
  stop(): void;
  /** Resolves once the current account's work (scope, merge, save) has run (tests). */
  idle(): Promise<void>;
}

/** The real server calls: GET and PUT FAVOURITES_API.list, validated with the common/wire schema. */
export const serverCalls: Pick<FavouritesSyncDeps, 'load' | 'save'> = {
  async load() {
    const res = await apiGet(FAVOURITES_API.list);
    return res.ok ? dataOr(res, FavouritesBody, { entries: null }, 'favourites').entries : null;
  },
  async save(entries) {
    return (await apiPutJson(FAVOURITES_API.list, { entries })).ok;
  },
};

/** Starts the sync for `engine`. */
export function startFavouritesSync(
  engine: MarketEngineApi,
  deps: FavouritesSyncDeps = {
    session: sessionState,
    watch: (session, listener) => subscribe(session, listener),
    ...serverCalls,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): FavouritesSync {
  /** The account shown (undefined: nothing applied yet). */
  let account: string | null | undefined;
  /** The signed-in account whose server copy is merged (null: none, or not yet). */
  let merged: string | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: unknown = null;
  let work: Promise<void> = Promise.resolve();
  const queue = (fn: () => Promise<void>) =>
    (work = work.then(fn).catch((err: unknown) => console.warn('[favourites] sync failed', err)));

  const schedule = (ms: number, fn: () => void) => {
    if (timer !== null) deps.clearTimeout(timer);
    timer = deps.setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
  const retry = () => {
    const ms = retryMs;
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    schedule(ms, () => queue(sync));
  };

  /** Merge at sign-in (once per account), then save the merged or changed list. */
  async function sync(): Promise<void> {
    const uid = account;
    if (!uid) return;
    let server: FavouriteWire[] = [];
    if (merged !== uid) {
      const loaded = await deps.load();
      if (loaded === null) return retry();
      server = loaded;
    }
    const entries = await engine.adoptFavourites(uid, server);
    if (account !== uid) return;
    merged = uid;
    if (!(await deps.save(entries.slice(0, MAX_FAVOURITES)))) return retry();
    retryMs = RETRY_FIRST_MS;
  }

  function apply(): void {
    const s = deps.session;
    if (s.status === 'loading' || s.loggingOut) return;
    const uid = s.status === 'ready' && s.user ? s.user.uid || null : null;
    // A failed get_info is treated as anonymous for display, but removes no account list (SPEC §8).
    const signedOut = s.status === 'ready' && !s.user;
    if (uid === account) return;
    account = uid;
    merged = null;
    queue(async () => {
      await engine.favouritesAccount(uid, signedOut);
      await sync();
    });
  }

  const unwatch = deps.watch(deps.session, apply);
  apply();
  return {
    changed: () => {
      if (account) schedule(SAVE_DELAY_MS, () => queue(sync));
    },
    stop: () => {
      unwatch();
      if (timer !== null) deps.clearTimeout(timer);
    },
    idle: () => work,
  };
}
