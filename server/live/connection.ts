/**
 * One connection of the live ticker socket (docs/API.md 'Live tickers'; docs/SECURITY.md 'Live socket'): what it
 * subscribed to, what it has not been sent, and the rules that end it whatever the client claims.
 *
 * - Liveness: every heartbeat (and once at open) a protocol ping with a random 16-byte payload; only a pong carrying
 *   that payload counts, so a client that never reads cannot stay alive by sending pongs blindly. A ping unanswered
 *   after `pongTimeoutMs` terminates the socket.
 * - A send buffer over `busyBytes` makes the connection busy: ticks are coalesced within a byte budget
 *   (server/live/coalesce.ts) and sent, or replaced by `resync`, when it drains. Busy for longer than `slowCloseMs`:
 *   closed with 1013 ("try again later").
 * - No subscription for `idleCloseMs` (from the open, or from the last unsubscribe): closed with 1008, so idle sockets
 *   cannot hoard slots.
 * - More than `LIVE_API.maxClientMessagesPerS` messages in a second: closed with 1008; malformed messages are
 *   ignored and counted.
 * - Every close the server decides is followed by a terminate after `closeGraceMs`, so a peer that never completes
 *   the closing handshake does not keep its slot for ws's 30 s close timeout.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  LIVE_API,
  LIVE_LISTS,
  LiveClientMessage,
  type LiveList,
  type LiveServerMessage,
  type LiveTick,
} from '../../common/wire/live.ts';
import type { Metrics } from '../metrics.ts';
import { DEFAULT_LIVE_IDLE_CLOSE_MS, DEFAULT_LIVE_SLOW_CLOSE_MS } from '../config.ts';
import { Coalescer, DEFAULT_MAX_PENDING_BYTES, tickBytes } from './coalesce.ts';

/** Most tick bytes (counted as by tickBytes) in one `ticks` message of a mid-stream start (`startFrom`). */
export const SNAPSHOT_CHUNK_BYTES = 32 * 1024;

/** Why the server ended a connection (`masthead_live_closed_total{reason}`). */
export type CloseReason = 'pong_timeout' | 'slow' | 'idle' | 'flood' | 'shutdown';

/** The per-connection limits (server/config.ts 'Hostile clients' block; defaults in DEFAULT_CONNECTION_LIMITS). */
export interface ConnectionLimits {
  /** Heartbeat interval, ms: a `ping` message and a protocol ping (when none is outstanding). */
  heartbeatMs: number;
  /** A protocol ping unanswered this long terminates the socket, ms. */
  pongTimeoutMs: number;
  /** Send buffer above which the connection is busy, bytes. */
  busyBytes: number;
  /** Busy for longer than this closes the socket with 1013, ms. */
  slowCloseMs: number;
  /** No subscription for this long closes the socket with 1008, ms. */
  idleCloseMs: number;
  /** A socket the server closed is terminated this long later if still open, ms. */
  closeGraceMs: number;
  /** Budget of the ticks kept for a busy connection, bytes. */
  maxPendingBytes: number;
}

/** Default limits (docs/API.md 'Live tickers'). */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  heartbeatMs: LIVE_API.heartbeatMs,
  pongTimeoutMs: LIVE_API.heartbeatMs,
  busyBytes: 256 * 1024,
  slowCloseMs: DEFAULT_LIVE_SLOW_CLOSE_MS,
  idleCloseMs: DEFAULT_LIVE_IDLE_CLOSE_MS,
  closeGraceMs: 2_000,
  maxPendingBytes: DEFAULT_MAX_PENDING_BYTES,
};

/** One open live socket and its state. */
export class LiveConnection {
  readonly lists = new Set<LiveList>();
  readonly pending: Coalescer;
  private pingPayload: Buffer | undefined;
  private pingSentAt = 0;
  private busySince: number | undefined;
  private idleSince: number | undefined;
  private windowStart: number;
  private windowCount = 0;
  private closing = false;

