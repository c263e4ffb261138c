// The tick bus contract (server/stores/tick-bus.ts), run against the in-process bus and the Redis one (a real
// redis-server): every subscriber gets every batch, unsubscribed ones none, and the last tick per pair is kept. Then
// what Redis adds: a batch published through one instance reaches another's subscribers, a bus started mid-stream
// starts from the current values, and the upstream lease (server/stores/lease.ts) has one holder, taken over when it
// dies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTick } from '../../../common/wire/live.ts';
import type { TickBatch } from '../../../server/live/source.ts';
import { RedisLease } from '../../../server/stores/lease.ts';
import type { RedisLink } from '../../../server/stores/redis-link.ts';
import { MemoryTickBus, type TickBus } from '../../../server/stores/tick-bus.ts';
import { redisTickBus } from '../../../server/stores/tick-bus-redis.ts';
import { linkTo, startRedis, until, type TestRedis } from '../../../scripts/redis-process.ts';

let redis: TestRedis;
const links: RedisLink[] = [];
const buses: TickBus[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await Promise.all(links.map((l) => l.close()));
  redis.remove();
});
const link = async (prefix?: string) => {
  const l = await linkTo(redis, prefix);
  links.push(l);
  return l;
};
const redisBus = async (prefix?: string) => {
  const bus = await redisTickBus(await link(prefix));
  buses.push(bus);
  return bus;
};

const tick = (key: string, price: string): LiveTick => [key, price, '0.10', '1000'];
const batchOf = (...ticks: LiveTick[]): TickBatch => ({ spot: new Map(ticks.map((t) => [t[0], t])) });

const IMPLEMENTATIONS: [string, () => Promise<TickBus>][] = [
  ['memory', async () => new MemoryTickBus()],
  ['redis', () => redisBus()],
];

describe.each(IMPLEMENTATIONS)('tick bus contract: %s', (_name, make) => {
  it('every subscriber gets every batch; an unsubscribed one no more', async () => {
    const bus = await make();
    const a: TickBatch[] = [];
    const b: TickBatch[] = [];
    bus.subscribe((x) => a.push(x));
    const offB = bus.subscribe((x) => b.push(x));
    bus.publish(batchOf(tick('BTC_USDT', '1')));
    await until(() => a.length === 1 && b.length === 1);
    expect(a[0]!.spot?.get('BTC_USDT')).toEqual(tick('BTC_USDT', '1'));
    offB();
    bus.publish(batchOf(tick('BTC_USDT', '2')));
    await until(() => a.length === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(b).toHaveLength(1);
  });

  it('keeps the last tick of every pair, per list', async () => {
    const bus = await make();
    const seen: TickBatch[] = [];
    bus.subscribe((x) => seen.push(x));
    bus.publish(batchOf(tick('BTC_USDT', '1'), tick('ETH_USDT', '5')));
    bus.publish(batchOf(tick('BTC_USDT', '2')));
    await until(() => seen.length === 2);
    expect(bus.last('spot')).toEqual([tick('BTC_USDT', '2'), tick('ETH_USDT', '5')]);
    expect(bus.last('futures')).toEqual([]);
  });
});

describe('Redis tick bus and upstream lease', () => {
  it('a batch published through one instance reaches the other; a bus started mid-stream has the current values', async () => {
    const prefix = 'bus:';
    const a = await redisBus(prefix);
    const b = await redisBus(prefix);
    const onB: TickBatch[] = [];
    b.subscribe((x) => onB.push(x));
    a.publish(batchOf(tick('SOL_USDT', '100')));
    a.publish(batchOf(tick('SOL_USDT', '101'), tick('XRP_USDT', '0.5')));
    await until(() => onB.length === 2);
    const late = await redisBus(prefix);
    expect(late.last('spot')).toEqual(
      expect.arrayContaining([tick('SOL_USDT', '101'), tick('XRP_USDT', '0.5')]),
    );
    expect(late.last('spot')).toHaveLength(2);
  });

  it('Redis lost and back: the stream resumes on the same subscription, and a lease is taken again', async () => {
    const own = await startRedis();
    const pub = await linkTo(own, 'resume:');
    const sub = await linkTo(own, 'resume:');
    const from = await redisTickBus(pub);
    const to = await redisTickBus(sub);
    const lease = new RedisLease(pub, 'lease', 400, 100);
    try {
      const got: TickBatch[] = [];
      to.subscribe((x) => got.push(x));
      lease.start();
      await until(() => lease.held);
      own.stop();
      await until(() => !pub.up && !sub.up);
      // Published while Redis is down: dropped, never thrown.
      expect(() => from.publish(batchOf(tick('BTC_USDT', '1')))).not.toThrow();
      await until(() => !lease.held, 3000);
      await own.restart();
      await until(() => pub.up && sub.up, 10_000);
      await until(() => lease.held, 5000);
      // node-redis resubscribes after reconnecting: poll until a fresh publish arrives.
      await until(() => {
        from.publish(batchOf(tick('BTC_USDT', '2')));
        return got.some((x) => x.spot?.get('BTC_USDT')?.[1] === '2');
      }, 10_000);
    } finally {
      await lease.stop();
      await Promise.all([from.close(), to.close()]);
      await Promise.all([pub.close(), sub.close()]);
      own.remove();
    }
  });

  it('one holder at a time; when it dies the other takes over within ttl + renew', async () => {
    const a = new RedisLease(await link('lease:'), 'lease', 600, 100);
    const lb = await linkTo(redis, 'lease:');
    const b = new RedisLease(lb, 'lease', 600, 100);
    a.start();
    await until(() => a.held);
    b.start();
    await new Promise((r) => setTimeout(r, 400));
    expect([a.held, b.held]).toEqual([true, false]);
    // The holder "dies": its connection goes without releasing the key.
    const died = Date.now();
    await (a as unknown as { redis: RedisLink }).redis.close();
    await until(() => b.held, 3000);
    expect(Date.now() - died).toBeLessThan(600 + 100 + 500);
    // A clean stop gives it up at once.
    await b.stop();
    expect(await lb.client.exists('lease:lease')).toBe(0);
    await a.stop();
    await lb.close();
  });
});
