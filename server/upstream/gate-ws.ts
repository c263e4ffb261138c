/**
 * The Gate WebSocket v4 tick source (docs/API.md 'Market sources'; Gate's public WebSocket v4 documentation): with
 * `LIVE_SOURCE=gate`, `spot.tickers` on GATE_WS_SPOT_URL for every pair of the spot list served and `futures.tickers`
 * on GATE_WS_FUTURES_URL for every real USDT contract (the synthetic BTC-settled ones stay on the walk).
 *
 * - Gate has no all-pairs ticker subscription: pairs are subscribed `pairsPerMessage` (100) a message, over as many
 *   connections as `pairsPerConnection` (500) asks; when the lists are swapped the new pairs are subscribed (on a
 *   connection with room, or a new one) and the gone ones unsubscribed.
 * - Application ping (`spot.ping`, `futures.ping`) every `pingMs`; heartbeat time-out, reconnect and re-subscription
 *   are the connection's (socket.ts).
 * - An update's `result` is one object on spot and an array on futures; both are accepted on both. Each item becomes
 *   the wire tick `[pair, last, change %, quote volume]` (futures key `usdt:NAME`) stamped with the frame's `time_ms`,
 *   and goes through the relay's table (relay.ts): unknown pairs, bad values and out-of-order updates are dropped and
 *   counted, like frames that are not JSON, not Gate's envelope, error acknowledgements or on another channel.
 */
import { futuresTickKey, type LiveList, type LiveTick } from '../../common/wire/live.ts';
import type { MarketData } from '../market-data/types.ts';
import { GateFrame, GateFuturesUpdate, GateSpotUpdate } from './gate-schemas.ts';
import type { DropReason } from './metrics.ts';
import { flushEvery, parseFrame, TickTable, type RelayOptions, type RelaySource } from './relay.ts';
import { MarketLink, UpstreamConnection, type FrameKind } from './socket.ts';

/** Pairs per subscribe message. */
export const GATE_PAIRS_PER_MESSAGE = 100;
/** Pairs per connection. */
export const GATE_PAIRS_PER_CONNECTION = 500;
/** Largest Gate frame read, bytes (one ticker update is under 1 KB; a futures array of a few hundred, under 256 KB). */
export const GATE_MAX_FRAME_BYTES = 512 * 1024;

/** The two Gate markets: each is the channel prefix and the live list it feeds. */
export type GateMarket = Extract<LiveList, 'spot' | 'futures'>;

/** The upstream names of `market`'s rows in `data`: spot pairs, or the real USDT contracts' names. */
export function gatePairs(data: MarketData, market: GateMarket): string[] {
  return market === 'spot'
    ? data.spot.map((r) => r.pair)
    : data.contracts.filter((c) => c.settle === 'usdt' && !c.synthetic).map((c) => c.name);
}

/** The tick key of upstream name `name` on `market`. */
const keyOf = (market: GateMarket, name: string) => (market === 'spot' ? name : futuresTickKey('usdt', name));

/**
 * Reads one Gate frame of `market` into `table` (pure but for the table; exported for tests): returns what the frame
 * was; updates dropped item by item are reported to `drop`.
 */
export function readGateFrame(
  market: GateMarket,
  text: string,
  receivedAt: number,
  table: TickTable,
  drop: (reason: DropReason) => void,
): FrameKind {
  const json = parseFrame(text);
  if (json === undefined) return { drop: 'malformed' };
  const frame = GateFrame.safeParse(json);
  if (!frame.success) return { drop: 'malformed' };
  const f = frame.data;
  if (f.channel === `${market}.pong`) return 'pong';
  if (f.channel !== `${market}.tickers`) return { drop: 'unexpected' };
  if (f.event === 'subscribe' || f.event === 'unsubscribe') {
    const status = (f.result as { status?: unknown } | null | undefined)?.status;
    return f.error || status !== 'success' ? { drop: 'error_ack', ack: f.event === 'subscribe' } : 'ack';
  }
  if (f.event !== 'update' || f.error) return { drop: f.error ? 'error_ack' : 'unexpected' };
  const at = f.time_ms ?? (f.time !== undefined ? f.time * 1000 : receivedAt);
  const items = Array.isArray(f.result) ? f.result : [f.result];
  for (const item of items) {
    const tick = gateTick(market, item);
    const reason = tick ? table.accept(market, tick, at) : 'bad_value';
    if (reason) drop(reason);
  }
  return 'data';
}

/** The wire tick of one update item, or null when its fields are not strings. */
function gateTick(market: GateMarket, item: unknown): LiveTick | null {
  if (market === 'spot') {
    const u = GateSpotUpdate.safeParse(item);
    return u.success
      ? [u.data.currency_pair, u.data.last, u.data.change_percentage, u.data.quote_volume]
      : null;
  }
  const u = GateFuturesUpdate.safeParse(item);
  return u.success
    ? [keyOf('futures', u.data.contract), u.data.last, u.data.change_percentage, u.data.volume_24h_quote]
    : null;
}

