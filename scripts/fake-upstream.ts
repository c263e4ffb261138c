/**
 * A fake Gate and Binance upstream on loopback (docs/TESTING.md 'Upstream feeds'; docs/API.md 'Market sources'): a Hono
 * app that answers Gate API v4 REST (`/api/v4/spot/tickers`, `/futures/usdt/contracts`, `/futures/usdt/tickers`) and a
 * `ws` server on the same port with Gate's spot (`/ws/v4/`) and USDT futures (`/v4/ws/usdt`) sockets and Binance's
 * `/ws/!miniTicker@arr`. Every frame and reply comes from the transcripts in tests/fixtures/upstream/ (written from the
 * documented message shapes): acknowledgements, error acknowledgements for `rejectPairs`, pongs, updates built from
 * the transcript's update frame with new values. Tests, the e2e suite and `npm run loadtest` point the server's URL
 * settings at it; nothing here reaches a real exchange.
 *
 * Controls: `rest` (ok, error 500, malformed body, hang past the time-out), `silent` (no frame at all: no pong —
 * application or protocol —, ack or update), `drop(kind)` (terminate the sockets), `send(kind, text)` (any raw frame), `stream(perS)` (updates of the
 * REST lists' pairs at `perS` a second in total, each with a fresh price and the send time in `time_ms`/`E`).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { WebSocketServer, type WebSocket } from 'ws';

const FIXTURES = new URL('../tests/fixtures/upstream/', import.meta.url);
const load = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;

type Frame = Record<string, unknown>;
interface GateTranscript {
  subscribeAck: Frame;
  errorAck: Frame;
  update: Frame;
  pong: Frame;
}
/** The transcripts, as files. */
export const TRANSCRIPTS = {
  rest: load<{ spotTickers: Frame[]; futuresContracts: Frame[]; futuresTickers: Frame[] }>('gate-rest.json'),
  spot: load<GateTranscript>('gate-spot-ws.json'),
  futures: load<GateTranscript>('gate-futures-ws.json'),
  binance: load<{ miniTickers: Frame[]; error: Frame }>('binance-ws.json'),
};

/** The fake's socket kinds. */
export type FakeKind = 'spot' | 'futures' | 'binance';
const PATHS: Record<string, FakeKind> = {
  '/ws/v4/': 'spot',
  '/v4/ws/usdt': 'futures',
  '/ws/!miniTicker@arr': 'binance',
};

/** What a test may change and read. */
export interface FakeUpstream {
  /** GATE_REST_URL, GATE_WS_SPOT_URL, GATE_WS_FUTURES_URL, BINANCE_WS_URL pointing here. */
  env: Record<'GATE_REST_URL' | 'GATE_WS_SPOT_URL' | 'GATE_WS_FUTURES_URL' | 'BINANCE_WS_URL', string>;
  /** REST behaviour: `ok` (the transcript), `error` (500), `malformed` (not Gate's shape), `hang` (never answers). */
  rest: 'ok' | 'error' | 'malformed' | 'hang';
  /** REST requests received, by path. */
  restRequests: Map<string, number>;
  /** The REST lists served (the transcript's, plus any extra pairs); a test may change them. */
  lists: { spotTickers: Frame[]; futuresContracts: Frame[]; futuresTickers: Frame[] };
  /** Pairs whose subscription gets Gate's error acknowledgement. */
  rejectPairs: Set<string>;
  /** No frame at all while true (no ack, pong or update): a silent upstream. */
  silent: boolean;
  /** Open sockets of `kind`. */
  sockets(kind: FakeKind): WebSocket[];
  /** Text messages received on sockets of `kind` (parsed JSON), oldest first. */
  received(kind: FakeKind): Frame[];
  /** Connections accepted on `kind` so far. */
  connections(kind: FakeKind): number;
  /** Sends `text` to every open socket of `kind` (unless silent). */
  send(kind: FakeKind, text: string): void;
  /** A Gate update frame of `kind` for the given items (transcript shape; `time_ms` = `at`). */
  gateUpdate(kind: 'spot' | 'futures', items: Frame[], at?: number): string;
  /** A Binance frame of mini-tickers (transcript shape) for `[symbol, close, open, quoteVolume]` items at `at`. */
  binanceUpdate(items: [string, string, string, string][], at?: number): string;
  /** Terminates every socket of `kind` (the server reconnects). */
  drop(kind: FakeKind): void;
  /**
   * Sends updates of the REST lists' pairs, `perS` a second in total across the open kinds, each with a new price;
   * `onSent(key, price, at)` sees each one (key as the server's tick key). Returns the stop function.
   */
  stream(perS: number, onSent?: (key: string, price: string, at: number) => void): () => void;
  close(): Promise<void>;
}

