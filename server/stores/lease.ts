/**
 * Who runs the deployment's one upstream (docs/API.md 'Live tickers'; ARCHITECTURE.md 'Shared state'): the instance
 * holding the lease runs the tick producer (the simulator, or the upstream feeds) and publishes on the tick bus;
 * every instance relays the bus to its own sockets.
 *
 * - LocalLease (no Redis): this process always holds it.
 * - RedisLease: `SET <prefix>live:lease <token> NX PX ttlMs` taken by one instance, renewed every `renewMs` only
 *   while the value is still its token (a Lua check-and-extend); released on a clean stop. When the holder dies its
 *   key expires after at most `ttlMs` and another instance, trying every `renewMs`, takes over: within
 *   ttlMs + renewMs (5 s + 1.5 s by default, inside the 10 s the operator is promised). A holder that cannot
 *   reach Redis for `ttlMs` stops producing (its key has expired: someone else may hold it by then).
 */
import { randomUUID } from 'node:crypto';
import type { RedisLink } from './redis-link.ts';

/** The lease as the producer sees it. */
export interface Lease {
  /** True while this instance holds it. */
  readonly held: boolean;
  /** Calls `listener(held)` on every change; returns the unsubscribe. */
  onChange(listener: (held: boolean) => void): () => void;
  /** Starts taking part (a LocalLease is held from here). */
  start(): void;
  /** Stops taking part and gives the lease up. */
  stop(): Promise<void>;
}

/** Lease lifetime, ms. */
export const LEASE_TTL_MS = 5000;
/** How often the holder renews and the others try to take it, ms. */
export const LEASE_RENEW_MS = 1500;

class Listeners {
  private readonly set = new Set<(held: boolean) => void>();
  add(listener: (held: boolean) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(held: boolean): void {
    for (const l of this.set) l(held);
  }
}

/** The lease of a deployment of one process: always held once started. */
export class LocalLease implements Lease {
  private on = false;
  private readonly listeners = new Listeners();
  get held(): boolean {
    return this.on;
  }
  onChange(listener: (held: boolean) => void): () => void {
    return this.listeners.add(listener);
  }
  start(): void {
    if (this.on) return;
    this.on = true;
    this.listeners.emit(true);
  }
  stop(): Promise<void> {
    if (this.on) {
      this.on = false;
      this.listeners.emit(false);
    }
    return Promise.resolve();
  }
}

const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** The Redis lease (see the module comment); `name` keys it under the link's prefix. */
export class RedisLease implements Lease {
  readonly token = randomUUID();
  private on = false;
  private timer: NodeJS.Timeout | undefined;
  private lastRenewed = 0;
  private readonly listeners = new Listeners();
  private readonly key: string;

  constructor(
    private readonly redis: RedisLink,
    name = 'live:lease',
    private readonly ttlMs = LEASE_TTL_MS,
    private readonly renewMs = LEASE_RENEW_MS,
  ) {
    this.key = `${redis.prefix}${name}`;
  }

  get held(): boolean {
    return this.on;
  }

  onChange(listener: (held: boolean) => void): () => void {
    return this.listeners.add(listener);
  }

  private set(held: boolean): void {
    if (this.on === held) return;
    this.on = held;
    this.listeners.emit(held);
  }

  /** One round: renew when held, else try to take. Never throws. */
  private async round(): Promise<void> {
    try {
      if (this.on) {
        const renewed = await this.redis.run('live', (c) =>
          c.eval(RENEW, { keys: [this.key], arguments: [this.token, String(this.ttlMs)] }),
        );
        if (Number(renewed) === 1) this.lastRenewed = Date.now();
        else this.set(false);
      } else {
        const taken = await this.redis.run('live', (c) =>
          c.set(this.key, this.token, { expiration: { type: 'PX', value: this.ttlMs }, condition: 'NX' }),
        );
        if (taken === 'OK') {
          this.lastRenewed = Date.now();
          this.set(true);
        }
      }
    } catch {
      // Redis unreachable: a holder keeps producing until its key must have expired.
      if (this.on && Date.now() - this.lastRenewed >= this.ttlMs) this.set(false);
    }
  }

  start(): void {
    if (this.timer) return;
    void this.round();
    this.timer = setInterval(() => void this.round(), this.renewMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (!this.on) return;
    this.set(false);
    await this.redis
      .run('live', (c) => c.eval(RELEASE, { keys: [this.key], arguments: [this.token] }))
      .catch(() => undefined);
  }
}
