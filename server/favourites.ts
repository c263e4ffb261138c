/**
 * A signed-in trader's favourite pairs on the reference server (SPEC §4 favourites; docs/API.md 'Favourites'): one
 * list per user (the session's `userKey`, so every device of the user sees one list) in a durable store
 * (server/stores/favourites-store.ts: SQLite under DATA_DIR, or Redis), never evicted.
 *
 * - GET /api/web/v1/usercenter/favourites → {code: 200, data: {entries}} (anonymous → 401)
 * - PUT /api/web/v1/usercenter/favourites, JSON {entries} → {code: 200, data: {count}}: replaces the stored list.
 *   A body that is not a FavouritesBody → 400 `invalid favourites`; more than MAX_FAVOURITES entries → 413
 *   `too_many_favourites`; a list whose JSON exceeds MAX_FAVOURITES_BYTES → 413 `favourites_too_large`; a body over its
 *   byte limit → 413 (server/body-limits.ts). CSRF as every /api call. A store that cannot answer → 503 + Retry-After.
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
import { SESSIONS, type SessionBackend } from './sessions.ts';
import { ok } from './routes/site.ts';
import type { FavouritesBackend } from './stores/favourites-store.ts';

/**
 * Most bytes one user's stored list may take (its JSON), so the store is bounded in bytes per user and not only in
 * entries: 500 entries of typical size (~70 bytes) fit with room; 500 entries of the longest symbols and labels do
 * not, and are refused with 413 `favourites_too_large`.
 */
export const MAX_FAVOURITES_BYTES = 64 * 1024;

/** Returns the favourites sub-app over `store` and `sessions` (default: the process's session store). */
export function favouritesRoutes(store: FavouritesBackend, sessions: SessionBackend = SESSIONS): Hono {
  const app = new Hono();
  const unauthorised = (c: Context) => c.json({ code: 401, message: 'login required' }, 401);

  app.get(FAVOURITES_API.list, async (c) => {
    const s = await requestSession(c, sessions);
    return s ? ok(c, { entries: await store.get(s.session.userKey) }) : unauthorised(c);
  });

  app.put(FAVOURITES_API.list, async (c) => {
    const s = await requestSession(c, sessions);
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
    if (Buffer.byteLength(JSON.stringify(kept)) > MAX_FAVOURITES_BYTES)
      return c.json(
        { code: 413, message: `favourites_too_large: at most ${MAX_FAVOURITES_BYTES} bytes` },
        413,
      );
    await store.set(s.session.userKey, kept);
    return ok(c, { count: kept.length });
  });

  return app;
}
