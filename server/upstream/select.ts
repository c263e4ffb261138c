/**
 * Choosing the market sources from the settings (docs/SETTINGS.md 'Market sources'; docs/API.md 'Market sources'):
 *
 * | setting | spot list | USDT futures list | live ticks |
 * |---|---|---|---|
 * | MARKET_SOURCE=snapshot (default) | snapshot file | snapshot file | — |
 * | MARKET_SOURCE=gate | Gate REST, polled | Gate REST, polled | — |
 * | LIVE_SOURCE=simulated (default) | — | — | the walk, over every list served |
 * | LIVE_SOURCE=gate | — | — | Gate spot.tickers, futures.tickers; the walk for pilot and BTC-settled contracts |
 * | LIVE_SOURCE=binance | — | — | Binance !miniTicker@arr for spot; the walk for futures and pilot |
 *
 * The pilot, pre-mint and pre-market lists and the BTC-settled contracts always come from the snapshot (no upstream
 * here has them; they stay marked `synthetic` where they were). The walk starts again from each swapped list, so a
 * polled price is never walked back to the snapshot's.
 */
import { LIVE_LISTS, type LiveList } from '../../common/wire/live.ts';
import type { ServerConfig } from '../config.ts';
import { simulatedSource } from '../live/simulated.ts';
import { combineSources, type EmitBatch, type TickSource } from '../live/source.ts';
import { marketStore, type MarketStore } from '../market-data/store.ts';
import type { MarketData } from '../market-data/types.ts';
import type { Metrics } from '../metrics.ts';
import { binanceWsSource } from './binance-ws.ts';
import { gatePoller, type GatePoller } from './gate-rest.ts';
import { gateWsSource } from './gate-ws.ts';

/** The chosen sources: the store the routes read, the hub's tick source, and the poller's start and stop. */
export interface MarketSources {
  store: MarketStore;
  source: TickSource;
  /** Starts polling (MARKET_SOURCE=gate; a no-op for the snapshot). */
  start(): void;
  stop(): void;
}

/** The settings the sources read. */
type SourceSettings = Pick<
  ServerConfig,
  | 'MARKET_SOURCE'
  | 'LIVE_SOURCE'
  | 'GATE_REST_URL'
  | 'GATE_WS_SPOT_URL'
  | 'GATE_WS_FUTURES_URL'
  | 'BINANCE_WS_URL'
  | 'GATE_TICKERS_POLL_S'
  | 'UPSTREAM_MAX_RPS'
  | 'UPSTREAM_PING_MS'
  | 'UPSTREAM_HEARTBEAT_MS'
  | 'TICKS_PER_S'
  | 'LIVE_SEED'
>;

/**
 * The walk over the lists `include` keeps, started again from each list `store` swaps in (the rate is the share of
 * TICKS_PER_S of the lists it walks).
 */
function reseedingWalk(
  store: MarketStore,
  settings: SourceSettings,
  include: ((list: LiveList, key: string) => boolean) | undefined,
  lists: readonly LiveList[],
): TickSource {
  const make = (data: MarketData) =>
    simulatedSource({
      data,
      ticksPerS: Math.round((settings.TICKS_PER_S * lists.length) / LIVE_LISTS.length),
      seed: settings.LIVE_SEED,
      include,
    });
  let inner = make(store.current());
  let emit: EmitBatch | undefined;
  store.onSwap((data) => {
    const next = make(data);
    if (emit) {
      inner.stop();
      next.start(emit);
    }
    inner = next;
  });
  return {
    name: 'simulated',
    start(e) {
      if (emit) return;
      emit = e;
      inner.start(e);
    },
    stop() {
      emit = undefined;
      inner.stop();
    },
  };
}

/** Builds the sources the settings choose over the snapshot `data` (see the module comment). */
export function marketSources(
  settings: SourceSettings,
  data: MarketData,
  metrics: Metrics,
  log: (line: string) => void = (line) => console.info(line),
): MarketSources {
  const store = marketStore(data);
  const common = {
    store,
    metrics: metrics.upstream,
    pingMs: settings.UPSTREAM_PING_MS,
    heartbeatMs: settings.UPSTREAM_HEARTBEAT_MS,
    log,
  };
  let source: TickSource;
  if (settings.LIVE_SOURCE === 'gate') {
    const gate = gateWsSource({
      ...common,
      spotUrl: settings.GATE_WS_SPOT_URL,
      futuresUrl: settings.GATE_WS_FUTURES_URL,
    });
    const synthetic = (list: LiveList, key: string) =>
      list === 'pilot' || (list === 'futures' && !key.startsWith('usdt:'));
    source = combineSources([gate, reseedingWalk(store, settings, synthetic, ['pilot', 'futures'])]);
  } else if (settings.LIVE_SOURCE === 'binance') {
    const binance = binanceWsSource({ ...common, url: settings.BINANCE_WS_URL });
    source = combineSources([
      binance,
      reseedingWalk(store, settings, (list) => list !== 'spot', ['pilot', 'futures']),
    ]);
  } else source = reseedingWalk(store, settings, undefined, LIVE_LISTS);
  let poller: GatePoller | undefined;
  if (settings.MARKET_SOURCE === 'gate') {
    poller = gatePoller({
      baseUrl: settings.GATE_REST_URL,
      store,
      metrics: metrics.upstream,
      tickersEveryMs: settings.GATE_TICKERS_POLL_S * 1000,
      maxRps: settings.UPSTREAM_MAX_RPS,
      log,
    });
  }
  return {
    store,
    source,
    start: () => poller?.start(),
    stop: () => poller?.stop(),
  };
}
