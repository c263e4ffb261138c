/**
 * A signed-in trader's favourite pairs on the reference server (SPEC §4 favourites; docs/API.md 'Favourites'): kept
 * in memory per user (the session's `userKey`, so every device of the user sees one list), like the sessions.
 *
 * - GET /api/web/v1/usercenter/favourites → {code: 200, data: {entries}} (anonymous → 401)
 * - PUT /api/web/v1/usercenter/favourites, JSON {entries} → {code: 200, data: {count}}: replaces the stored list.
 *   A body that is not a FavouritesBody → 400 `invalid favourites`; more than MAX_FAVOURITES entries → 413
 *   `too_many_favourites`; a body over its byte limit → 413 (server/body-limits.ts). CSRF as every /api call.
 */
import { Hono, type Context } from 'hono';
import { FAVOURITES_API } from '../common/wire/endpoints.ts';
import {
  favouriteKey,
  FavouritesBody,
  MAX_FAVOURITES,
  type FavouriteWire,
} from '../common/wire/favourites.ts';
import { requestSession } from './request-context.ts';
import { MAX_SESSIONS, SESSIONS, type SessionStore } from './sessions.ts';
import { ok } from './routes/site.ts';

/** Users whose lists are kept; past it, the least recently written list goes (as sessions, a bounded store). */
export const MAX_FAVOURITE_USERS = MAX_SESSIONS;

/** The in-memory store: user key → entries. */
export class FavouritesStore {
  private readonly byUser = new Map<string, FavouriteWire[]>();

  constructor(private readonly capacity: number = MAX_FAVOURITE_USERS) {}

  /** The user's entries ([] when none). */
  get(userKey: string): FavouriteWire[] {
    return this.byUser.get(userKey) ?? [];
  }

  /** Replaces the user's entries (the least recently written user goes beyond capacity). */
  set(userKey: string, entries: FavouriteWire[]): void {
    this.byUser.delete(userKey);
    this.byUser.set(userKey, entries);
    while (this.byUser.size > this.capacity) {
      const oldest = this.byUser.keys().next().value;
      if (oldest === undefined) break;
      this.byUser.delete(oldest);
    }
  }
}

/** The process-wide store the routes use by default. */
export const FAVOURITES = new FavouritesStore();

/** Returns the favourites sub-app over `sessions` and `store` (defaults: the process's). */
export function favouritesRoutes(
  sessions: SessionStore = SESSIONS,
  store: FavouritesStore = FAVOURITES,
): Hono {
  const app = new Hono();
  const unauthorised = (c: Context) => c.json({ code: 401, message: 'login required' }, 401);

  app.get(FAVOURITES_API.list, (c) => {
    const s = requestSession(c, sessions);
    return s ? ok(c, { entries: store.get(s.session.userKey) }) : unauthorised(c);
  });

  app.put(FAVOURITES_API.list, async (c) => {
    const s = requestSession(c, sessions);
    if (!s) return unauthorised(c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ code: 400, message: 'invalid favourites: not JSON' }, 400);
    }
    const parsed = FavouritesBody.safeParse(body);
    if (!parsed.success) return c.json({ code: 400, message: 'invalid favourites' }, 400);
    const { entries } = parsed.data;
    if (entries.length > MAX_FAVOURITES)
      return c.json({ code: 413, message: `too_many_favourites: at most ${MAX_FAVOURITES} entries` }, 413);
    // One entry per pair (the latest), latest first.
    const byKey = new Map<string, FavouriteWire>();
    for (const e of entries) {
      const key = favouriteKey(e.list, e.symbol);
      const had = byKey.get(key);
      if (!had || e.at > had.at) byKey.set(key, e);
    }
    const kept = [...byKey.values()].sort((a, b) => b.at - a.at);
    store.set(s.session.userKey, kept);
    return ok(c, { count: kept.length });
  });

  return app;
}
