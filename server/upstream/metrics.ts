/**
 * The upstream relay's metrics (docs/API.md 'Metrics', 'Market sources'), on the app's registry (server/metrics.ts):
 *
 * | metric | type | labels |
 * |---|---|---|
 * | masthead_upstream_connected | gauge: 1 while the upstream socket is open and subscribed, else 0 | source, market |
 * | masthead_upstream_last_message_age_seconds | gauge: seconds since the last frame (absent before the first) | source, market |
 * | masthead_upstream_messages_total | counter: frames read | source, market |
 * | masthead_upstream_dropped_total | counter: frames or updates dropped | source, market, reason |
 * | masthead_upstream_reconnects_total | counter: connection attempts after a loss | source, market |
 * | masthead_upstream_polls_total | counter: REST polls | source, endpoint, outcome (ok, error, invalid) |
 * | masthead_upstream_list_age_seconds | gauge: age of the list served (since its last good reply) | list |
 * | masthead_upstream_list_stale | gauge: 1 while the list served is older than its last poll | list |
 *
 * `source` is `gate` or `binance`; `market` is `spot` or `futures`; `reason` is one of DROP_REASONS.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

/** Why an upstream frame or update was dropped. */
export const DROP_REASONS = [
  'malformed',
  'too_large',
  'error_ack',
  'unknown_pair',
  'bad_value',
  'out_of_order',
  'unexpected',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** The upstream metrics of one app. */
export interface UpstreamMetrics {
  connected: Gauge<'source' | 'market'>;
  messages: Counter<'source' | 'market'>;
  dropped: Counter<'source' | 'market' | 'reason'>;
  reconnects: Counter<'source' | 'market'>;
  polls: Counter<'source' | 'endpoint' | 'outcome'>;
  listStale: Gauge<'list'>;
  /** Records a frame from `source`/`market` at `at` (ms since epoch; the age gauge counts from it). */
  heard(source: string, market: string, at: number): void;
  /** Records a good reply for `list` at `at` (ms since epoch; the list age gauge counts from it). */
  listFetched(list: string, at: number): void;
}

/** Creates the upstream metrics on `registry`. */
export function createUpstreamMetrics(registry: Registry): UpstreamMetrics {
  const registers = [registry];
  const lastHeard = new Map<string, { source: string; market: string; at: number }>();
  const listAt = new Map<string, number>();
  ageGauges(registers, lastHeard, listAt);
  return {
    connected: new Gauge({
      name: 'masthead_upstream_connected',
      help: '1 while the upstream socket is open and subscribed, else 0',
      labelNames: ['source', 'market'],
      registers,
    }),
    messages: new Counter({
      name: 'masthead_upstream_messages_total',
      help: 'Frames read from upstream sockets',
      labelNames: ['source', 'market'],
      registers,
    }),
    dropped: new Counter({
      name: 'masthead_upstream_dropped_total',
      help: 'Upstream frames or updates dropped before reaching any browser, by reason',
      labelNames: ['source', 'market', 'reason'],
      registers,
    }),
    reconnects: new Counter({
      name: 'masthead_upstream_reconnects_total',
      help: 'Upstream socket connection attempts after a lost or failed connection',
      labelNames: ['source', 'market'],
      registers,
    }),
    polls: new Counter({
      name: 'masthead_upstream_polls_total',
      help: 'Upstream REST polls, by endpoint and outcome (ok, error, invalid)',
      labelNames: ['source', 'endpoint', 'outcome'],
      registers,
    }),
    listStale: new Gauge({
      name: 'masthead_upstream_list_stale',
      help: '1 while a list served is older than its last poll (the poll failed), else 0',
      labelNames: ['list'],
      registers,
    }),
    heard(source, market, at) {
      lastHeard.set(`${source}|${market}`, { source, market, at });
    },
    listFetched(list, at) {
      listAt.set(list, at);
    },
  };
}

/** The two age gauges, computed when scraped. */
function ageGauges(
  registers: Registry[],
  lastHeard: ReadonlyMap<string, { source: string; market: string; at: number }>,
  listAt: ReadonlyMap<string, number>,
): void {
  new Gauge({
    name: 'masthead_upstream_last_message_age_seconds',
    help: 'Seconds since the last frame of an upstream socket',
    labelNames: ['source', 'market'],
    registers,
    collect() {
      const now = Date.now();
      for (const h of lastHeard.values())
        this.set({ source: h.source, market: h.market }, Math.max(0, (now - h.at) / 1000));
    },
  });
  new Gauge({
    name: 'masthead_upstream_list_age_seconds',
    help: 'Seconds since the last good upstream reply of a list served',
    labelNames: ['list'],
    registers,
    collect() {
      const now = Date.now();
      for (const [list, at] of listAt) this.set({ list }, Math.max(0, (now - at) / 1000));
    },
  });
}
