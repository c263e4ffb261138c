/**
 * The live ticker socket of the reference server (SPEC §7 market lists, §9 refresh; docs/API.md 'Live tickers';
 * docs/SECURITY.md 'Live socket'): a WebSocket at `LIVE_API.path` on the site's own origin and port, upgraded by
 * Hono's `upgradeWebSocket` of @hono/node-server 2 over a `ws` WebSocketServer (`liveService().wss`, which
 * server/start.ts hands to `serve`).
 *
 * - One tick source per deployment (server/live/source.ts: the seeded walk of server/live/simulated.ts, an upstream
 *   relay of server/upstream/, or both) publishing on the tick bus (server/stores/tick-bus.ts): without a lease it
 *   runs in this process only while a socket is open; with one (Redis, server/stores/lease.ts) it runs while this
 *   instance holds the lease, whoever's sockets are open. Every instance's hub relays the bus's batches: every
 *   connection subscribed to a list gets that list's batch, serialised once for all of them.
 * - A connection that subscribes to a list is first sent the bus's last tick of every pair of it (through its
 *   coalescer, so a busy socket is never overfilled), so a socket joining mid-stream starts from current values.
 * - Per connection (server/live/connection.ts): coalescing within a byte budget and `resync` for a slow reader, the
 *   random-payload ping that only a reading client can answer, the slow, idle and flood closes.
 * - The upgrade is refused (JSON body, server/live/refuse.ts; counted in `masthead_live_refused_total{reason}`) with
 *   403 unless `Origin` is the page's origin (server/origin.ts), the same-origin rule the CSRF design rests on (a
 *   socket cannot carry the CSRF header); with 503 over `maxConnections`; with 429 over `maxPerAddress` sockets of one
 *   client address (server/transport.ts clientKey: IPv6 by /64, the forwarded address behind TRUST_PROXY).
 * - Client messages larger than `LIVE_API.maxClientMessageBytes` → close 1009 (ws `maxPayload`).
 */
import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server';
import type { Context, Handler } from 'hono';
import type { WSContext } from 'hono/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  LIVE_API,
  LIVE_LISTS,
  type LiveList,
  type LiveServerMessage,
  type LiveTick,
} from '../../common/wire/live.ts';
import { DEFAULT_LIVE_MAX_PER_ADDRESS } from '../config.ts';
import type { MarketData } from '../market-data.ts';
import type { Metrics } from '../metrics.ts';
import { requestOrigin } from '../origin.ts';
import type { Lease } from '../stores/lease.ts';
import { MemoryTickBus, type TickBus } from '../stores/tick-bus.ts';
import { requestClientKey } from '../transport.ts';
import { DEFAULT_CONNECTION_LIMITS, LiveConnection, type ConnectionLimits } from './connection.ts';
import { refuseUpgrade, type RefusalReason } from './refuse.ts';
import { simulatedSource } from './simulated.ts';
import type { TickBatch, TickSource } from './source.ts';
import { DEFAULT_STEP_MS } from './ticks.ts';

/** Options of the live service. */
export interface LiveOptions {
  data: MarketData;
  metrics: Metrics;
  /** The tick source (default: the seeded walk over `data` at `ticksPerS`, `seed`, `stepMs`). */
  source?: TickSource;
  /** Ticks per second across the lists of the default source (0: the socket stays open but sends no ticks). */
  ticksPerS: number;
  /** Open sockets allowed; the next upgrade is refused with 503. */
  maxConnections: number;
  /** Open sockets allowed per client address (IPv6 by /64); the next upgrade is refused with 429. Default 100. */
  maxPerAddress?: number;
  /** Per-connection limits (server/live/connection.ts); each defaults to DEFAULT_CONNECTION_LIMITS'. */
  limits?: Partial<ConnectionLimits>;
  /** The generator's seed (same seed → same ticks). Default 1. */
  seed?: number;
  /** Generator step and the period coalesced ticks are flushed to drained sockets on, ms (default 100). */
  stepMs?: number;
  /** Heartbeat interval, ms (default `LIVE_API.heartbeatMs`; also the default pong time-out). */
  heartbeatMs?: number;
  /** Socket buffer above which a connection counts as busy and is coalesced, bytes (default 256 KiB). */
  busyBytes?: number;
  /** The tick bus between the source and the hubs (default: one of this process). */
  bus?: TickBus;
  /** The upstream lease (server/stores/lease.ts): the source runs while it is held; default none (see above). */
  lease?: Lease;
  /** Test hook: whether a socket is busy (default `bufferedAmount > busyBytes`). */
  isBusy?: (ws: WebSocket) => boolean;
}

