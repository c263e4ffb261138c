/**
 * Sessions in Redis (ARCHITECTURE.md 'Shared state'; docs/SECURITY.md 'V7'): every instance of a deployment sees
 * the same sessions. The SessionBackend contract of server/sessions.ts, checked by the same tests as the in-memory
 * store.
 *
 * - `<prefix>sess:<id>` holds the session's JSON with a TTL equal to its remaining lifetime: the earlier of
 *   SESSION_TTL_MS after sign-in and IDLE_TTL_MS after last use. A hit refreshes `lastSeenAt` and the TTL with
 *   `SET … XX`, so a session ended meanwhile (log-out on another instance) is never written back.
 * - `<prefix>user:<userKey>` is the set of a user's session ids (for log-out-all), expiring with the longest of them.
 * - Capacity is Redis's (TTLs bound it; `maxmemory` with `volatile-ttl` is the operator's cap), not MAX_SESSIONS.
 * - An outage throws StoreUnavailableError (503 for the caller).
 */
import {
  IDLE_TTL_MS,
  newSession,
  sessionExpired,
  SESSION_TTL_MS,
  type Session,
  type SessionBackend,
} from '../sessions.ts';
import type { PersonaName } from '../personas.ts';
import type { RedisLink } from './redis-link.ts';

/** Remaining lifetime of `s` at `at`, ms (≥ 1). */
function ttlOf(s: Session, at: number): number {
  return Math.max(1, Math.min(s.createdAt + SESSION_TTL_MS, s.lastSeenAt + IDLE_TTL_MS) - at);
}

function parse(text: string | null): Session | undefined {
  if (!text) return undefined;
  try {
    const s = JSON.parse(text) as Session;
    return typeof s.id === 'string' && typeof s.pver === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The Redis session store. `now` (epoch ms) is injectable for tests. */
export class RedisSessionStore implements SessionBackend {
  constructor(
    private readonly redis: RedisLink,
    private readonly now: () => number = Date.now,
  ) {}

  private key(id: string): string {
    return `${this.redis.prefix}sess:${id}`;
  }

  private userSet(userKey: string): string {
    return `${this.redis.prefix}user:${userKey}`;
  }

  async create(persona: PersonaName, account = ''): Promise<Session> {
    const s = newSession(persona, account, this.now());
    await this.redis.run('sessions', (c) =>
      c
        .multi()
        .set(this.key(s.id), JSON.stringify(s), { expiration: { type: 'PX', value: ttlOf(s, s.createdAt) } })
        .sAdd(this.userSet(s.userKey), s.id)
        .pExpire(this.userSet(s.userKey), SESSION_TTL_MS)
        .exec(),
    );
    return s;
  }

  async get(id: string | undefined, pver: string | undefined): Promise<Session | undefined> {
    if (!id || !pver) return undefined;
    const s = parse(await this.redis.run('sessions', (c) => c.get(this.key(id))));
    if (!s || s.pver !== pver) return undefined;
    const at = this.now();
    if (sessionExpired(s, at)) {
      await this.delete(id);
      return undefined;
    }
    s.lastSeenAt = at;
    const written = await this.redis.run('sessions', (c) =>
      c.set(this.key(id), JSON.stringify(s), {
        expiration: { type: 'PX', value: ttlOf(s, at) },
        condition: 'XX',
      }),
    );
    return written === null ? undefined : s;
  }

  async delete(id: string | undefined): Promise<boolean> {
    if (!id) return false;
    return (await this.redis.run('sessions', (c) => c.del(this.key(id)))) > 0;
  }

  async deleteUser(userKey: string): Promise<number> {
    const set = this.userSet(userKey);
    const ids = await this.redis.run('sessions', (c) => c.sMembers(set));
    if (ids.length === 0) return 0;
    const [deleted] = await this.redis.run('sessions', (c) =>
      c
        .multi()
        .del(ids.map((id) => this.key(id)))
        .del(set)
        .exec(),
    );
    return Number(deleted);
  }
}
