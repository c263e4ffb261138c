/**
 * The live ticker socket of the reference server (SPEC §7 market lists, §9 refresh; docs/API.md 'Live tickers';
 * docs/SECURITY.md 'Live socket'): a WebSocket at `LIVE_API.path` on the site's own origin and port, upgraded by
 * Hono's `upgradeWebSocket` of @hono/node-server 2 over a `ws` WebSocketServer (`liveService().wss`, which
 * server/start.ts hands to `serve`).
 *
 * - One tick generator per deployment (server/live/ticks.ts) publishing on the tick bus (server/stores/tick-bus.ts):
 *   without a lease it runs in this process only while a socket is open; with one (Redis, server/stores/lease.ts) it
 *   runs while this instance holds the lease, whoever's sockets are open. Every instance's hub relays the bus's
 *   batches: every connection subscribed to a list gets that list's batch, serialised once for all of them.
 * - A connection that subscribes to a list is first sent the bus's last tick of every pair of it (one `ticks`
 *   message), so a socket joining mid-stream starts from current values.
 * - A connection whose socket is busy (`bufferedAmount` above `busyBytes`) gets nothing more until it drains: its
 *   ticks are coalesced (server/live/coalesce.ts, bounded by the lists' rows) and sent when it drains.
 * - The upgrade is refused with 403 unless `Origin` is the page's origin (server/origin.ts), the same-origin rule the
 *   CSRF design rests on (a socket cannot carry the CSRF header), and with 503 over `maxConnections`.
 * - Client messages: larger than `LIVE_API.maxClientMessageBytes` → close 1009 (ws `maxPayload`); more than
 *   `LIVE_API.maxClientMessagesPerS` in a second → close 1008; malformed (not JSON, not `LiveClientMessage`, binary) →
 *   ignored and counted.
 * - Heartbeat: a `ping` message and a protocol ping every `heartbeatMs`; a socket that did not answer the previous
 *   protocol ping with a pong is terminated.
 */
import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server';
import type { Context, Handler } from 'hono';
import type { WSContext } from 'hono/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  LIVE_API,
  LIVE_LISTS,
  LiveClientMessage,
  type LiveList,
  type LiveServerMessage,
  type LiveTick,
} from '../../common/wire/live.ts';
import type { MarketData } from '../market-data.ts';
import type { Metrics } from '../metrics.ts';
import { requestOrigin } from '../origin.ts';
import type { Lease } from '../stores/lease.ts';
import { MemoryTickBus, type TickBus } from '../stores/tick-bus.ts';
import { Coalescer } from './coalesce.ts';
import { seedRows, TickGenerator, type TickBatch } from './ticks.ts';

/** Options of the live service. */
export interface LiveOptions {
  data: MarketData;
  metrics: Metrics;
  /** Ticks per second across the lists (0: the socket stays open but sends no ticks). */
  ticksPerS: number;
  /** Open sockets allowed; the next upgrade is refused with 503. */
  maxConnections: number;
  /** The generator's seed (same seed → same ticks). Default 1. */
  seed?: number;
  /** Generator step, ms (default 100). */
  stepMs?: number;
  /** Heartbeat interval, ms (default `LIVE_API.heartbeatMs`). */
  heartbeatMs?: number;
  /** Socket buffer above which a connection counts as busy and is coalesced, bytes (default 256 KiB). */
  busyBytes?: number;
  /** Test hook: whether a socket is busy (default `bufferedAmount > busyBytes`). */
  isBusy?: (ws: WebSocket) => boolean;
  /** The tick bus between the generator and the hubs (default: one of this process). */
  bus?: TickBus;
  /** The upstream lease (server/stores/lease.ts): the generator runs while it is held; default none (see above). */
  lease?: Lease;
}

/** The live service: the route handler for `LIVE_API.path`, the ws server for `serve`, and its stop. */
export interface LiveService {
  handler: Handler;
  wss: WebSocketServer;
  /** Open connections. */
  readonly size: number;
  /** Stops the timers and closes every socket (1001). */
  close(): void;
}

