/**
 * The reference server's metrics (docs/API.md 'Metrics'; docs/SECURITY.md 'Metrics'): `GET /metrics` in the Prometheus
 * text format through prom-client, on a registry of its own per app (never prom-client's global one, so tests can
 * build several apps). Answered only to a loopback peer (the socket's address, never a header) or, when
 * `METRICS_TOKEN` is set, to `Authorization: Bearer <token>`; anyone else gets the API's JSON 404, as if the path did
 * not exist.
 *
 * | metric | type | labels |
 * |---|---|---|
 * | masthead_http_requests_total | counter | route (the matched route pattern, never the raw URL), status (101 for a live socket upgrade) |
 * | masthead_http_request_duration_seconds | histogram | route |
 * | masthead_live_connections | gauge | |
 * | masthead_live_messages_sent_total, masthead_live_bytes_sent_total | counter | type (ticks, ping, subscribed, resync) |
 * | masthead_live_refused_total | counter | reason (origin, capacity, address) |
 * | masthead_live_closed_total | counter | reason (pong_timeout, slow, idle, flood, shutdown) |
 * | masthead_live_client_messages_ignored_total | counter | reason (malformed, binary) |
 * | masthead_live_ticks_coalesced_total | counter | |
 * | masthead_render_failures_total | counter | |
 * | masthead_upstream_* | gauges and counters of the market sources | see server/upstream/metrics.ts |
 * | masthead_store_up | gauge (1 up, 0 down) | store (sessions, favourites, ratelimit, live) |
 * | masthead_live_upstream_held | gauge (1 when this instance runs the deployment's tick producer) | |
 * | masthead_live_batches_published_total | counter (tick batches this instance's producer published) | |
 *
 * plus, for the process's own server (server/start.ts), prom-client's default process metrics
 * (`process_resident_memory_bytes`, event-loop lag, heap…; off by default: each registry would start its own
 * event-loop monitor).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { LIVE_API } from '../common/wire/live.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createUpstreamMetrics, type UpstreamMetrics } from './upstream/metrics.ts';

/** The path of the metrics endpoint. */
export const METRICS_PATH = '/metrics';

/** The metrics of one app, on their own registry. */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'status'>;
  httpDuration: Histogram<'route'>;
  liveConnections: Gauge;
  liveMessages: Counter<'type'>;
  liveBytes: Counter<'type'>;
  liveIgnored: Counter<'reason'>;
  liveCoalesced: Counter;
  liveRefused: Counter<'reason'>;
  liveClosed: Counter<'reason'>;
  renderFailures: Counter;
  /** The market sources' (server/upstream/metrics.ts). */
  upstream: UpstreamMetrics;
  storeUp: Gauge<'store'>;
  upstreamHeld: Gauge;
  liveBatchesPublished: Counter;
}

/** Creates the metrics on a new registry; `processMetrics` adds prom-client's default process metrics. */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'masthead_http_requests_total',
      help: 'HTTP requests answered, by matched route pattern and status',
      labelNames: ['route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'masthead_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until the handler returns its response), seconds',
      labelNames: ['route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    liveConnections: new Gauge({
      name: 'masthead_live_connections',
      help: 'Open live ticker sockets',
      registers,
    }),
    liveMessages: new Counter({
      name: 'masthead_live_messages_sent_total',
      help: 'Messages sent on live ticker sockets, by message type',
      labelNames: ['type'],
      registers,
    }),
    liveBytes: new Counter({
      name: 'masthead_live_bytes_sent_total',
      help: 'Bytes (UTF-8 message payloads) sent on live ticker sockets, by message type',
      labelNames: ['type'],
      registers,
    }),
    liveIgnored: new Counter({
      name: 'masthead_live_client_messages_ignored_total',
      help: 'Client messages on live ticker sockets ignored as malformed, by reason',
      labelNames: ['reason'],
      registers,
    }),
    liveCoalesced: new Counter({
      name: 'masthead_live_ticks_coalesced_total',
      help: 'Ticks replaced by a later tick of the same key while a live socket was busy',
      registers,
    }),
    liveRefused: new Counter({
      name: 'masthead_live_refused_total',
      help: 'Live socket upgrades refused, by reason (origin, capacity, address)',
      labelNames: ['reason'],
      registers,
    }),
    liveClosed: new Counter({
      name: 'masthead_live_closed_total',
      help: 'Live sockets the server ended, by reason (pong_timeout, slow, idle, flood, shutdown)',
      labelNames: ['reason'],
      registers,
    }),
    renderFailures: new Counter({
      name: 'masthead_render_failures_total',
      help: 'Server renders of the page that failed (the client-rendered page was served instead)',
      registers,
    }),
    upstream: createUpstreamMetrics(registry),
    storeUp: new Gauge({
      name: 'masthead_store_up',
      help: 'Whether a shared-state store can answer (1) or not (0), by store',
      labelNames: ['store'],
      registers,
    }),
    upstreamHeld: new Gauge({
      name: 'masthead_live_upstream_held',
      help: "Whether this instance holds the upstream lease and runs the deployment's tick producer (1) or not (0)",
      registers,
    }),
    liveBatchesPublished: new Counter({
      name: 'masthead_live_batches_published_total',
      help: "Tick batches this instance's producer published on the tick bus",
      registers,
    }),
  };
}

/** True for a loopback address as the socket reports it (`127.x.x.x`, `::1`, `::ffff:127.x.x.x`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
}

/** The peer's socket address, or undefined when the request did not come through a Node socket (app.request). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? timingSafeEqual(digest(m[1]!), digest(token)) : false;
}

/**
 * The `GET /metrics` handler: the registry's text for a loopback peer or a matching bearer `token` (when set), else
 * the JSON 404 of an unknown path.
 */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (c: Context) => {
    const allowed =
      isLoopback(peerAddress(c)) ||
      (token !== undefined && bearerMatches(c.req.header('authorization'), token));
    if (!allowed) return c.json({ code: 404, message: 'not found' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  };
}

/**
 * The status an answer is counted under: its own, except a WebSocket upgrade the handler accepted (the adapter's
 * placeholder 200 on the live socket's route, server/live/hub.ts), counted as 101 Switching Protocols.
 */
function countedStatus(c: Context): string {
  const upgraded = c.res.status === 200 && c.req.routePath === LIVE_API.path;
  return upgraded ? '101' : String(c.res.status);
}

/**
 * Middleware counting every answer by its matched route pattern (Hono's `routePath` of the handler that answered:
 * `/apiw/v2/market/spot`, `*` for an unmatched path) and status (countedStatus), and timing it.
 */
export function httpMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const stop = metrics.httpDuration.startTimer();
    try {
      await next();
    } finally {
      const route = c.req.routePath || '*';
      stop({ route });
      metrics.httpRequests.inc({ route, status: countedStatus(c) });
    }
  };
}
