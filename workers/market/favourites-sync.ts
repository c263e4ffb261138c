/**
 * A signed-in trader's favourites on the reference server, synced by the engine itself (SPEC §4 favourites, §8
 * fallbacks; docs/API.md 'Favourites'): at sign-in the server's copy is merged with the device's (union, the store's
 * `adopt`) and the result saved back; after each star or unstar the list is saved (changes within SAVE_DELAY_MS in one
 * PUT). The calls go from the engine's realm straight to the server (same origin, credentials, the CSRF header),
 * not through the page. Every failure falls back: the local list keeps working and the call is retried later
 * (RETRY_FIRST_MS, doubling up to RETRY_MAX_MS); nothing here throws. Logout (`account(null)`) cancels what is
 * pending, so nothing of the account is sent after it.
 */
import { MAX_FAVOURITES, type FavouriteWire } from '../../common/wire/favourites.ts';

/** First retry after a failed call, ms; each further failure doubles it up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
/** Longest retry delay, ms. */
export const RETRY_MAX_MS = 300_000;
/** Changes within this time are saved in one PUT, ms. */
export const SAVE_DELAY_MS = 500;

/** What the sync needs: the server calls, the store's merge, timers and a log. */
export interface FavouritesSyncOptions {
  /** The server's copy of the signed-in account's list, or null when the call failed. */
  load(): Promise<FavouriteWire[] | null>;
  /** Saves `entries` on the server; false when the call failed. */
  save(entries: FavouriteWire[]): Promise<boolean>;
  /** Merges `server` into account `uid`'s list on this device (union) and shows it; resolves with the merged list. */
  adopt(uid: string, server: FavouriteWire[]): Promise<FavouriteWire[]>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  log(message: string, detail?: unknown): void;
}

/** The running sync. */
export interface FavouritesSync {
  /** The signed-in account (null: nobody; pending work of the previous one is dropped). Starts its merge. */
  account(uid: string | null): void;
  /** A local star or unstar of the shown account: saved after SAVE_DELAY_MS (nothing while signed out). */
  changed(): void;
  /** Resolves once the queued work (merge, save) has run (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/** Starts the sync with nobody signed in. */
export function createFavouritesSync(o: FavouritesSyncOptions): FavouritesSync {
  /** The signed-in account (null: none). */
  let uid: string | null = null;
  /** The account whose server copy is merged (null: none, or not yet). */
  let merged: string | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: unknown = null;
  let work: Promise<void> = Promise.resolve();
  const queue = (fn: () => Promise<void>) =>
    (work = work.then(fn).catch((err: unknown) => o.log('favourites: sync failed', err)));

  const schedule = (ms: number, fn: () => void) => {
    if (timer !== null) o.clearTimeout(timer);
    timer = o.setTimeout(() => {
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
    const account = uid;
    if (!account) return;
    let server: FavouriteWire[] = [];
    if (merged !== account) {
      const loaded = await o.load();
      if (uid !== account) return;
      if (loaded === null) return retry();
      server = loaded;
    }
    const entries = await o.adopt(account, server);
    if (uid !== account) return;
    merged = account;
    if (!(await o.save(entries.slice(0, MAX_FAVOURITES)))) return uid === account ? retry() : undefined;
    retryMs = RETRY_FIRST_MS;
  }

  const cancel = () => {
    if (timer !== null) o.clearTimeout(timer);
    timer = null;
  };

  return {
    account(next) {
      if (next === uid) return;
      cancel();
      uid = next;
      merged = null;
      retryMs = RETRY_FIRST_MS;
      if (next) queue(sync);
    },
    changed() {
      if (uid) schedule(SAVE_DELAY_MS, () => queue(sync));
    },
    idle: () => work,
    stop() {
      cancel();
      uid = null;
    },
  };
}