/** Default busy threshold, bytes. */
export const DEFAULT_BUSY_BYTES = 256 * 1024;
/** How often busy sockets are checked for having drained, ms (the generator's step when there is one). */
const DEFAULT_FLUSH_MS = 100;
/** Most generator steps run in one timer turn after a stall (older ones are skipped, not replayed). */
const MAX_CATCH_UP_STEPS = 10;

interface Connection {
  ws: WebSocket;
  lists: Set<LiveList>;
  pending: Coalescer;
  alive: boolean;
  windowStart: number;
  windowCount: number;
}

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
  const busyBytes = options.busyBytes ?? DEFAULT_BUSY_BYTES;
  const isBusy = options.isBusy ?? ((ws: WebSocket) => ws.bufferedAmount > busyBytes);
  const heartbeatMs = options.heartbeatMs ?? LIVE_API.heartbeatMs;
  const generator =
    options.ticksPerS > 0
      ? new TickGenerator({
          rows: seedRows(options.data),
          ticksPerS: options.ticksPerS,
          stepMs: options.stepMs,
          seed: options.seed,
        })
      : undefined;
  const bus = options.bus ?? new MemoryTickBus();
  const lease = options.lease;
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_API.maxClientMessageBytes });
  const connections = new Set<Connection>();
  let ticker: NodeJS.Timeout | undefined;
  let flusher: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let stepsDue = 0;
  let startedAt = 0;

  const sendText = (conn: Connection, type: LiveServerMessage['type'], text: string) => {
    conn.ws.send(text);
    metrics.liveMessages.inc({ type });
    metrics.liveBytes.inc({ type }, Buffer.byteLength(text));
  };
  const sendMessage = (conn: Connection, message: LiveServerMessage) =>
    sendText(conn, message.type, JSON.stringify(message));
  const ticksText = (list: LiveList, ticks: LiveTick[]) =>
    JSON.stringify({ type: 'ticks', list, sentAt: Date.now(), ticks } satisfies LiveServerMessage);

  /** Sends a drained connection its coalesced ticks. */
  const flush = (conn: Connection) => {
    if (conn.pending.size === 0 || isBusy(conn.ws)) return;
    for (const [list, ticks] of conn.pending.takeAll()) sendText(conn, 'ticks', ticksText(list, ticks));
  };

  /** Delivers one step's batch: one serialisation per list, shared by every idle subscriber. */
  const deliver = (batch: TickBatch) => {
    for (const list of LIVE_LISTS) {
      const ticks = batch[list];
      if (!ticks) continue;
      let text: string | undefined;
      for (const conn of connections) {
        if (!conn.lists.has(list) || conn.ws.readyState !== conn.ws.OPEN) continue;
        if (conn.pending.size > 0 || isBusy(conn.ws)) {
          const before = conn.pending.size;
          conn.pending.add(list, ticks.values());
          metrics.liveCoalesced.inc(ticks.size - (conn.pending.size - before));
          flush(conn);
          continue;
        }
        text ??= ticksText(list, [...ticks.values()]);
        sendText(conn, 'ticks', text);
      }
    }
  };

  const flushAll = () => {
    for (const conn of connections) flush(conn);
  };

  const tick = () => {
    if (!generator) return;
    const target = Math.floor((performance.now() - startedAt) / generator.stepMs);
    // After a stall the missed steps are skipped rather than replayed in a burst.
    if (target - stepsDue > MAX_CATCH_UP_STEPS) stepsDue = target - MAX_CATCH_UP_STEPS;
    const merged: TickBatch = {};
    for (; stepsDue < target; stepsDue++) {
      for (const [list, ticks] of Object.entries(generator.step()) as [LiveList, Map<string, LiveTick>][]) {
        const into = merged[list];
        if (!into) merged[list] = ticks;
        else for (const [k, t] of ticks) into.set(k, t);
      }
    }
    if (!Object.keys(merged).length) return;
    bus.publish(merged);
    metrics.liveBatchesPublished.inc();
  };
  const unsubscribeBus = bus.subscribe(deliver);

  const beat = () => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
      if (!isBusy(conn.ws)) sendMessage(conn, { type: 'ping', sentAt: Date.now() });
    }
  };

  const startProducing = () => {
    if (ticker || !generator) return;
    // The clock restarts with the producer: no catch-up for the time it did not run.
    startedAt = performance.now() - stepsDue * generator.stepMs;
    ticker = setInterval(tick, generator.stepMs);
  };
  const stopProducing = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  const offLease = lease?.onChange((held) => (held ? startProducing() : stopProducing()));
  if (lease?.held) startProducing();

  const start = () => {
    if (heartbeat) return;
    heartbeat = setInterval(beat, heartbeatMs);
    flusher = setInterval(flushAll, options.stepMs ?? DEFAULT_FLUSH_MS);
    if (!lease) startProducing();
  };
  const stop = () => {
    clearInterval(heartbeat);
    clearInterval(flusher);
    heartbeat = flusher = undefined;
    if (!lease) stopProducing();
  };

  const onClientMessage = (conn: Connection, data: unknown) => {
    const now = Date.now();
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.windowCount = 0;
    }
    if (++conn.windowCount > LIVE_API.maxClientMessagesPerS) {
      conn.ws.close(1008, 'too many messages');
      return;
    }
    if (typeof data !== 'string') {
      metrics.liveIgnored.inc({ reason: 'binary' });
      return;
    }
    let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
    try {
      parsed = LiveClientMessage.safeParse(JSON.parse(data));
    } catch {
      metrics.liveIgnored.inc({ reason: 'malformed' });
      return;
    }
    if (!parsed.success) {
      metrics.liveIgnored.inc({ reason: 'malformed' });
      return;
    }
    const message = parsed.data;
    const added: LiveList[] = [];
    for (const list of message.lists) {
      if (message.type === 'subscribe') {
        if (!conn.lists.has(list)) added.push(list);
        conn.lists.add(list);
      } else {
        conn.lists.delete(list);
        conn.pending.drop(list);
      }
    }
    sendMessage(conn, { type: 'subscribed', lists: LIVE_LISTS.filter((l) => conn.lists.has(l)) });
    // Mid-stream: start from the current values (through the coalescer, so a busy socket is never overfilled).
    for (const list of added) {
      const last = bus.last(list);
      if (last.length) conn.pending.add(list, last);
    }
    flush(conn);
  };

  const open = (ws: WebSocket): Connection | undefined => {
    if (connections.size >= options.maxConnections) {
      ws.close(1013, 'too many connections');
      return undefined;
    }
    const conn: Connection = {
      ws,
      lists: new Set(),
      pending: new Coalescer(),
      alive: true,
      windowStart: Date.now(),
      windowCount: 0,
    };
    ws.on('pong', () => {
      conn.alive = true;
    });
    connections.add(conn);
    metrics.liveConnections.set(connections.size);
    start();
    return conn;
  };
  const closed = (conn: Connection | undefined) => {
    if (!conn || !connections.delete(conn)) return;
    metrics.liveConnections.set(connections.size);
    if (connections.size === 0) stop();
  };

  const upgrade = upgradeWebSocket(() => {
    let conn: Connection | undefined;
    return {
      onOpen: (_event, ws: WSContext<WebSocketLike>) => {
        // The server is a `ws` WebSocketServer, so the raw socket is a `ws` WebSocket (bufferedAmount, ping).
        conn = open(ws.raw as WebSocket);
      },
      onMessage: (event) => {
        if (conn) onClientMessage(conn, event.data);
      },
      onClose: () => closed(conn),
      onError: () => closed(conn),
    };
  });

  const handler: Handler = async (c, next) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return c.json({ code: 426, message: 'websocket upgrade required' }, 426);
    }
    if (!originAllowed(c)) return c.json({ code: 403, message: 'origin not allowed' }, 403);
    if (connections.size >= options.maxConnections) {
      return c.json({ code: 503, message: 'too many live connections' }, 503);
    }
    return upgrade(c, next);
  };

  return {
    handler,
    wss,
    get size() {
      return connections.size;
    },
    close() {
      stop();
      stopProducing();
      offLease?.();
      unsubscribeBus();
      for (const conn of connections) conn.ws.close(1001, 'server stopping');
      connections.clear();
      metrics.liveConnections.set(0);
    },
  };
}
