// The session store contract (server/sessions.ts SessionBackend), run against the in-memory store and the Redis one
// (a real redis-server): sign-in, lookup, pver check, idle and absolute expiry, log-out, log-out-all. Then what only
// Redis promises: two instances share sessions, the key's TTL is the session's remaining lifetime, an outage is a
// StoreUnavailableError and the store answers again when Redis is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_TTL_MS, SESSION_TTL_MS, SessionStore, type SessionBackend } from '../../../server/sessions.ts';
import { RedisSessionStore } from '../../../server/stores/redis-sessions.ts';
import { StoreUnavailableError } from '../../../server/stores/errors.ts';
import type { RedisLink } from '../../../server/stores/redis-link.ts';
import { linkTo, startRedis, until, type TestRedis } from '../../../scripts/redis-process.ts';

let redis: TestRedis;
const links: RedisLink[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  redis.remove();
});
const link = async (prefix?: string) => {
  const l = await linkTo(redis, prefix);
  links.push(l);
  return l;
};

type Make = (now: () => number) => Promise<SessionBackend>;
const IMPLEMENTATIONS: [string, Make][] = [
  ['memory', async (now) => new SessionStore(now)],
  ['redis', async (now) => new RedisSessionStore(await link(), now)],
];

describe.each(IMPLEMENTATIONS)('session store contract: %s', (_name, make) => {
  it('finds a session by id and pver only, and counts a hit as use', async () => {
    let now = 1_000_000;
    const store = await make(() => now);
    const s = await store.create('vip', 'acct');
    expect(s.userKey).toBe('vip:acct');
    now += 1000;
    const hit = await store.get(s.id, s.pver);
    expect(hit).toMatchObject({ id: s.id, persona: 'vip', userKey: 'vip:acct', lastSeenAt: now });
    expect(await store.get(s.id, 'wrong')).toBeUndefined();
    expect(await store.get('unknown', s.pver)).toBeUndefined();
    expect(await store.get(undefined, s.pver)).toBeUndefined();
    expect(await store.get(s.id, undefined)).toBeUndefined();
  });

  it('ends a session idle for IDLE_TTL_MS, and one older than SESSION_TTL_MS however used', async () => {
    let now = 5_000_000;
    const store = await make(() => now);
    const idle = await store.create('unverified');
    now += IDLE_TTL_MS + 1;
    expect(await store.get(idle.id, idle.pver)).toBeUndefined();
    const busy = await store.create('unverified');
    for (let t = 0; t < SESSION_TTL_MS; t += IDLE_TTL_MS / 2) {
      now += IDLE_TTL_MS / 2;
      if (now - busy.createdAt <= SESSION_TTL_MS) expect(await store.get(busy.id, busy.pver)).toBeDefined();
    }
    now = busy.createdAt + SESSION_TTL_MS + 1;
    expect(await store.get(busy.id, busy.pver)).toBeUndefined();
  });

  it('log-out ends one device; log-out-all ends every device of that user only', async () => {
    const store = await make(Date.now);
    const a1 = await store.create('vip', 'all');
    const a2 = await store.create('vip', 'all');
    const other = await store.create('vip', 'someone');
    expect(await store.delete(a1.id)).toBe(true);
    expect(await store.delete(a1.id)).toBe(false);
    expect(await store.delete(undefined)).toBe(false);
    expect(await store.get(a1.id, a1.pver)).toBeUndefined();
    const a3 = await store.create('vip', 'all');
    expect(await store.deleteUser('vip:all')).toBe(2);
    for (const s of [a2, a3]) expect(await store.get(s.id, s.pver)).toBeUndefined();
    expect(await store.get(other.id, other.pver)).toBeDefined();
    expect(await store.deleteUser('vip:nobody')).toBe(0);
  });
});

describe('Redis sessions: shared, expiring, and an outage is a 503', () => {
  it('a session made through one instance is signed in on another; log-out on one ends it on both', async () => {
    const prefix = 'shared:';
    const a = new RedisSessionStore(await link(prefix));
    const b = new RedisSessionStore(await link(prefix));
    const s = await a.create('vip', 'two-instances');
    expect(await b.get(s.id, s.pver)).toMatchObject({ persona: 'vip', userKey: 'vip:two-instances' });
    await b.delete(s.id);
    expect(await a.get(s.id, s.pver)).toBeUndefined();
  });

  it('keeps each session under a TTL equal to its remaining lifetime, refreshed by use', async () => {
    const l = await link();
    let now = Date.now();
    const store = new RedisSessionStore(l, () => now);
    const s = await store.create('vip');
    const ttl = await l.client.pTTL(`${l.prefix}sess:${s.id}`);
    expect(ttl).toBeGreaterThan(IDLE_TTL_MS - 5000);
    expect(ttl).toBeLessThanOrEqual(IDLE_TTL_MS);
    // Near the absolute end, the TTL is what is left of SESSION_TTL_MS, not a fresh idle period.
    now = s.createdAt + SESSION_TTL_MS - 60_000;
    await l.client.set(`${l.prefix}sess:${s.id}`, JSON.stringify({ ...s, lastSeenAt: now - 1000 }));
    expect(await store.get(s.id, s.pver)).toBeDefined();
    const late = await l.client.pTTL(`${l.prefix}sess:${s.id}`);
    expect(late).toBeGreaterThan(50_000);
    expect(late).toBeLessThanOrEqual(60_000);
  });

  it('Redis lost: a signed-in lookup throws StoreUnavailableError; back: the session answers again', async () => {
    const own = await startRedis();
    const l = await linkTo(own);
    try {
      const store = new RedisSessionStore(l);
      const s = await store.create('vip');
      own.stop(true);
      await until(() => !l.up);
      await expect(store.get(s.id, s.pver)).rejects.toBeInstanceOf(StoreUnavailableError);
      // Anonymous lookups never reach the store.
      expect(await store.get(undefined, undefined)).toBeUndefined();
      await own.restart();
      await until(() => l.up, 10_000);
      expect(await store.get(s.id, s.pver)).toBeDefined();
    } finally {
      await l.close();
      own.remove();
    }
  });
});
