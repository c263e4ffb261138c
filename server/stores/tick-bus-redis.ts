/**
 * The tick bus over Redis (server/stores/tick-bus.ts): a batch is PUBLISHed on `<prefix>live:ticks` as
 * `{list: [tick…]}` JSON, and its ticks written to one hash per list, `<prefix>live:last:<list>` (field: the pair's
 * key), in the same pipeline. Every instance SUBSCRIBEs (its own publishes included: one path for all) and keeps
 * the last ticks in memory, seeded from the hashes when it starts and again after each reconnection, so a socket
 * joining mid-stream starts from current values on any instance.
 *
 * Redis lost: publishes are dropped (counted by the caller's metrics, never thrown), subscribers hear nothing; node-redis
 * resubscribes when Redis returns and the stream resumes.
 */
import { LIVE_LISTS, LiveTick, type LiveList } from '../../common/wire/live.ts';
import type { TickBatch } from '../live/source.ts';
import type { RedisClient, RedisLink } from './redis-link.ts';
import { LastTicks, type TickBus } from './tick-bus.ts';

/** Parses one published message into a batch; null when malformed (logged once per process). */
function parseBatch(text: string): TickBatch | null {
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const batch: TickBatch = {};
    for (const list of LIVE_LISTS) {
      const ticks = raw[list];
      if (!Array.isArray(ticks)) continue;
      const map = new Map<string, LiveTick>();
      for (const t of ticks) {
        const tick = LiveTick.safeParse(t);
        if (tick.success) map.set(tick.data[0], tick.data);
      }
      if (map.size) batch[list] = map;
    }
    return batch;
  } catch {
    return null;
  }
}

/** The Redis tick bus. Resolves once subscribed and seeded. */
export async function redisTickBus(redis: RedisLink): Promise<TickBus> {
  const channel = `${redis.prefix}live:ticks`;
  const hash = (list: LiveList) => `${redis.prefix}live:last:${list}`;
  const listeners = new Set<(batch: TickBatch) => void>();
  const lastTicks = new LastTicks();

  const seed = async (client: RedisClient) => {
    for (const list of LIVE_LISTS) {
      const all = await client.hGetAll(hash(list));
      const map = new Map<string, LiveTick>();
      for (const [key, text] of Object.entries(all)) {
        const tick = parseBatch(`{"${list}":[${text}]}`)?.[list]?.get(key);
        if (tick) map.set(key, tick);
      }
      lastTicks.add({ [list]: map });
    }
  };
  const reseed = () => {
    if (redis.up) void redis.run('live', seed).catch(() => undefined);
  };

  const sub = await redis.subscriber();
  await sub.subscribe(channel, (message) => {
    const batch = parseBatch(message);
    if (!batch) return;
    lastTicks.add(batch);
    for (const l of listeners) l(batch);
  });
  await redis.run('live', seed);
  const offChange = redis.onChange((up) => {
    if (up) reseed();
  });

  return {
    publish(batch) {
      const wire: Record<string, LiveTick[]> = {};
      const fields: [LiveList, Record<string, string>][] = [];
      for (const list of LIVE_LISTS) {
        const ticks = batch[list];
        if (!ticks?.size) continue;
        wire[list] = [...ticks.values()];
        fields.push([list, Object.fromEntries([...ticks].map(([k, t]) => [k, JSON.stringify(t)]))]);
      }
      if (!fields.length || !redis.up) return;
      void redis
        .run('live', (c) => {
          const multi = c.multi();
          for (const [list, f] of fields) multi.hSet(hash(list), f);
          multi.publish(channel, JSON.stringify(wire));
          return multi.execAsPipeline();
        })
        .catch(() => undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    last(list) {
      return lastTicks.of(list);
    },
    async close() {
      offChange();
      listeners.clear();
      await sub.unsubscribe(channel).catch(() => undefined);
    },
  };
}
