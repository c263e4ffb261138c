/**
 * Live ticker socket clients for the measuring scripts (`npm run loadtest` live case, `npm run soak`; docs/API.md
 * 'Live tickers', docs/BENCHMARKS.md 'Live socket: load and soak'): `count` `ws` clients with the page's Origin,
 * subscribed to `lists`, that count messages and bytes and record each tick batch's delivery lag (receive time −
 * `sentAt`, one clock: client and server share the machine). Every 200th message is checked against the schema.
 * Also the server's resident set from its own `/metrics` (loopback).
 */
import { WebSocket } from 'ws';
import { LIVE_API, LiveServerMessage, type LiveList } from '../common/wire/live.ts';

/** What a client pool saw. */
export interface LiveClientStats {
  messages: number;
  tickBatches: number;
  bytes: number;
  /** Delivery lag of every tick batch, ms. */
  lags: number[];
  /** Sockets that closed or failed before the pool closed them. */
  disconnects: number;
  /** Messages that did not match LiveServerMessage (sampled). */
  invalid: number;
}

/** A running pool: its stats so far and its stop (closes every socket, resolves the final stats). */
export interface LiveClientPool {
  stats: LiveClientStats;
  close(): Promise<LiveClientStats>;
}

const SENT_AT = /"sentAt":(\d+)/;

/**
 * Loopback source addresses the clients spread over (127.0.1.1–127.0.1.64), as many browsers' addresses: the server
 * admits LIVE_MAX_PER_ADDRESS sockets per address (default 100), so one address could not open a load test's 200+.
 */
const CLIENT_ADDRESSES = 64;
let opened = 0;

/**
 * Opens `count` clients on `base` (`http://127.0.0.1:port`) subscribed to `lists`; resolves once all are open.
 * `onTicks` (optional) sees the text of every tick batch and its receive time (ms since epoch). Rejects when one
 * cannot connect.
 */
export async function openLiveClients(
  base: string,
  count: number,
  lists: LiveList[],
  onTicks?: (text: string, receivedAt: number) => void,
): Promise<LiveClientPool> {
  const stats: LiveClientStats = {
    messages: 0,
    tickBatches: 0,
    bytes: 0,
    lags: [],
    disconnects: 0,
    invalid: 0,
  };
  const url = `${base.replace(/^http/, 'ws')}${LIVE_API.path}`;
  let closing = false;
  const sockets: WebSocket[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const localAddress = `127.0.1.${(opened++ % CLIENT_ADDRESSES) + 1}`;
      const ws = new WebSocket(url, { origin: base, localAddress });
      sockets.push(ws);
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'subscribe', lists }));
        resolve();
      });
      ws.on('message', (raw: Buffer) => {
        const received = Date.now();
        const text = raw.toString();
        stats.messages++;
        stats.bytes += raw.length;
        if (stats.messages % 200 === 0 && !LiveServerMessage.safeParse(JSON.parse(text)).success)
          stats.invalid++;
        if (!text.startsWith('{"type":"ticks"')) return;
        stats.tickBatches++;
        onTicks?.(text, received);
        const sentAt = Number(SENT_AT.exec(text)?.[1]);
        if (Number.isFinite(sentAt)) stats.lags.push(received - sentAt);
      });
      ws.on('error', reject);
      ws.on('close', () => {
        if (!closing) stats.disconnects++;
      });
    });
  // A few at a time, like visitors arriving (all at once would measure the handshake burst).
  for (let i = 0; i < count; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, count - i) }, open));
  }
  return {
    stats,
    async close() {
      closing = true;
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once('close', () => resolve());
              ws.close();
            }),
        ),
      );
      return stats;
    },
  };
}

/** The `q` quantile (0…1) of `values` (nearest rank), or NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The server's resident set (bytes) from its `/metrics` (`process_resident_memory_bytes`); loopback only. */
export async function serverRss(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  if (!m) throw new Error('the server /metrics has no process_resident_memory_bytes');
  return Number(m[1]);
}

/** Bytes as MB with one decimal. */
export const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