/** Options of the Gate source: the socket URLs and the batching, on top of the relay's. */
export interface GateWsOptions extends RelayOptions {
  spotUrl: string;
  futuresUrl: string;
  pairsPerMessage?: number;
  pairsPerConnection?: number;
}

/** Builds the Gate tick source (see the module comment). */
export function gateWsSource(o: GateWsOptions): RelaySource {
  const log = o.log ?? ((line: string) => console.info(line));
  const perMessage = o.pairsPerMessage ?? GATE_PAIRS_PER_MESSAGE;
  const perConnection = o.pairsPerConnection ?? GATE_PAIRS_PER_CONNECTION;
  const known: Record<GateMarket, Set<string>> = { spot: new Set(), futures: new Set() };
  const table = new TickTable((list, key) => known[list as GateMarket]?.has(key) ?? false);
  let running = false;
  let stopFlush: (() => void) | undefined;

  const nowS = () => Math.floor(Date.now() / 1000);
  const request = (market: GateMarket, event: 'subscribe' | 'unsubscribe', pairs: readonly string[]) =>
    JSON.stringify({ time: nowS(), channel: `${market}.tickers`, event, payload: pairs });
  const batches = (pairs: readonly string[]) => {
    const out: string[][] = [];
    for (let i = 0; i < pairs.length; i += perMessage) out.push(pairs.slice(i, i + perMessage));
    return out;
  };

  /** One market: its link, and which connection each pair is subscribed on. */
  const market = (m: GateMarket) => {
    const link = new MarketLink('gate', m, o.metrics, log);
    const pairsOf: Set<string>[] = [];
    const addConnection = () => {
      const pairs = new Set<string>();
      const conn = new UpstreamConnection(
        {
          url: m === 'spot' ? o.spotUrl : o.futuresUrl,
          source: 'gate',
          market: m,
          metrics: o.metrics,
          pingMs: o.pingMs,
          heartbeatMs: o.heartbeatMs,
          maxFrameBytes: GATE_MAX_FRAME_BYTES,
          reconnectBaseMs: o.reconnectBaseMs,
          reconnectCapMs: o.reconnectCapMs,
          status: (_up, why) => link.changed(why),
        },
        {
          opened(send) {
            const messages = batches([...pairs]);
            for (const b of messages) send(request(m, 'subscribe', b));
            return messages.length;
          },
          frame: (text, at) =>
            readGateFrame(m, text, at, table, (reason) =>
              o.metrics.dropped.inc({ source: 'gate', market: m, reason }),
            ),
          ping: () => JSON.stringify({ time: nowS(), channel: `${m}.ping` }),
        },
      );
      link.connections.push(conn);
      pairsOf.push(pairs);
      if (running) conn.start();
    };
    /** Subscribes the pairs of `data` not yet subscribed, unsubscribes the gone ones. */
    const sync = (data: MarketData) => {
      const wanted = new Set(gatePairs(data, m));
      known[m] = new Set([...wanted].map((p) => keyOf(m, p)));
      pairsOf.forEach((pairs, i) => {
        const gone = [...pairs].filter((p) => !wanted.has(p));
        gone.forEach((p) => pairs.delete(p));
        for (const b of batches(gone)) link.connections[i]!.send(request(m, 'unsubscribe', b));
      });
      // A connection left with no pair is closed.
      for (let i = pairsOf.length - 1; i >= 0; i--) {
        if (pairsOf[i]!.size > 0) continue;
        link.connections.splice(i, 1)[0]!.stop();
        pairsOf.splice(i, 1);
      }
      const have = new Set(pairsOf.flatMap((s) => [...s]));
      const added = [...wanted].filter((p) => !have.has(p));
      let at = 0;
      while (added.length) {
        while (at < pairsOf.length && pairsOf[at]!.size >= perConnection) at++;
        if (at === pairsOf.length) addConnection();
        const pairs = pairsOf[at]!;
        const take = added.splice(0, perConnection - pairs.size);
        take.forEach((p) => pairs.add(p));
        const conn = link.connections[at]!;
        for (const b of batches(take)) if (conn.send(request(m, 'subscribe', b))) conn.expectAcks(1);
      }
      link.changed('lists changed');
    };
    return { link, sync };
  };

  const markets = [market('spot'), market('futures')];
  const syncAll = (data: MarketData) => markets.forEach((mk) => mk.sync(data));
  syncAll(o.store.current());
  o.store.onSwap(syncAll);

  return {
    name: 'gate',
    table,
    start(emit) {
      if (running) return;
      running = true;
      markets.forEach((mk) => mk.link.start());
      stopFlush = flushEvery(table, emit, o.flushMs);
    },
    stop() {
      if (!running) return;
      running = false;
      stopFlush?.();
      markets.forEach((mk) => mk.link.stop());
    },
  };
}
