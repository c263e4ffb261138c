/**
 * In-memory session store of the reference server (ARCHITECTURE.md 'Sessions and demo personas'; docs/SECURITY.md 'V7'). A
 * session is keyed by a random id (the HttpOnly `sign` cookie) and carries a second random value (`pver`, readable by
 * the page as a login hint) that must match too. Only a sign-in creates an entry; anonymous visitors never do.
 *
 * Bounded to MAX_SESSIONS without letting a flood of sign-ins push real users out: the store is a segmented LRU.
 * A new session waits in `probation` until it is used once after sign-in (the page's first `get_info`); it then moves
 * to `active`, kept in least-recently-used order. When full, the oldest probation session (never the one being
 * created) goes first; only when no other is on probation is the least recently used active session evicted. Sessions end after IDLE_TTL_MS without use
 * or SESSION_TTL_MS after sign-in, whichever comes first.
 */
import { randomBytes } from 'node:crypto';
import type { PersonaName } from './personas.ts';

/** Absolute session lifetime, ms (7 days). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Idle time-out, ms (12 hours without a request ends the session). */
export const IDLE_TTL_MS = 12 * 3600 * 1000;
/** Store capacity; past it, probation sessions are evicted first, then the least recently used active one. */
export const MAX_SESSIONS = 10_000;

/** One signed-in device. `userKey` groups a user's devices for log-out-all. Times are epoch ms. */
export interface Session {
  id: string;
  pver: string;
  persona: PersonaName;
  userKey: string;
  createdAt: number;
  lastSeenAt: number;
}

/** A value or a promise of it: the in-memory store answers at once, the Redis one (server/stores/redis-sessions.ts) later. */
export type Awaitable<T> = T | Promise<T>;

/**
 * What every session store does (the contract tests/server/stores/sessions.contract.test.ts checks against each):
 * create, look up (a hit counts as use), end one, end all of a user. Implementations: SessionStore (this process) and
 * RedisSessionStore (shared by every instance). A store that cannot answer throws StoreUnavailableError.
 */
export interface SessionBackend {
  /** Starts a session for `persona`; `account` (optional) makes a distinct user of the same persona. */
  create(persona: PersonaName, account?: string): Awaitable<Session>;
  /** The live session for the cookie pair, or undefined (unknown, pver mismatch, idle or expired). */
  get(id: string | undefined, pver: string | undefined): Awaitable<Session | undefined>;
  /** Ends one session; true when it existed. */
  delete(id: string | undefined): Awaitable<boolean>;
  /** Ends every session of `userKey`; returns how many. */
  deleteUser(userKey: string): Awaitable<number>;
}

/** A new session record for `persona` and `account` at `at` (epoch ms), with fresh random id and pver. */
export function newSession(persona: PersonaName, account: string, at: number): Session {
  return {
    id: randomBytes(24).toString('base64url'),
    pver: randomBytes(9).toString('base64url'),
    persona,
    userKey: `${persona}:${account}`,
    createdAt: at,
    lastSeenAt: at,
  };
}

/** True when `s` has outlived SESSION_TTL_MS or idled past IDLE_TTL_MS at `at` (epoch ms). */
export function sessionExpired(s: Session, at: number): boolean {
  return at - s.createdAt > SESSION_TTL_MS || at - s.lastSeenAt > IDLE_TTL_MS;
}

/** The store of this process. `now` (epoch ms) and `capacity` are injectable for tests. */
export class SessionStore implements SessionBackend {
  /** Signed in, not used since: oldest first. */
  private readonly probation = new Map<string, Session>();
  /** Used at least once after sign-in: least recently used first (a hit re-inserts at the end). */
  private readonly active = new Map<string, Session>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity: number = MAX_SESSIONS,
  ) {}

  /** Starts a session for `persona`; `account` (optional) makes a distinct user of the same persona. */
  create(persona: PersonaName, account = ''): Session {
    const session = newSession(persona, account, this.now());
    this.probation.set(session.id, session);
    while (this.size > this.capacity) this.evictOne(session.id);
    return session;
  }

  /**
   * The live session for the cookie pair, or undefined (unknown id, pver mismatch, idle or expired — an expired
   * session is removed). A hit counts as use: it refreshes `lastSeenAt` and moves the session to the active end.
   */
  get(id: string | undefined, pver: string | undefined): Session | undefined {
    if (!id || !pver) return undefined;
    const s = this.probation.get(id) ?? this.active.get(id);
    if (!s || s.pver !== pver) return undefined;
    const at = this.now();
    if (sessionExpired(s, at)) {
      this.delete(id);
      return undefined;
    }
    s.lastSeenAt = at;
    this.probation.delete(id);
    this.active.delete(id);
    this.active.set(id, s);
    return s;
  }

  /** Ends one session; true when it existed. */
  delete(id: string | undefined): boolean {
    if (!id) return false;
    const inProbation = this.probation.delete(id);
    return this.active.delete(id) || inProbation;
  }

  /** Ends every session of `userKey`; returns how many. */
  deleteUser(userKey: string): number {
    let n = 0;
    for (const map of [this.probation, this.active]) {
      for (const [id, s] of map) {
        if (s.userKey === userKey) {
          map.delete(id);
          n++;
        }
      }
    }
    return n;
  }

  /** Number of sessions held (probation + active). */
  get size(): number {
    return this.probation.size + this.active.size;
  }

  /** Number of sessions used at least once after sign-in. */
  get activeSize(): number {
    return this.active.size;
  }

  /** Evicts the oldest probation session other than `keep` (the one just created), else the LRU active one. */
  private evictOne(keep: string): void {
    let victim: string | undefined;
    for (const id of this.probation.keys()) {
      if (id !== keep) {
        victim = id;
        break;
      }
    }
    victim ??= this.active.keys().next().value ?? keep;
    this.delete(victim);
  }
}

/** The process-wide store the routes use by default (server/stores/index.ts swaps in Redis when configured). */
export const SESSIONS = new SessionStore();
