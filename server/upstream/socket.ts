/**
 * One upstream WebSocket that stays up (docs/API.md 'Market sources'): it connects, sends what the adapter wants on
 * open (its subscriptions) and counts as subscribed once every acknowledgement it waits for came back; it sends the
 * adapter's application ping (or a protocol ping) every `pingMs`; a socket that heard nothing for `heartbeatMs` is
 * dead (terminated); a lost socket reconnects after a capped backoff with jitter (pacing.ts) and sends its
 * subscriptions again. A frame larger than `maxFrameBytes` or not text is dropped and counted; a frame over the
 * transport's limit (`maxPayload`, 16 MiB) closes the socket, which then reconnects. Every frame is counted on the
 * source's metrics and resets the heartbeat.
 */
import WebSocket from 'ws';
import type { DropReason, UpstreamMetrics } from './metrics.ts';
import { backoffMs } from './pacing.ts';

/** Largest frame the transport reads before it closes the socket, bytes. */
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
/** The opening handshake's time-out, ms (SPEC §9's request time-out). */
const HANDSHAKE_TIMEOUT_MS = 4_000;

/** What a frame was, as the adapter read it. */
export type FrameKind = 'ack' | 'data' | 'pong' | { drop: DropReason; ack?: boolean };

/** The adapter's side of one connection. */
export interface ConnectionHooks {
  /** The messages to send on open; returns how many acknowledgements to wait for (0: subscribed at once). */
  opened(send: (text: string) => void): number;
  /** Reads one text frame that arrived at `at` (ms since epoch). */
  frame(text: string, at: number): FrameKind;
  /** The application ping to send every `pingMs`; without it a protocol ping is sent. */
  ping?(): string;
}

/** Options of one connection. */
export interface ConnectionOptions {
  url: string;
  source: string;
  market: string;
  metrics: UpstreamMetrics;
  pingMs: number;
  heartbeatMs: number;
  /** Largest frame the adapter reads, bytes (larger ones are dropped, `too_large`). */
  maxFrameBytes: number;
  reconnectBaseMs?: number;
  reconnectCapMs?: number;
  random?: () => number;
  /** The connection is subscribed (true) or lost (false, with why). */
  status(up: boolean, why: string): void;
}

/** A connection that reconnects until stopped. */
export class UpstreamConnection {
  private ws: WebSocket | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private acksDue = 0;
  private up = false;
  private stopped = true;

  constructor(
    private readonly o: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {}

  /** True while open and subscribed. */
  get subscribed(): boolean {
    return this.up;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.teardown();
    this.ws?.terminate();
    this.ws = undefined;
    this.setUp(false, 'stopped');
  }

  /** Sends `text` when open (false when not: it is sent again from `opened` on the next connection). */
  send(text: string): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(text);
    return true;
  }

  /** Waits for `n` more acknowledgements (messages sent on an open socket after `opened`). */
  expectAcks(n: number): void {
    this.acksDue += n;
  }

  private setUp(up: boolean, why: string) {
    if (this.up === up) return;
    this.up = up;
    this.o.status(up, why);
  }

  private teardown() {
    clearInterval(this.pinger);
    clearTimeout(this.watchdog);
    this.pinger = this.watchdog = undefined;
  }

  private armWatchdog() {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.setUp(false, `silent for ${this.o.heartbeatMs} ms`);
      this.ws?.terminate();
    }, this.o.heartbeatMs);
  }

  private connect() {
    const { o } = this;
    const ws = new WebSocket(o.url, {
      maxPayload: MAX_PAYLOAD_BYTES,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    this.ws = ws;
    ws.on('open', () => {
      this.failures = 0;
      this.armWatchdog();
      this.acksDue = this.hooks.opened((text) => ws.send(text));
      if (this.acksDue === 0) this.setUp(true, 'open');
      this.pinger = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        const ping = this.hooks.ping?.();
        if (ping) ws.send(ping);
        else ws.ping();
      }, o.pingMs);
    });
    ws.on('message', (data, isBinary) => {
      const at = Date.now();
      o.metrics.messages.inc({ source: o.source, market: o.market });
      o.metrics.heard(o.source, o.market, at);
      this.armWatchdog();
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      const drop = (reason: DropReason) =>
        o.metrics.dropped.inc({ source: o.source, market: o.market, reason });
      if (isBinary) return drop('malformed');
      if (size > o.maxFrameBytes) return drop('too_large');
      const kind = this.hooks.frame(String(data), at);
      if (kind === 'ack' || (typeof kind === 'object' && kind.ack)) {
        if (this.acksDue > 0 && --this.acksDue === 0) this.setUp(true, 'subscribed');
      }
      if (typeof kind === 'object') drop(kind.drop);
    });
    ws.on('pong', () => this.armWatchdog());
    ws.on('error', () => {
      // 'close' follows every error; the reason is said there.
    });
    ws.on('close', (code) => {
      this.teardown();
      if (this.ws === ws) this.ws = undefined;
      this.setUp(false, `closed (${code})`);
      if (this.stopped) return;
      this.failures++;
      const wait = backoffMs(
        this.failures,
        o.reconnectBaseMs ?? 1_000,
        o.reconnectCapMs ?? 30_000,
        o.random ?? Math.random,
      );
      this.retry = setTimeout(() => {
        if (this.stopped) return;
        o.metrics.reconnects.inc({ source: o.source, market: o.market });
        this.connect();
      }, wait);
    });
  }
}

/**
 * The connections of one source and market as one state for metrics and logs: `masthead_upstream_connected` is 1
 * while every connection is subscribed, and one line is logged per change (connected, lost, recovered; a silent
 * socket's line says so).
 */
export class MarketLink {
  readonly connections: UpstreamConnection[] = [];
  private up = false;
  private wasUp = false;

  constructor(
    private readonly source: string,
    private readonly market: string,
    private readonly metrics: UpstreamMetrics,
    private readonly log: (line: string) => void,
  ) {
    metrics.connected.set({ source, market }, 0);
  }

  /** Called by a connection's `status`: re-evaluates the market's state. */
  changed(why: string): void {
    const up = this.connections.length > 0 && this.connections.every((c) => c.subscribed);
    if (up === this.up) return;
    this.up = up;
    this.metrics.connected.set({ source: this.source, market: this.market }, up ? 1 : 0);
    const n = this.connections.length;
    const what = up
      ? this.wasUp
        ? 'recovered'
        : 'connected'
      : why.startsWith('silent')
        ? `stale (${why})`
        : `lost (${why})`;
    if (why !== 'stopped')
      this.log(
        `masthead upstream: ${this.source} ws ${this.market}: ${what}${n > 1 ? ` (${n} connections)` : ''}`,
      );
    if (up) this.wasUp = true;
  }

  start(): void {
    this.connections.forEach((c) => c.start());
  }

  stop(): void {
    this.connections.forEach((c) => c.stop());
  }
}