  /**
   * `ws`: the open socket; `address`: its client key (server/transport.ts clientKey); `isBusy`: whether the socket's
   * send buffer is over `limits.busyBytes` (a test hook may replace it). Sends the first protocol ping at once.
   */
  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    private readonly limits: ConnectionLimits,
    private readonly metrics: Metrics,
    private readonly isBusy: (ws: WebSocket) => boolean,
    now: number = Date.now(),
  ) {
    this.pending = new Coalescer(limits.maxPendingBytes);
    this.windowStart = now;
    this.idleSince = now;
    ws.on('pong', (data: Buffer) => {
      if (this.pingPayload && data.equals(this.pingPayload)) this.pingPayload = undefined;
    });
    this.protocolPing(now);
  }

  /** Sends one serialised message of `type` and counts it. */
  sendText(type: LiveServerMessage['type'], text: string): void {
    this.ws.send(text);
    this.metrics.liveMessages.inc({ type });
    this.metrics.liveBytes.inc({ type }, Buffer.byteLength(text));
  }

  /** Sends `message` as JSON. */
  send(message: LiveServerMessage): void {
    this.sendText(message.type, JSON.stringify(message));
  }

  /** True while the socket is open and the server has not decided to close it. */
  get open(): boolean {
    return !this.closing && this.ws.readyState === this.ws.OPEN;
  }

  /**
   * Delivers one step's `ticks` of `list`: the shared serialisation `text()` when the connection is idle and has
   * nothing held, else into the coalescer (then flushed if the socket drained).
   */
  deliver(list: LiveList, ticks: Map<string, LiveTick>, text: () => string): void {
    if (!this.open || !this.lists.has(list)) return;
    if (this.pending.due || this.isBusy(this.ws)) {
      this.metrics.liveCoalesced.inc(this.pending.add(list, ticks.values()));
      this.flush();
      return;
    }
    this.sendText('ticks', text());
  }

  /**
   * Starts `list` on a connection that just subscribed to it mid-stream (SPEC §9 refresh): `last`, the last tick of
   * every pair, goes out in `ticks` messages of at most SNAPSHOT_CHUNK_BYTES each while the socket drains, so a long
   * list reaches a joining client whole instead of overflowing the coalescer's budget into a `resync`. What is left
   * when the socket turns busy (or while ticks are already held) is kept in the coalescer like any other tick, so a
   * client that does not read still costs at most the send buffer plus the budget.
   */
  startFrom(list: LiveList, last: readonly LiveTick[]): void {
    if (!this.open || !this.lists.has(list) || !last.length) return;
    let i = 0;
    while (i < last.length && !this.pending.due && !this.isBusy(this.ws)) {
      const chunk: LiveTick[] = [];
      for (let bytes = 0; i < last.length && (chunk.length === 0 || bytes < SNAPSHOT_CHUNK_BYTES); i++) {
        chunk.push(last[i]!);
        bytes += tickBytes(last[i]!);
      }
      this.sendText(
        'ticks',
        JSON.stringify({ type: 'ticks', list, sentAt: Date.now(), ticks: chunk } satisfies LiveServerMessage),
      );
    }
    if (i < last.length) this.metrics.liveCoalesced.inc(this.pending.add(list, last.slice(i)));
  }

  /** Sends a drained connection its `resync` (lists whose ticks were dropped) and its coalesced ticks. */
  flush(): void {
    if (!this.open || !this.pending.due || this.isBusy(this.ws)) return;
    const { resync, batches } = this.pending.takeAll();
    if (resync.length) this.send({ type: 'resync', lists: resync });
    for (const [list, ticks] of batches) {
      this.sendText(
        'ticks',
        JSON.stringify({ type: 'ticks', list, sentAt: Date.now(), ticks } satisfies LiveServerMessage),
      );
    }
  }

  /** The heartbeat: a protocol ping with a fresh random payload unless one is outstanding, and a `ping` message. */
  ping(now: number = Date.now()): void {
    if (!this.open) return;
    this.protocolPing(now);
    if (!this.isBusy(this.ws)) this.send({ type: 'ping', sentAt: now });
  }

  private protocolPing(now: number): void {
    if (this.pingPayload) return;
    this.pingPayload = randomBytes(16);
    this.pingSentAt = now;
    this.ws.ping(this.pingPayload);
  }

  /** Applies the time rules (pong overdue, busy too long, idle too long); called about once a second. */
  sweep(now: number = Date.now()): void {
    if (this.closing) return;
    if (this.pingPayload && now - this.pingSentAt >= this.limits.pongTimeoutMs) {
      this.countClose('pong_timeout');
      this.closing = true;
      this.ws.terminate();
      return;
    }
    if (this.isBusy(this.ws)) this.busySince ??= now;
    else this.busySince = undefined;
    if (this.busySince !== undefined && now - this.busySince > this.limits.slowCloseMs) {
      this.close(1013, 'try again later', 'slow');
      return;
    }
    if (this.idleSince !== undefined && now - this.idleSince >= this.limits.idleCloseMs) {
      this.close(1008, 'no subscription', 'idle');
    }
  }

  /** Closes the socket with `code` and `reason`, counted by `why`; terminated after the grace if still open. */
  close(code: number, reason: string, why: CloseReason): void {
    if (this.closing) return;
    this.closing = true;
    this.countClose(why);
    this.pending.takeAll();
    this.ws.close(code, reason);
    setTimeout(() => {
      if (this.ws.readyState !== this.ws.CLOSED) this.ws.terminate();
    }, this.limits.closeGraceMs).unref();
  }

  private countClose(why: CloseReason): void {
    this.metrics.liveClosed.inc({ reason: why });
  }

  /**
   * A client message: rate-limited, validated, then applied (subscribe / unsubscribe) and answered `subscribed`.
   * Returns the lists it newly subscribed to ([] for anything else), which the hub starts from current values.
   */
  onMessage(data: unknown, now: number = Date.now()): LiveList[] {
    const added: LiveList[] = [];
    if (this.closing) return added;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (++this.windowCount > LIVE_API.maxClientMessagesPerS) {
      this.close(1008, 'too many messages', 'flood');
      return added;
    }
    if (typeof data !== 'string') {
      this.metrics.liveIgnored.inc({ reason: 'binary' });
      return added;
    }
    let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
    try {
      parsed = LiveClientMessage.safeParse(JSON.parse(data));
    } catch {
      this.metrics.liveIgnored.inc({ reason: 'malformed' });
      return added;
    }
    if (!parsed.success) {
      this.metrics.liveIgnored.inc({ reason: 'malformed' });
      return added;
    }
    const message = parsed.data;
    for (const list of message.lists) {
      if (message.type === 'subscribe') {
        if (!this.lists.has(list)) added.push(list);
        this.lists.add(list);
      } else {
        this.lists.delete(list);
        this.pending.drop(list);
      }
    }
    if (this.lists.size === 0) this.idleSince ??= now;
    else this.idleSince = undefined;
    this.send({ type: 'subscribed', lists: LIVE_LISTS.filter((l) => this.lists.has(l)) });
    return added;
  }
}
