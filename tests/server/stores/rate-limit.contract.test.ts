// The rate-limit counter contract, through hono-rate-limiter's own Store interface: its MemoryStore (this process)
// and its RedisStore over node-redis (server/stores/rate-limit-store.ts, a real redis-server). Then the sign-in limit
// of two app instances sharing one Redis counts both instances' attempts; with Redis gone the sign-in is a 503 with
// Retry-After, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore, type Store } from 'hono-rate-limiter';
import { createApp } from '../../../server/app.ts';
import { SessionStore } from '../../../server/sessions.ts';
import { createMetrics } from '../../../server/metrics.ts';
import { localStores, redisStores, watchStores } from '../../../server/stores/index.ts';
import { redisRateLimitStore } from '../../../server/stores/rate-limit-store.ts';
import type { RedisLink } from '../../../server/stores/redis-link.ts';
import { Client } from '../helpers.ts';
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

const WINDOW_MS = 400;
const init = (store: Store) => {
  store.init?.({ windowMs: WINDOW_MS } as never);
  return store;
};

const IMPLEMENTATIONS: [string, () => Promise<Store>][] = [
  ['memory', async () => init(new MemoryStore())],
  ['redis', async () => init(redisRateLimitStore(await link(), 'contract'))],
];

describe.each(IMPLEMENTATIONS)('rate-limit store contract: %s', (_name, make) => {
  it('counts hits per key within the window, with a reset time in the future', async () => {
    const store = await make();
    const t0 = Date.now();
    expect((await store.increment('a')).totalHits).toBe(1);
    const second = await store.increment('a');
    expect(second.totalHits).toBe(2);
    expect(second.resetTime!.getTime()).toBeGreaterThan(t0);
    expect((await store.increment('b')).totalHits).toBe(1);
  });

  it('decrement takes one hit back; resetKey forgets the key; a new window starts from one', async () => {
    const store = await make();
    await store.increment('k');
    await store.increment('k');
    await store.decrement('k');
    expect((await store.increment('k')).totalHits).toBe(2);
    await store.resetKey('k');
    expect((await store.increment('k')).totalHits).toBe(1);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 150));
    expect((await store.increment('k')).totalHits).toBe(1);
  });
});

describe('the sign-in limit across instances', () => {
  it('two apps on one Redis count attempts together: limit 3, two on A and one on B, the fourth (on B) is 429', async () => {
    const prefix = 'limit:';
    const a = createApp({ loginLimit: 3, stores: await redisStores(await link(prefix)) });
    const b = createApp({ loginLimit: 3, stores: await redisStores(await link(prefix)) });
    const statuses: number[] = [];
    for (const app of [a, a, b, b]) statuses.push((await new Client(app).login('vip')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Without Redis each process counts its own (the limit multiplies by the instances).
    const c = createApp({ loginLimit: 3, stores: localStores(':memory:', new SessionStore()) });
    expect((await new Client(c).login('vip')).status).toBe(200);
  });

  it('Redis lost: sign-in answers 503 with Retry-After and JSON; favourites too; anonymous site data still 200', async () => {
    const own = await startRedis();
    const l = await linkTo(own);
    try {
      const stores = await redisStores(l);
      const metrics = createMetrics();
      watchStores(stores, metrics);
      const storeUp = async () => (await metrics.registry.getSingleMetric('masthead_store_up')!.get()).values;
      expect((await storeUp()).map((v) => v.value)).toEqual([1, 1, 1, 1]);
      const app = createApp({ loginLimit: 100, stores, metrics });
      const signedIn = new Client(app);
      expect((await signedIn.login('vip')).status).toBe(200);
      own.stop();
      await until(() => !l.up);
      expect((await storeUp()).map((v) => `${v.labels.store}=${v.value}`)).toEqual([
        'sessions=0',
        'favourites=0',
        'ratelimit=0',
        'live=0',
      ]);
      const res = await new Client(app).request('/api/web/v1/usercenter/demo_login', {
        method: 'POST',
        form: { persona: 'vip' },
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ code: 503 });
      const fav = await signedIn.json('/api/web/v1/usercenter/favourites');
      expect(fav.status).toBe(503);
      expect((await new Client(app).json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(false);
      expect((await signedIn.json('/apiw/v2/market/spots?exchange_type=ALL')).status).toBe(200);
      expect((await signedIn.json('/api/web/v1/site/common_data')).status).toBe(200);
    } finally {
      await l.close();
      own.remove();
    }
  });
});
