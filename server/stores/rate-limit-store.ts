/**
 * Rate-limit counters shared by every instance (docs/SECURITY.md 'V7'; ARCHITECTURE.md 'Shared state'):
 * hono-rate-limiter's own RedisStore (its atomic Lua scripts), which is written for @upstash/redis, over node-redis
 * through the four calls it makes. Without Redis the limiter keeps hono-rate-limiter's MemoryStore (this process).
 * A Redis outage makes `increment` throw StoreUnavailableError: the sign-in answers 503 with `Retry-After`.
 */
import { RedisStore, type Store } from 'hono-rate-limiter';
import type { RedisClient, RedisLink } from './redis-link.ts';

/** The shared counters for keys under `<prefix>rl:<name>:`. */
export function redisRateLimitStore(redis: RedisLink, name: string): Store {
  const run = <T>(fn: (c: RedisClient) => Promise<T>) => redis.run('ratelimit', fn);
  const client = {
    scriptLoad: (script: string) => run((c) => c.scriptLoad(script)),
    evalsha: <TArgs extends unknown[], TData = unknown>(sha1: string, keys: string[], args: TArgs) =>
      run((c) => c.evalSha(sha1, { keys, arguments: args.map(String) })) as Promise<TData>,
    decr: (key: string) => run((c) => c.decr(key)),
    del: (key: string) => run((c) => c.del(key)),
  };
  return new RedisStore({ client, prefix: `${redis.prefix}rl:${name}:` });
}
