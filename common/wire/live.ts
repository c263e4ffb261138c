/**
 * The live ticker socket (SPEC §7 market lists, §9 refresh; docs/API.md 'Live tickers'): the messages the market
 * worker and the reference server exchange over one WebSocket at `LIVE_API.path`, each declared once as a zod schema
 * with its inferred type. The client subscribes per list; the server pushes, per list, batches of ticks that carry
 * what the rows show, with the server's send time. Prices travel as decimal strings like the REST snapshots, so the
 * worker formats a tick exactly as it formats a snapshot row. Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** The socket's path on the page's own origin (ws: or wss: by the page's scheme), and its limits. */
export const LIVE_API = {
  path: '/apiw/v2/live',
  /** Largest client message the server reads, bytes; a larger one closes the socket (1009). */
  maxClientMessageBytes: 1024,
  /** Client messages a connection may send per second before the server closes it (1008). */
  maxClientMessagesPerS: 20,
  /** Server heartbeat (a `ping` message) interval, ms; a client that hears nothing for 2.5× this reconnects. */
  heartbeatMs: 15_000,
} as const;

/** The lists that tick (the pre-market list has no live prices). */
export const LIVE_LISTS = ['spot', 'futures', 'pilot'] as const;
export type LiveList = (typeof LIVE_LISTS)[number];

/** Client → server: start or stop the ticks of some lists. Repeating a subscription is harmless. */
export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), lists: z.array(z.enum(LIVE_LISTS)).check(z.maxLength(3)) }),
  z.object({ type: z.literal('unsubscribe'), lists: z.array(z.enum(LIVE_LISTS)).check(z.maxLength(3)) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/**
 * One tick: `[key, lastPrice, change24hPct, quoteVolume24h]`, the decimal strings the snapshot rows carry.
 * key: the spot `pair` (`BTC_USDT`), the futures contract `name` with its settle (`usdt:BTC_USDT`), or the pilot
 * token `address`. For a futures contract the quote volume is in its settle's quote (USDT or USD).
 */
export const LiveTick = z.tuple([z.string(), z.string(), z.string(), z.string()]);
export type LiveTick = z.infer<typeof LiveTick>;

/** Server → client messages. */
export const LiveServerMessage = z.discriminatedUnion('type', [
  /** The latest value per symbol since the last batch of this list (coalesced: one tick per key at most). */
  z.object({
    type: z.literal('ticks'),
    list: z.enum(LIVE_LISTS),
    /** The server's send time, ms since the epoch. */
    sentAt: z.number(),
    ticks: z.array(LiveTick),
  }),
  /** The lists this connection now receives (the answer to subscribe and unsubscribe). */
  z.object({ type: z.literal('subscribed'), lists: z.array(z.enum(LIVE_LISTS)) }),
  /** Heartbeat, every `LIVE_API.heartbeatMs`. */
  z.object({ type: z.literal('ping'), sentAt: z.number() }),
  /**
   * The server dropped ticks of these lists it could not hold for a slow reader (its per-socket budget is bounded in
   * bytes): the client refetches them over REST, then the ticks resume.
   */
  z.object({ type: z.literal('resync'), lists: z.array(z.enum(LIVE_LISTS)) }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;

/** The futures tick key of a contract: `settle:name`, settle in lower case (`usdt:BTC_USDT`). */
export function futuresTickKey(settle: string, name: string): string {
  return `${settle.toLowerCase()}:${name}`;
}
