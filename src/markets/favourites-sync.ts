/**
 * Whose favourites the engine shows (SPEC §4 favourites, §8): the page's session store decides, and this module
 * tells the engine (`favouritesAccount`) at every change of the signed-in account. The engine does the rest in its
 * own realm (workers/market/favourites-engine.ts): the sign-in merge with the server's copy, the saves after each
 * star, the retries, and the clean-up at logout. Nothing here calls the server or throws.
 */
import { subscribe } from 'valtio';
import { sessionState, type SessionState } from '../state/session.ts';
import type { MarketEngineApi } from '../../workers/market/contract.ts';

/** What the sync needs (real ones by default; tests pass fakes). */
export interface FavouritesSyncDeps {
  session: SessionState;
  /** Calls `listener` on every change of `session`; returns the unsubscribe function. */
  watch(session: SessionState, listener: () => void): () => void;
}

/** The running sync: `stop` ends it; `idle` resolves once the engine heard the current account (tests). */
export interface FavouritesSync {
  stop(): void;
  idle(): Promise<void>;
}

/**
 * Starts telling `engine` the shown account: a user id while signed in, null otherwise. `signedOut` (the session
 * answered: nobody signed in) lets the engine remove account lists a logout elsewhere left behind; a failed get_info
 * is anonymous for display but removes nothing (SPEC §8). A failed call is logged.
 */
export function startFavouritesSync(
  engine: Pick<MarketEngineApi, 'favouritesAccount'>,
  deps: FavouritesSyncDeps = {
    session: sessionState,
    watch: (session, listener) => subscribe(session, listener),
  },
): FavouritesSync {
  /** The account shown (undefined: nothing applied yet). */
  let account: string | null | undefined;
  let work: Promise<void> = Promise.resolve();

  function apply(): void {
    const s = deps.session;
    if (s.status === 'loading' || s.loggingOut) return;
    const uid = s.status === 'ready' && s.user ? s.user.uid || null : null;
    const signedOut = s.status === 'ready' && !s.user;
    if (uid === account) return;
    account = uid;
    work = work
      .then(() => engine.favouritesAccount(uid, signedOut))
      .catch((err: unknown) => console.warn('[favourites] account not applied', err));
  }

  const unwatch = deps.watch(deps.session, apply);
  apply();
  return { stop: unwatch, idle: () => work };
}