/** Options of the fake: `extraSpotPairs` more spot pairs (`X1_USDT`, …) on top of the transcript's (load tests). */
export interface FakeOptions {
  extraSpotPairs?: number;
}

/** Starts the fake on `127.0.0.1` at a free port. */
export async function startFakeUpstream(options: FakeOptions = {}): Promise<FakeUpstream> {
  const first = TRANSCRIPTS.rest.spotTickers[0]!;
  const spotTickers = [
    ...TRANSCRIPTS.rest.spotTickers,
    ...Array.from({ length: options.extraSpotPairs ?? 0 }, (_, i) => {
      const last = (1 + i / 100).toFixed(4);
      return { ...first, currency_pair: `X${i + 1}_USDT`, last, lowest_ask: last, highest_bid: last };
    }),
  ];
  const app = new Hono();
  const restRequests = new Map<string, number>();
  const state = { rest: 'ok' as FakeUpstream['rest'], silent: false };
  const lists = {
    spotTickers,
    futuresContracts: [...TRANSCRIPTS.rest.futuresContracts],
    futuresTickers: [...TRANSCRIPTS.rest.futuresTickers],
  };
  const reply = (list: keyof typeof lists) => (c: Context) => {
    restRequests.set(c.req.path, (restRequests.get(c.req.path) ?? 0) + 1);
    if (state.rest === 'error') return c.json({ label: 'SERVER_ERROR', message: 'fake failure' }, 500);
    if (state.rest === 'malformed') return c.json({ label: 'NOT_A_LIST', rows: 'nope' });
    if (state.rest === 'hang') return new Promise<Response>(() => {});
    return c.json(lists[list]);
  };
  app.get('/api/v4/spot/tickers', reply('spotTickers'));
  app.get('/api/v4/futures/usdt/contracts', reply('futuresContracts'));
  app.get('/api/v4/futures/usdt/tickers', reply('futuresTickers'));

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  const { port } = server.address() as AddressInfo;
  const origin = `127.0.0.1:${port}`;

  // Protocol pings are answered by hand, so a silent fake is silent at every level.
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  const open = new Map<FakeKind, Set<WebSocket>>([
    ['spot', new Set()],
    ['futures', new Set()],
    ['binance', new Set()],
  ]);
  const received = new Map<FakeKind, Frame[]>([
    ['spot', []],
    ['futures', []],
    ['binance', []],
  ]);
  const accepted = new Map<FakeKind, number>();
  /** Which Gate socket subscribed each pair (updates from `stream` go there only, as Gate's do). */
  const subscriber = new Map<string, WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const kind = PATHS[new URL(req.url ?? '/', 'http://x').pathname];
    if (!kind) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      accepted.set(kind, (accepted.get(kind) ?? 0) + 1);
      open.get(kind)!.add(ws);
      ws.on('close', () => open.get(kind)!.delete(ws));
      ws.on('ping', (data) => {
        if (!state.silent) ws.pong(data);
      });
      ws.on('message', (data) => {
        let msg: Frame;
        try {
          msg = JSON.parse(String(data)) as Frame;
        } catch {
          return;
        }
        received.get(kind)!.push(msg);
        if (state.silent || kind === 'binance') return;
        const t = TRANSCRIPTS[kind];
        const now = Date.now();
        const stamp = { time: Math.floor(now / 1000), time_ms: now };
        if (msg.channel === `${kind}.ping`) ws.send(JSON.stringify({ ...t.pong, ...stamp }));
        else if (msg.event === 'subscribe' || msg.event === 'unsubscribe') {
          const pairs = (msg.payload as string[] | undefined) ?? [];
          for (const p of pairs) {
            if (msg.event === 'subscribe') subscriber.set(`${kind} ${p}`, ws);
            else subscriber.delete(`${kind} ${p}`);
          }
          const bad = pairs.some((p) => rejectPairs.has(p));
          const ack = bad ? t.errorAck : t.subscribeAck;
          ws.send(JSON.stringify({ ...ack, ...stamp, event: msg.event, payload: pairs }));
        }
      });
    });
  });
  const rejectPairs = new Set<string>();

  const send = (kind: FakeKind, text: string) => {
    if (state.silent) return;
    for (const ws of open.get(kind)!) if (ws.readyState === ws.OPEN) ws.send(text);
  };
  const gateUpdate = (kind: 'spot' | 'futures', items: Frame[], at = Date.now()) => {
    const t = TRANSCRIPTS[kind].update;
    const template = (Array.isArray(t.result) ? t.result[0] : t.result) as Frame;
    const result = items.map((i) => ({ ...template, ...i }));
    return JSON.stringify({
      ...t,
      time: Math.floor(at / 1000),
      time_ms: at,
      result: kind === 'spot' ? result[0] : result,
    });
  };
  const binanceUpdate = (items: [string, string, string, string][], at = Date.now()) => {
    const template = TRANSCRIPTS.binance.miniTickers[0]!;
    return JSON.stringify(items.map(([s, c, o, q]) => ({ ...template, E: at, s, c, o, q })));
  };

  const stream: FakeUpstream['stream'] = (perS, onSent) => {
    const rowsOf = (kind: FakeKind) =>
      (kind === 'futures'
        ? TRANSCRIPTS.rest.futuresTickers.map((r) => ({ pair: String(r.contract), last: Number(r.last) }))
        : spotTickers.map((r) => ({ pair: String(r.currency_pair), last: Number(r.last) }))
      ).map((row) => ({ kind, ...row }));
    const rows = new Map((['spot', 'futures', 'binance'] as const).map((k) => [k, rowsOf(k)]));
    let seq = 0;
    const stepMs = 10;
    // Clock-based: a late timer turn sends what is due, so the rate holds on a busy machine.
    const startedAt = performance.now();
    const timer = setInterval(() => {
      // Every pair of every kind with an open socket, in turn.
      const targets = (['spot', 'futures', 'binance'] as const)
        .filter((k) => open.get(k)!.size > 0)
        .flatMap((k) => rows.get(k)!);
      const due = Math.floor(((performance.now() - startedAt) * perS) / 1000);
      if (!targets.length || state.silent) {
        seq = Math.max(seq, due);
        return;
      }
      while (seq < due) {
        const { kind, pair, last } = targets[seq % targets.length]!;
        seq++;
        // A fresh price every update: within ±2 % of the list's, the sequence in its last digits.
        const price = (last * (1 + (((seq * 7919) % 4001) - 2000) / 100_000)).toPrecision(8);
        const at = Date.now();
        if (kind === 'binance') {
          send(kind, binanceUpdate([[pair.replace('_', ''), price, String(last), '1000000']], at));
        } else {
          const item =
            kind === 'spot'
              ? { currency_pair: pair, last: price, change_percentage: '1.00', quote_volume: '1000000' }
              : { contract: pair, last: price, change_percentage: '1.00', volume_24h_quote: '1000000' };
          const ws = subscriber.get(`${kind} ${pair}`);
          if (ws?.readyState === ws?.OPEN) ws?.send(gateUpdate(kind, [item], at));
        }
        onSent?.(kind === 'futures' ? `usdt:${pair}` : pair, price, at);
      }
    }, stepMs);
    return () => clearInterval(timer);
  };

  return {
    env: {
      GATE_REST_URL: `http://${origin}/api/v4`,
      GATE_WS_SPOT_URL: `ws://${origin}/ws/v4/`,
      GATE_WS_FUTURES_URL: `ws://${origin}/v4/ws/usdt`,
      BINANCE_WS_URL: `ws://${origin}/ws`,
    },
    get rest() {
      return state.rest;
    },
    set rest(v) {
      state.rest = v;
    },
    get silent() {
      return state.silent;
    },
    set silent(v) {
      state.silent = v;
    },
    restRequests,
    lists,
    rejectPairs,
    sockets: (kind) => [...open.get(kind)!],
    received: (kind) => received.get(kind)!,
    connections: (kind) => accepted.get(kind) ?? 0,
    send,
    gateUpdate,
    binanceUpdate,
    drop(kind) {
      for (const ws of open.get(kind)!) ws.terminate();
    },
    stream,
    async close() {
      for (const set of open.values()) for (const ws of set) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