/** The live service: the route handler for `LIVE_API.path`, the ws server for `serve`, and its stop. */
export interface LiveService {
  handler: Handler;
  wss: WebSocketServer;
  /** Open connections. */
  readonly size: number;
  /** Bytes of ticks held for busy connections, across them (each ≤ its `maxPendingBytes`). */
  readonly pendingBytes: number;
  /** Stops the timers and closes every socket (1001). */
  close(): void;
}

/** Default busy threshold, bytes. */
export const DEFAULT_BUSY_BYTES = DEFAULT_CONNECTION_LIMITS.busyBytes;

/**
 * True when `origin` (the request's `Origin` header) is the page's origin for this request: the configured origin or
 * an allowed host's (server/origin.ts requestOrigin).
 */
export function originAllowed(c: Context): boolean {
  const origin = c.req.header('origin');
  return origin !== undefined && origin === requestOrigin(c).origin;
}

/** Builds the live service over the served snapshot (see the module comment). */
export function liveService(options: LiveOptions): LiveService {
  const { metrics } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_API.heartbeatMs;
  const stepMs = options.stepMs ?? DEFAULT_STEP_MS;
  const source =
    options.source ??
    simulatedSource({ data: options.data, ticksPerS: options.ticksPerS, seed: options.seed, stepMs });
  const limits: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    heartbeatMs,
    pongTimeoutMs: heartbeatMs,
    busyBytes: options.busyBytes ?? DEFAULT_BUSY_BYTES,
    ...options.limits,
  };
  const isBusy = options.isBusy ?? ((ws: WebSocket) => ws.bufferedAmount > limits.busyBytes);
  const maxPerAddress = options.maxPerAddress ?? DEFAULT_LIVE_MAX_PER_ADDRESS;
  // The time rules are checked once a second, or as often as the shortest of them when that is shorter.
  const sweepMs = Math.min(
    1000,
    limits.heartbeatMs,
    limits.pongTimeoutMs,
    limits.slowCloseMs,
    limits.idleCloseMs,
  );
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_API.maxClientMessageBytes });
  const connections = new Set<LiveConnection>();
  /** Open connections per client address. */
  const perAddress = new Map<string, number>();
  const bus = options.bus ?? new MemoryTickBus();
  const lease = options.lease;
  let ticker: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let producing = false;

  const ticksText = (list: LiveList, ticks: LiveTick[]) =>
    JSON.stringify({ type: 'ticks', list, sentAt: Date.now(), ticks } satisfies LiveServerMessage);

  /** Delivers one step's batch: one serialisation per list, shared by every idle subscriber. */
  const deliver = (batch: TickBatch) => {
    for (const list of LIVE_LISTS) {
      const ticks = batch[list];
      if (!ticks) continue;
      let text: string | undefined;
      const shared = () => (text ??= ticksText(list, [...ticks.values()]));
      for (const conn of connections) conn.deliver(list, ticks, shared);
    }
  };

  /** Sends the drained connections their coalesced ticks (every step, whatever the source does). */
  const tick = () => {
    for (const conn of connections) conn.flush();
  };

  const unsubscribeBus = bus.subscribe(deliver);

  const startProducing = () => {
    if (producing) return;
    producing = true;
    source.start((batch) => {
      if (Object.keys(batch).length === 0) return;
      bus.publish(batch);
      metrics.liveBatchesPublished.inc();
    });
  };
  const stopProducing = () => {
    if (!producing) return;
    producing = false;
    source.stop();
  };
  const offLease = lease?.onChange((held) => (held ? startProducing() : stopProducing()));
  if (lease?.held) startProducing();

  const start = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const conn of connections) conn.ping();
    }, limits.heartbeatMs);
    sweeper = setInterval(() => {
      const now = Date.now();
      for (const conn of connections) conn.sweep(now);
    }, sweepMs);
    ticker = setInterval(tick, stepMs);
    if (!lease) startProducing();
  };
  const stop = () => {
    if (!lease) stopProducing();
    clearInterval(heartbeat);
    clearInterval(ticker);
    clearInterval(sweeper);
    heartbeat = ticker = sweeper = undefined;
  };

  /** Why an upgrade (or an open racing another) must be refused, or undefined when there is room. */
  const noRoom = (address: string): Exclude<RefusalReason, 'origin'> | undefined => {
    if (connections.size >= options.maxConnections) return 'capacity';
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) return 'address';
    return undefined;
  };

  const open = (ws: WebSocket, address: string): LiveConnection | undefined => {
    const full = noRoom(address);
    if (full) {
      // Upgrades that passed the handler's check at the same moment: the later ones are closed at once.
      metrics.liveRefused.inc({ reason: full });
      ws.close(1013, 'too many connections');
      return undefined;
    }
    const conn = new LiveConnection(ws, address, limits, metrics, isBusy);
    connections.add(conn);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    metrics.liveConnections.set(connections.size);
    start();
    return conn;
  };
  const closed = (conn: LiveConnection | undefined) => {
    if (!conn || !connections.delete(conn)) return;
    const left = (perAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) perAddress.set(conn.address, left);
    else perAddress.delete(conn.address);
    metrics.liveConnections.set(connections.size);
    if (connections.size === 0) stop();
  };

  /** Mid-stream: a connection starts each list it just subscribed to from the bus's current values. */
  const subscribed = (conn: LiveConnection, added: readonly LiveList[]) => {
    for (const list of added) conn.startFrom(list, bus.last(list));
    if (added.length) conn.flush();
  };

  const upgrade = upgradeWebSocket((c) => {
    let conn: LiveConnection | undefined;
    const address = requestClientKey(c);
    return {
      onOpen: (_event, ws: WSContext<WebSocketLike>) => {
        // The server is a `ws` WebSocketServer, so the raw socket is a `ws` WebSocket (bufferedAmount, ping).
        conn = open(ws.raw as WebSocket, address);
      },
      onMessage: (event) => {
        if (conn) subscribed(conn, conn.onMessage(event.data));
      },
      onClose: () => closed(conn),
      onError: () => closed(conn),
    };
  });

  const handler: Handler = async (c, next) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return c.json({ code: 426, message: 'websocket upgrade required' }, 426);
    }
    if (!originAllowed(c)) return refuse(c, 'origin');
    const full = noRoom(requestClientKey(c));
    if (full) return refuse(c, full);
    return upgrade(c, next);
  };
  const refuse = (c: Context, reason: RefusalReason) => {
    metrics.liveRefused.inc({ reason });
    return refuseUpgrade(c, reason);
  };

  return {
    handler,
    wss,
    get size() {
      return connections.size;
    },
    get pendingBytes() {
      let n = 0;
      for (const conn of connections) n += conn.pending.bytes;
      return n;
    },
    close() {
      stop();
      stopProducing();
      offLease?.();
      unsubscribeBus();
      for (const conn of connections) conn.close(1001, 'server stopping', 'shutdown');
      connections.clear();
      perAddress.clear();
      metrics.liveConnections.set(0);
    },
  };
}
