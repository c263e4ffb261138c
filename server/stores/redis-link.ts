/**
 * The server's connection to Redis (ARCHITECTURE.md 'Shared state'; docs/SETTINGS.md `REDIS_URL`), through node-redis
 * (@redis/client). One command connection and, for the tick bus, one subscriber connection made on demand.
 *
 * - At start: `connectRedis` resolves once connected, or rejects with one line naming `REDIS_URL` (credentials
 *   masked): the server prints it as its `cannot start:` line.
 * - While running: a lost connection is retried every ≤ 2 s, forever; meanwhile every command fails at once
 *   (no offline queue) and `run` turns the failure into StoreUnavailableError (a 503 for the caller). `up` says
 *   whether the connection is open; `onChange` listeners hear every change (metrics, the tick bus's resubscribe).
 */
import { createClient, ErrorReply } from '@redis/client';
import { StoreUnavailableError } from './errors.ts';

/** Longest wait between reconnection attempts, ms. */
const MAX_RECONNECT_DELAY_MS = 2000;
/** Longest wait for a TCP connection, ms. */
const CONNECT_TIMEOUT_MS = 3000;

/** The node-redis client type this server uses (RESP3, no modules). */
export type RedisClient = ReturnType<typeof clientFor>;

/** An open connection and its key prefix. */
export interface RedisLink {
  readonly client: RedisClient;
  /** Prefix of every key and channel of this deployment (REDIS_PREFIX, e.g. `mh:`). */
  readonly prefix: string;
  /** True while the command connection is open. */
  readonly up: boolean;
  /**
   * Runs `fn` on the client for the store named `store`: resolves its answer; a connection failure rejects with
   * StoreUnavailableError, a Redis error reply (a bug, not an outage) is rethrown as it is.
   */
  run<T>(store: string, fn: (client: RedisClient) => Promise<T>): Promise<T>;
  /** Calls `listener(up)` on every change of `up`; returns the unsubscribe. */
  onChange(listener: (up: boolean) => void): () => void;
  /** A second connection for SUBSCRIBE (node-redis resubscribes it after a reconnection). */
  subscriber(): Promise<RedisClient>;
  /** Closes both connections. */
  close(): Promise<void>;
}

/** `url` with any password replaced by `***` (for error lines and logs). */
export function maskRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(unparsable URL)';
  }
}

function clientFor(url: string, onError: (err: Error) => void) {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Before the first connection, give up (the start fails with one line); after it, retry forever.
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(100 * 2 ** Math.min(retries, 5), MAX_RECONNECT_DELAY_MS) : cause,
    },
  });
  client.on('ready', () => {
    connected = true;
  });
  client.on('error', onError);
  return client;
}

/**
 * Connects to `url`. Resolves the link; rejects with an Error whose message is the one line to print, e.g.
 * `REDIS_URL redis://127.0.0.1:6390: cannot connect (connect ECONNREFUSED 127.0.0.1:6390)`.
 */
export async function connectRedis(url: string, prefix: string): Promise<RedisLink> {
  const listeners = new Set<(up: boolean) => void>();
  let lastError = '';
  const client = clientFor(url, (err) => {
    lastError = err.message;
  });
  let up = false;
  const set = (value: boolean) => {
    if (up === value) return;
    up = value;
    for (const l of listeners) l(value);
  };
  client.on('ready', () => set(true));
  client.on('end', () => set(false));
  client.on('reconnecting', () => set(false));
  try {
    await client.connect();
  } catch (err) {
    const why = (err as Error).message || lastError || 'no answer';
    throw new Error(`REDIS_URL ${maskRedisUrl(url)}: cannot connect (${why})`, { cause: err });
  }
  set(client.isReady);
  let sub: RedisClient | undefined;
  return {
    client,
    prefix,
    get up() {
      return up;
    },
    async run(store, fn) {
      if (!up) throw new StoreUnavailableError(store);
      try {
        return await fn(client);
      } catch (err) {
        if (err instanceof ErrorReply) throw err;
        throw new StoreUnavailableError(store, err);
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async subscriber() {
      if (!sub) {
        sub = client.duplicate();
        sub.on('error', () => undefined);
        await sub.connect();
      }
      return sub;
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([sub?.close(), client.close()]);
    },
  };
}
