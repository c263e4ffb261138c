/**
 * The Gate REST poller (SPEC §9 refresh; docs/API.md 'Market sources'): with `MARKET_SOURCE=gate` the server — never
 * the browsers — polls Gate API v4 for the spot and USDT futures lists:
 *
 * - `GET {GATE_REST_URL}/spot/tickers` and `/futures/usdt/tickers` every `tickersEveryMs` (GATE_TICKERS_POLL_S),
 *   `/futures/usdt/contracts` every `contractsEveryMs` (600 s, SPEC §9).
 * - Each request times out after `timeoutMs` (4,000 ms, SPEC §9), is retried `retries` times with capped backoff and
 *   jitter (pacing.ts), and all of them share a pace of `maxRps` requests a second (UPSTREAM_MAX_RPS, default 2:
 *   Gate's published public limit is 200 requests per 10 s per endpoint).
 * - A reply is checked with zod (gate-schemas.ts) before it replaces anything: not JSON, not an array, or no valid row
 *   → the reply is invalid; rows that fail their schema are dropped and counted (`masthead_upstream_dropped_total`,
 *   reason `bad_value`), the rest kept. A good reply swaps its list whole (MarketStore.replace).
 * - A failed or invalid poll keeps the last good list, marked stale with its age (MarketStore.setFreshness; the spot
 *   and futures answers then carry `X-Market-Stale: 1` and the list's real time). Before the first good reply the
 *   snapshot is served, which the server says in one log line.
 * - One log line per change of a list's state (serving the snapshot, fresh, stale, recovered), never one per poll.
 */
import type { z } from 'zod';
import { ownGet } from '../../common/own.ts';
import type { MarketData } from '../market-data/types.ts';
import type { MarketStore, SourcedList } from '../market-data/store.ts';
import { parseContracts, type UsdtContract } from '../market-data/futures.ts';
import { parseSpotTickers, type SpotTicker } from '../market-data/spot.ts';
import { rebuildMarketData, type FuturesFigures } from '../market-data/rebuild.ts';
import type { RawRow } from '../market-data/read.ts';
import { GateContract, GateFuturesTicker, GateSpotTicker } from './gate-schemas.ts';
import type { UpstreamMetrics } from './metrics.ts';
import { backoffMs, RequestPacer } from './pacing.ts';

/** SPEC §9: upstream request time-out, ms. */
export const REST_TIMEOUT_MS = 4_000;
/** SPEC §9: contracts are refreshed every 600 s. */
export const CONTRACTS_EVERY_MS = 600_000;
/** Largest reply read, bytes (the spot tickers are ~1.5 MB). */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** The three endpoints, by the name used in metrics and logs. */
export const GATE_ENDPOINTS = {
  spot_tickers: '/spot/tickers',
  futures_contracts: '/futures/usdt/contracts',
  futures_tickers: '/futures/usdt/tickers',
} as const;
type Endpoint = keyof typeof GATE_ENDPOINTS;

/** Options of the poller. */
export interface GatePollerOptions {
  /** GATE_REST_URL: the API base with its version path, no trailing slash needed. */
  baseUrl: string;
  store: MarketStore;
  metrics: UpstreamMetrics;
  tickersEveryMs: number;
  contractsEveryMs?: number;
  maxRps: number;
  timeoutMs?: number;
  /** Retries of a failed request within one poll (default 2). */
  retries?: number;
  /** First retry's nominal delay and the cap, ms (defaults 500, 5,000). */
  retryBaseMs?: number;
  retryCapMs?: number;
  log?: (line: string) => void;
  random?: () => number;
  fetch?: typeof fetch;
}

/** The poller: started once, stopped once. */
export interface GatePoller {
  start(): void;
  stop(): void;
  /** Polls the tickers now (and the contracts when due); resolves when the store is updated (tests). */
  pollNow(): Promise<void>;
}

type ListState = 'snapshot' | 'fresh' | 'stale';

