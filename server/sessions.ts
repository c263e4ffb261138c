/**
 * In-memory session store of the reference server (DESIGN 'Sessions are real cookies'). A session is keyed by a
 * random id (the HttpOnly `sign` cookie) and carries a second random value (`pver`, readable by the page as a login
 * hint) that must match too. Bounded: at most MAX_SESSIONS, each for SESSION_TTL_MS.
 */
import { randomBytes } from 'node:crypto';
import type { PersonaName } from './personas.ts';

/** Session lifetime, ms (7 days). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Oldest sessions are evicted past this count. */
export const MAX_SESSIONS = 10_000;

/** One signed-in device. `userKey` groups a user's devices for log-out-all. */
export interface Session {
  id: string;
  pver: string;
  persona: PersonaName;
  userKey: string;
  createdAt: number;
}

/** The store. `now` is injectable for tests. */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts a session for `persona`; `account` (optional) makes a distinct user of the same persona. */
  create(persona: PersonaName, account = ''): Session {
    const session: Session = {
      id: randomBytes(24).toString('base64url'),
      pver: randomBytes(9).toString('base64url'),
      persona,
      userKey: `${persona}:${account}`,
      createdAt: this.now(),
    };
    this.sessions.set(session.id, session);
    while (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    return session;
  }

  /** The live session for the cookie pair, or undefined (unknown id, pver mismatch or expired). */
  get(id: string | undefined, pver: string | undefined): Session | undefined {
    if (!id || !pver) return undefined;
    const s = this.sessions.get(id);
    if (!s || s.pver !== pver) return undefined;
    if (this.now() - s.createdAt > SESSION_TTL_MS) {
      this.sessions.delete(id);
      return undefined;
    }
    return s;
  }

  /** Ends one session; true when it existed. */
  delete(id: string | undefined): boolean {
    return id ? this.sessions.delete(id) : false;
  }

  /** Ends every session of `userKey`; returns how many. */
  deleteUser(userKey: string): number {
    let n = 0;
    for (const [id, s] of this.sessions) {
      if (s.userKey === userKey) {
        this.sessions.delete(id);
        n++;
      }
    }
    return n;
  }

  /** Number of live (not yet evicted) sessions. */
  get size(): number {
    return this.sessions.size;
  }
}

/** The process-wide store the routes use by default. */
export const SESSIONS = new SessionStore();
