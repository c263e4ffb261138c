/**
 * The Binance all-market mini-ticker tick source (docs/API.md 'Market sources'; Binance's public WebSocket streams
 * documentation): with `LIVE_SOURCE=binance`, one socket on `{BINANCE_WS_URL}/!miniTicker@arr`, which pushes once a
 * second an array of the symbols that changed. Binance's symbols have no separator (`BTCUSDT`): each maps to the spot
 * list's own pair (`BTC_USDT`) by the pair with its underscore removed; a symbol two pairs would make (`AB_CUSDT`,
 * `ABC_USDT`) maps to neither. The 24h change is computed from open and close (the stream has no percent field), two
 * decimals. Only the spot list ticks from Binance; the futures and pilot lists stay on the walk.
 *
 * Frames are read like Gate's (gate-ws.ts): not JSON, not an array of mini-tickers, error replies → dropped and
 * counted; each item through the relay's table (unknown symbol, bad value, older than the symbol's last `E`). A
 * protocol ping every `pingMs`; heartbeat time-out and reconnect are the connection's (socket.ts).
 */
import { z } from 'zod';
import type { LiveTick } from '../../common/wire/live.ts';
import type { MarketData } from '../market-data/types.ts';
import type { DropReason } from './metrics.ts';
import {
  flushEvery,
  parseFrame,
  isDecimal,
  TickTable,
  type RelayOptions,
  type RelaySource,
} from './relay.ts';
import { MarketLink, UpstreamConnection, type FrameKind } from './socket.ts';

/** The stream path appended to BINANCE_WS_URL. */
export const BINANCE_STREAM = '/!miniTicker@arr';
/** Largest frame read, bytes (all ~3,000 symbols at ~170 bytes each fit). */
export const BINANCE_MAX_FRAME_BYTES = 768 * 1024;

const MiniTicker = z.looseObject({
  e: z.literal('24hrMiniTicker'),
  E: z.number(),
  s: z.string(),
  c: z.string(),
  o: z.string(),
  q: z.string(),
});

/** Binance symbol → spot pair, by the pairs of `data` (ambiguous symbols left out). */
export function binanceSymbols(data: MarketData): Map<string, string> {
  const out = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const { pair } of data.spot) {
    const symbol = pair.replace('_', '').toUpperCase();
    if (out.has(symbol)) ambiguous.add(symbol);
    out.set(symbol, pair);
  }
  ambiguous.forEach((s) => out.delete(s));
  return out;
}

/** The wire tick of one mini-ticker (`pair` already mapped): change % from open and close. */
function miniTick(pair: string, t: z.output<typeof MiniTicker>): LiveTick | null {
  if (!isDecimal(t.o) || !isDecimal(t.c)) return null;
  const open = Number(t.o);
  const change = open > 0 ? ((Number(t.c) / open - 1) * 100).toFixed(2) : '0.00';
  return [pair, t.c, change, t.q];
}

/** Reads one Binance frame into `table` (exported for tests); items dropped one by one are reported to `drop`. */
export function readBinanceFrame(
  text: string,
  symbols: ReadonlyMap<string, string>,
  table: TickTable,
  drop: (reason: DropReason) => void,
): FrameKind {
  const json = parseFrame(text);
  if (json === undefined) return { drop: 'malformed' };
  if (!Array.isArray(json)) {
    const error = json !== null && typeof json === 'object' && 'error' in json;
    return { drop: error ? 'error_ack' : 'unexpected' };
  }
  for (const item of json) {
    const t = MiniTicker.safeParse(item);
    if (!t.success) {
      drop('bad_value');
      continue;
    }
    const pair = symbols.get(t.data.s);
    if (!pair) {
      drop('unknown_pair');
      continue;
    }
    const tick = miniTick(pair, t.data);
    const reason = tick ? table.accept('spot', tick, t.data.E) : 'bad_value';
    if (reason) drop(reason);
  }
  return 'data';
}

/** Options of the Binance source: the stream base (BINANCE_WS_URL), on top of the relay's. */
export interface BinanceWsOptions extends RelayOptions {
  url: string;
}

/** Builds the Binance tick source (see the module comment). */
export function binanceWsSource(o: BinanceWsOptions): RelaySource {
  const log = o.log ?? ((line: string) => console.info(line));
  let symbols = binanceSymbols(o.store.current());
  let pairs = new Set(symbols.values());
  o.store.onSwap((data) => {
    symbols = binanceSymbols(data);
    pairs = new Set(symbols.values());
  });
  const table = new TickTable((list, key) => list === 'spot' && pairs.has(key));
  const link = new MarketLink('binance', 'spot', o.metrics, log);
  link.connections.push(
    new UpstreamConnection(
      {
        url: `${o.url.replace(/\/+$/, '')}${BINANCE_STREAM}`,
        source: 'binance',
        market: 'spot',
        metrics: o.metrics,
        pingMs: o.pingMs,
        heartbeatMs: o.heartbeatMs,
        maxFrameBytes: BINANCE_MAX_FRAME_BYTES,
        reconnectBaseMs: o.reconnectBaseMs,
        reconnectCapMs: o.reconnectCapMs,
        status: (_up, why) => link.changed(why),
      },
      {
        opened: () => 0,
        frame: (text) =>
          readBinanceFrame(text, symbols, table, (reason) =>
            o.metrics.dropped.inc({ source: 'binance', market: 'spot', reason }),
          ),
      },
    ),
  );
  let stopFlush: (() => void) | undefined;
  return {
    name: 'binance',
    table,
    start(emit) {
      if (stopFlush) return;
      link.start();
      stopFlush = flushEvery(table, emit, o.flushMs);
    },
    stop() {
      if (!stopFlush) return;
      stopFlush();
      stopFlush = undefined;
      link.stop();
    },
  };
}