/** A request's failure: `invalid` (the reply is not what Gate documents) or `error` (network, time-out, status). */
class PollError extends Error {
  constructor(
    readonly outcome: 'error' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** Builds the poller (see the module comment). */
export function gatePoller(o: GatePollerOptions): GatePoller {
  const log = o.log ?? ((line: string) => console.info(line));
  const doFetch = o.fetch ?? fetch;
  const random = o.random ?? Math.random;
  const pacer = new RequestPacer(o.maxRps);
  const base = o.baseUrl.replace(/\/+$/, '');
  const snapshot: MarketData = o.store.current();
  let spot: readonly SpotTicker[] | undefined;
  let contracts: readonly UsdtContract[] | undefined;
  let figures: Map<string, FuturesFigures> | undefined;
  let contractsAt = 0;
  const states: Record<SourcedList, ListState> = { spot: 'snapshot', futures: 'snapshot' };
  let tickersTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  /** One GET with time-out, retries and pacing; the parsed JSON array or a PollError. */
  const get = async (endpoint: Endpoint): Promise<unknown[]> => {
    const retries = o.retries ?? 2;
    let last: PollError | undefined;
    for (let attempt = 0; attempt <= retries && !stopped; attempt++) {
      if (attempt > 0) {
        const wait = backoffMs(attempt, o.retryBaseMs ?? 500, o.retryCapMs ?? 5_000, random);
        await new Promise((r) => setTimeout(r, wait).unref());
      }
      await pacer.wait();
      try {
        const res = await doFetch(`${base}${ownGet(GATE_ENDPOINTS, endpoint)!}`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(o.timeoutMs ?? REST_TIMEOUT_MS),
        });
        if (!res.ok) throw new PollError('error', `HTTP ${res.status}`);
        if (Number(res.headers.get('content-length') ?? 0) > MAX_REPLY_BYTES)
          throw new PollError('invalid', 'reply too large');
        const text = await res.text();
        if (text.length > MAX_REPLY_BYTES) throw new PollError('invalid', 'reply too large');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new PollError('invalid', 'not JSON');
        }
        if (!Array.isArray(json)) throw new PollError('invalid', 'not a JSON array');
        o.metrics.polls.inc({ source: 'gate', endpoint, outcome: 'ok' });
        return json;
      } catch (err) {
        last = err instanceof PollError ? err : new PollError('error', (err as Error).message);
        o.metrics.polls.inc({ source: 'gate', endpoint, outcome: last.outcome });
        // An invalid reply is not retried: the next poll asks again.
        if (last.outcome === 'invalid') break;
      }
    }
    throw last ?? new PollError('error', 'stopped');
  };

  /** The rows of `json` valid under `schema` (the others dropped and counted); invalid when none is. */
  const validRows = <S extends z.ZodType>(json: unknown[], schema: S, market: string): z.output<S>[] => {
    const rows: z.output<S>[] = [];
    for (const row of json) {
      const parsed = schema.safeParse(row);
      if (parsed.success) rows.push(parsed.data);
      else o.metrics.dropped.inc({ source: 'gate', market, reason: 'bad_value' });
    }
    if (rows.length === 0) throw new PollError('invalid', 'no valid row');
    return rows;
  };

  const setState = (list: SourcedList, next: ListState, detail = '') => {
    const was = states[list];
    if (was === next) return;
    states[list] = next;
    const words =
      next === 'stale'
        ? `stale (${detail}); serving the last good list`
        : was === 'stale'
          ? 'recovered'
          : was === 'snapshot' && next === 'fresh'
            ? 'connected; serving Gate'
            : next;
    log(`masthead upstream: gate rest ${list}: ${words}`);
  };

  const failed = (list: SourcedList, err: unknown) => {
    const f = o.store.freshness(list);
    if (states[list] === 'snapshot') return; // still the snapshot (its line was said at start)
    o.store.setFreshness(list, { ...f, stale: true });
    o.metrics.listStale.set({ list }, 1);
    setState(list, 'stale', (err as Error).message);
  };
  const succeeded = (list: SourcedList, at: number) => {
    o.store.setFreshness(list, { source: 'gate', updatedAt: at, stale: false });
    o.metrics.listStale.set({ list }, 0);
    o.metrics.listFetched(list, at);
    setState(list, 'fresh');
  };

  const pollSpot = async () => {
    try {
      const rows = validRows(await get('spot_tickers'), GateSpotTicker, 'spot').map((r) => ({
        ...r,
        change_utc0: r.change_utc0 ?? r.change_percentage,
        change_utc8: r.change_utc8 ?? r.change_percentage,
      }));
      const parsed = parseSpotTickers(rows as RawRow[], 'gate /spot/tickers');
      spot = parsed;
      o.store.replace(rebuildMarketData(o.store.current(), { spot, contracts, futuresTickers: figures }));
      succeeded('spot', Date.now());
    } catch (err) {
      failed('spot', err);
    }
  };

  const pollFutures = async () => {
    try {
      if (!contracts || Date.now() - contractsAt >= (o.contractsEveryMs ?? CONTRACTS_EVERY_MS)) {
        const rows = validRows(await get('futures_contracts'), GateContract, 'futures');
        contracts = parseContracts(rows as RawRow[], 'gate /futures/usdt/contracts');
        contractsAt = Date.now();
      }
      const tickers = validRows(await get('futures_tickers'), GateFuturesTicker, 'futures');
      figures = new Map(
        tickers.map((t) => [
          t.contract,
          {
            last: t.last,
            change: t.change_percentage,
            changeUtc0: t.change_utc0,
            changeUtc8: t.change_utc8,
            quoteVolume: t.volume_24h_quote,
          },
        ]),
      );
      o.store.replace(rebuildMarketData(o.store.current(), { spot, contracts, futuresTickers: figures }));
      succeeded('futures', Date.now());
    } catch (err) {
      failed('futures', err);
    }
  };

  const poll = () => {
    running ??= Promise.all([pollSpot(), pollFutures()]).then(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (tickersTimer || stopped) return;
      log(
        `masthead upstream: gate rest: no good reply yet; serving the snapshot (${snapshot.dataDir}) until ${base} answers`,
      );
      void poll();
      tickersTimer = setInterval(() => void poll(), o.tickersEveryMs);
      tickersTimer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(tickersTimer);
    },
    pollNow: poll,
  };
}
