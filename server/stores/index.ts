/**
 * The server's shared state, chosen by the configuration (ARCHITECTURE.md 'Shared state'; docs/SETTINGS.md):
 *
 * | state | default (one process, no other service) | `REDIS_URL` set (every instance shares it) |
 * |---|---|---|
 * | sessions | SessionStore in memory (server/sessions.ts) | RedisSessionStore, TTL = remaining lifetime |
 * | favourites | SqliteFavourites under DATA_DIR | RedisFavourites (persistence: AOF) |
 * | rate-limit counters | hono-rate-limiter's MemoryStore | its RedisStore over node-redis |
 * | tick bus | MemoryTickBus | RedisTickBus (pub/sub + last value per pair) |
 * | upstream lease | LocalLease (always held) | RedisLease (`SET NX PX`, renewed) |
 */
import type { Store } from 'hono-rate-limiter';
import type { ServerConfig } from '../config.ts';
import type { Metrics } from '../metrics.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { RedisFavourites, SqliteFavourites, type FavouritesBackend } from './favourites-store.ts';
import { LocalLease, RedisLease, type Lease } from './lease.ts';
import { redisRateLimitStore } from './rate-limit-store.ts';
import { connectRedis, type RedisLink } from './redis-link.ts';
import { RedisSessionStore } from './redis-sessions.ts';
import { MemoryTickBus, type TickBus } from './tick-bus.ts';
import { redisTickBus } from './tick-bus-redis.ts';

/** The names of the stores (the `store` label of `masthead_store_up`). */
export const STORE_NAMES = ['sessions', 'favourites', 'ratelimit', 'live'] as const;

/** One deployment's stores. */
export interface Stores {
  readonly mode: 'local' | 'redis';
  sessions: SessionBackend;
  favourites: FavouritesBackend;
  /** The counters of the rate limiter `name` (undefined: hono-rate-limiter's MemoryStore, this process). */
  rateLimit(name: string): Store | undefined;
  tickBus: TickBus;
  lease: Lease;
  /** True while the stores can answer (Redis connected; always in local mode). */
  readonly up: boolean;
  /** Calls `listener(up)` when that changes; returns the unsubscribe. */
  onChange(listener: (up: boolean) => void): () => void;
  /** Gives up the lease and closes every connection and file. */
  close(): Promise<void>;
}

/** The stores of one process: sessions in memory (`sessions`, default the process's), favourites in `dataDir`. */
export function localStores(dataDir: string, sessions: SessionBackend = SESSIONS): Stores {
  const favourites = new SqliteFavourites(dataDir);
  const tickBus = new MemoryTickBus();
  const lease = new LocalLease();
  return {
    mode: 'local',
    sessions,
    favourites,
    rateLimit: () => undefined,
    tickBus,
    lease,
    up: true,
    onChange: () => () => undefined,
    async close() {
      await lease.stop();
      await tickBus.close();
      favourites.close();
    },
  };
}

/** The stores over an open Redis link. */
export async function redisStores(redis: RedisLink): Promise<Stores> {
  const tickBus = await redisTickBus(redis);
  const lease = new RedisLease(redis);
  return {
    mode: 'redis',
    sessions: new RedisSessionStore(redis),
    favourites: new RedisFavourites(redis),
    rateLimit: (name) => redisRateLimitStore(redis, name),
    tickBus,
    lease,
    get up() {
      return redis.up;
    },
    onChange: (listener) => redis.onChange(listener),
    async close() {
      await lease.stop();
      await tickBus.close();
      await redis.close();
    },
  };
}

/**
 * The stores the configuration names: Redis when REDIS_URL is set (rejects with the one-line error of connectRedis
 * when it cannot connect), else the local ones under DATA_DIR.
 */
export async function openStores(
  config: Pick<ServerConfig, 'REDIS_URL' | 'REDIS_PREFIX' | 'DATA_DIR'>,
): Promise<Stores> {
  if (!config.REDIS_URL) return localStores(config.DATA_DIR);
  return redisStores(await connectRedis(config.REDIS_URL, config.REDIS_PREFIX));
}

let processStores: Stores | undefined;

/**
 * The local stores of this process under the configured DATA_DIR, made on first use (apps built without stores:
 * the vite dev server, tests). The favourites file opens on the first favourites request.
 */
export function defaultStores(dataDir: string): Stores {
  processStores ??= localStores(dataDir);
  return processStores;
}

/** Keeps `masthead_store_up{store}` and `masthead_live_upstream_held` of `metrics` current for `stores`. */
export function watchStores(stores: Stores, metrics: Metrics): void {
  const setUp = (up: boolean) => {
    for (const store of STORE_NAMES) metrics.storeUp.set({ store }, up ? 1 : 0);
  };
  setUp(stores.up);
  stores.onChange(setUp);
  metrics.upstreamHeld.set(stores.lease.held ? 1 : 0);
  stores.lease.onChange((held) => metrics.upstreamHeld.set(held ? 1 : 0));
}
