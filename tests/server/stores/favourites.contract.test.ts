// The favourites store contract (server/stores/favourites-store.ts), run against SQLite (the default, on disk) and
// Redis (a real redis-server): empty for a new user, a list replaced whole, users apart, no eviction however many
// users write, and the lists survive a restart (the SQLite file reopened; Redis with AOF restarted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouriteWire } from '../../../common/wire/favourites.ts';
import { MAX_SESSIONS } from '../../../server/sessions.ts';
import {
  RedisFavourites,
  SqliteFavourites,
  type FavouritesBackend,
} from '../../../server/stores/favourites-store.ts';
import type { RedisLink } from '../../../server/stores/redis-link.ts';
import { linkTo, startRedis, type TestRedis } from '../../../scripts/redis-process.ts';

let redis: TestRedis;
let dir: string;
const links: RedisLink[] = [];
beforeAll(async () => {
  redis = await startRedis({ appendonly: true });
  dir = mkdtempSync(join(tmpdir(), 'mh-fav-'));
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  redis.remove();
  rmSync(dir, { recursive: true, force: true });
});

const list = (n: number, tag = 'A'): FavouriteWire[] =>
  Array.from({ length: n }, (_, k) => ({
    list: 'spot',
    symbol: `${tag}${k}_USDT`,
    label: `${tag}${k}/USDT`,
    at: 10 + k,
  }));

let sqliteCount = 0;
const IMPLEMENTATIONS: [string, () => Promise<FavouritesBackend>][] = [
  ['sqlite', async () => new SqliteFavourites(join(dir, `db${sqliteCount++}`))],
  [
    'redis',
    async () => {
      const l = await linkTo(redis);
      links.push(l);
      return new RedisFavourites(l);
    },
  ],
];

describe.each(IMPLEMENTATIONS)('favourites store contract: %s', (_name, make) => {
  it('a new user has none; a list is replaced whole; users are apart', async () => {
    const store = await make();
    expect(await store.get('vip:a')).toEqual([]);
    await store.set('vip:a', list(3));
    await store.set('vip:b', list(1, 'B'));
    expect(await store.get('vip:a')).toEqual(list(3));
    await store.set('vip:a', list(2, 'C'));
    expect(await store.get('vip:a')).toEqual(list(2, 'C'));
    expect(await store.get('vip:b')).toEqual(list(1, 'B'));
  });

  it(`never evicts: ${MAX_SESSIONS + 1} users write, the first one's list is still there`, async () => {
    const store = await make();
    await store.set('first', list(2));
    const writes: Promise<void>[] = [];
    for (let u = 0; u <= MAX_SESSIONS; u++) writes.push(Promise.resolve(store.set(`user${u}`, list(1))));
    await Promise.all(writes);
    expect(await store.get('first')).toEqual(list(2));
  }, 60_000);
});

describe('favourites survive a restart', () => {
  it('SQLite: the file under DATA_DIR is reopened with every list', async () => {
    const where = join(dir, 'restart');
    const before = new SqliteFavourites(where);
    before.set('vip:restart', list(4));
    before.close();
    const after = new SqliteFavourites(where);
    expect(after.get('vip:restart')).toEqual(list(4));
    after.close();
  });

  it('Redis with appendonly: the server restarts and the list is there', async () => {
    const l = await linkTo(redis, 'restart:');
    await new RedisFavourites(l).set('vip:restart', list(5));
    await l.close();
    redis.stop();
    await redis.restart();
    const again = await linkTo(redis, 'restart:');
    links.push(again);
    expect(await new RedisFavourites(again).get('vip:restart')).toEqual(list(5));
  });
});
