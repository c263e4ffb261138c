// The live ticker socket on a real server (server/live/hub.ts; docs/API.md 'Live tickers'): the site app served by
// @hono/node-server on a loopback port chosen by the system, in this process, with a `ws` client — subscribe and
// unsubscribe, the Origin check, the message limits (1009, 1008), malformed messages, the connection cap, a stream
// turned off, the heartbeat, and coalescing for a reader that cannot keep up. No fixed sleeps: where a test proves
// that nothing arrives, the hub's clock is Vitest's fake one (setInterval and performance: `hubClock`), advanced by
// hand, and a round trip on the socket (`roundTrip`) proves that everything the server sent has arrived.
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, type RawData } from 'ws';
import { LIVE_API, LiveServerMessage, type LiveTick } from '../../common/wire/live.ts';
import { createApp } from '../../server/app.ts';
import type { LiveOptions } from '../../server/live/hub.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { originPolicyFor, useOriginPolicy } from '../../server/origin.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { LocalLease } from '../../server/stores/lease.ts';
import { MemoryTickBus } from '../../server/stores/tick-bus.ts';
import { SNAPSHOT_CHUNK_BYTES } from '../../server/live/connection.ts';
import { startLive, until, type Running } from './live-support.ts';

const data = loadMarketData();
const spotKeys = new Set(data.spot.map((r) => r.pair));
const HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const staticDir = mkdtempSync(join(tmpdir(), 'mh-live-'));
writeFileSync(join(staticDir, 'index.html'), HTML);
const running: Running[] = [];

/** The site (static page + API + live socket) on a system-picked loopback port, its origin policy set to it. */
async function start(options: Partial<LiveOptions> = {}): Promise<Running> {
  const r = await startLive(data, options);
  running.push(r);
  return r;
}

afterEach(() => {
  vi.useRealTimers();
  for (const r of running.splice(0)) r.stop();
});
afterAll(() => useOriginPolicy(undefined));

/** A client with the page's Origin (or `origin`), its messages collected as parsed server messages. */
function connect(r: Running, origin: string | undefined = r.origin, extra: object = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${r.port}${LIVE_API.path}`, {
    ...(origin ? { origin } : {}),
    ...extra,
  });
  const messages: LiveServerMessage[] = [];
  const bad: string[] = [];
  ws.on('message', (raw: RawData) => {
    const parsed = LiveServerMessage.safeParse(JSON.parse(String(raw)));
    if (parsed.success) messages.push(parsed.data);
    else bad.push(String(raw));
  });
  const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
  return { ws, messages, bad, closed, opened: once(ws, 'open') };
}

/**
 * The hub's clock under the test's hand: its timers (setInterval) and its step clock (performance.now) are Vitest's
 * fake ones; sockets, setTimeout and Date stay real. Call before `start()`.
 */
function hubClock(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
}

/** Runs `ms` of the hub's fake clock: its generator steps and flushes run now, synchronously. */
function advanceHub(ms: number): void {
  vi.advanceTimersByTime(ms);
}

/**
 * A round trip on `c`: sends `subscribe` with `lists` (the subscription the test already has) and resolves on the
 * server's answer. The server answers in order, so everything it sent before has arrived too.
 */
async function roundTrip(c: ReturnType<typeof connect>, lists: string[]): Promise<void> {
  const answers = () => c.messages.filter((m) => m.type === 'subscribed').length;
  const before = answers();
  c.ws.send(JSON.stringify({ type: 'subscribe', lists }));
  await until(() => answers() > before);
}

/** The HTTP status an upgrade attempt was refused with. */
function refusedStatus(ws: WebSocket): Promise<number> {
  return new Promise((res, rej) => {
    ws.on('unexpected-response', (_req, response) => res(response.statusCode ?? 0));
    ws.on('open', () => rej(new Error('upgraded')));
    ws.on('error', () => {});
  });
}

const ticksOf = (messages: LiveServerMessage[]) =>
  messages.filter((m): m is Extract<LiveServerMessage, { type: 'ticks' }> => m.type === 'ticks');

describe('live ticker socket', () => {
  it('subscribe → ticks of that list only, in the schema, with the send time; unsubscribe stops them', async () => {
    hubClock();
    const r = await start();
    const c = connect(r);
    await c.opened;
    const t0 = Date.now();
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    await until(() => c.messages.length > 0);
    for (let step = 0; step < 20 && ticksOf(c.messages).length < 3; step++) {
      advanceHub(100);
      await roundTrip(c, ['spot']);
    }
    expect(c.bad).toEqual([]);
    expect(c.messages[0]).toEqual({ type: 'subscribed', lists: ['spot'] });
    expect(ticksOf(c.messages).length).toBeGreaterThanOrEqual(3);
    for (const m of ticksOf(c.messages)) {
      expect(m.list).toBe('spot');
      expect(m.sentAt).toBeGreaterThanOrEqual(t0);
      expect(m.sentAt).toBeLessThanOrEqual(Date.now());
      for (const t of m.ticks) expect(spotKeys.has(t[0])).toBe(true);
    }
    c.ws.send(JSON.stringify({ type: 'unsubscribe', lists: ['spot'] }));
    await until(() => c.messages.some((m) => m.type === 'subscribed' && m.lists.length === 0));
    const after = c.messages.length;
    advanceHub(400); // four generator steps with the list unsubscribed
    await roundTrip(c, []);
    expect(ticksOf(c.messages.slice(after))).toEqual([]);
    expect(await r.metrics.registry.getSingleMetricAsString('masthead_live_connections')).toMatch(
      /masthead_live_connections 1$/m,
    );
    c.ws.close();
  });

  it('refuses an upgrade from another origin, or with no Origin, with 403', async () => {
    const r = await start();
    expect(await refusedStatus(connect(r, 'https://evil.example').ws)).toBe(403);
    expect(await refusedStatus(connect(r, `http://127.0.0.1:${r.port + 1}`).ws)).toBe(403);
    expect(await refusedStatus(connect(r, null as unknown as undefined).ws)).toBe(403);
    expect(r.live.size).toBe(0);
  });

  it('closes with 1009 on a message over the size limit', async () => {
    const r = await start();
    const c = connect(r);
    await c.opened;
    c.ws.send('x'.repeat(LIVE_API.maxClientMessageBytes + 1));
    expect(await c.closed).toBe(1009);
  });

  it('closes with 1008 on a flood of messages', async () => {
    const r = await start();
    const c = connect(r);
    await c.opened;
    for (let i = 0; i <= LIVE_API.maxClientMessagesPerS; i++) {
      c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    }
    expect(await c.closed).toBe(1008);
  });

  it('ignores malformed messages and counts them; the socket stays usable', async () => {
    const r = await start({ ticksPerS: 0 });
    const c = connect(r);
    await c.opened;
    c.ws.send('not json');
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['nope'] }));
    c.ws.send(Buffer.from([1, 2, 3]));
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['futures'] }));
    await until(() => c.messages.some((m) => m.type === 'subscribed'));
    expect(c.messages).toEqual([{ type: 'subscribed', lists: ['futures'] }]);
    const text = await r.metrics.registry.getSingleMetricAsString(
      'masthead_live_client_messages_ignored_total',
    );
    expect(text).toMatch(/reason="malformed"} 2$/m);
    expect(text).toMatch(/reason="binary"} 1$/m);
    c.ws.close();
  });

  it('refuses connections over the cap with 503', async () => {
    const r = await start({ maxConnections: 2 });
    const a = connect(r);
    const b = connect(r);
    await Promise.all([a.opened, b.opened]);
    expect(await refusedStatus(connect(r).ws)).toBe(503);
    a.ws.close();
    await a.closed;
    await until(() => r.live.size === 1);
    const d = connect(r);
    await d.opened;
    b.ws.close();
    d.ws.close();
  });

  it('at TICKS_PER_S=0 accepts subscriptions and sends no ticks', async () => {
    hubClock();
    const r = await start({ ticksPerS: 0 });
    const c = connect(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot', 'futures', 'pilot'] }));
    await until(() => c.messages.length > 0);
    advanceHub(500); // what would be five generator steps
    await roundTrip(c, ['spot', 'futures', 'pilot']);
    expect(c.messages.map((m) => m.type)).toEqual(['subscribed', 'subscribed']);
    c.ws.close();
  });

  it('sends ping messages, and terminates a socket that does not answer protocol pings', async () => {
    const r = await start({ ticksPerS: 0, heartbeatMs: 100 });
    const alive = connect(r);
    const dead = connect(r, undefined, { autoPong: false });
    await Promise.all([alive.opened, dead.opened]);
    expect(await dead.closed).toBe(1006);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    // The unanswered ping ends the dead socket within one heartbeat; the answering one keeps getting pings.
    await until(() => alive.messages.filter((m) => m.type === 'ping').length >= 2);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    alive.ws.close();
  });

  it('coalesces a busy connection to the latest tick per key and sends it when the socket drains', async () => {
    let busy = false;
    hubClock();
    const r = await start({ ticksPerS: 3000, isBusy: () => busy });
    const c = connect(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    await until(() => c.messages.length > 0);
    advanceHub(100);
    await roundTrip(c, ['spot']);
    expect(ticksOf(c.messages).length).toBeGreaterThan(0);
    busy = true;
    const before = ticksOf(c.messages).length;
    advanceHub(600); // six generator steps while the reader is busy
    await roundTrip(c, ['spot']);
    expect(ticksOf(c.messages).length).toBe(before);
    const coalesced = await r.metrics.registry.getSingleMetricAsString('masthead_live_ticks_coalesced_total');
    expect(Number(/ (\d+)$/m.exec(coalesced)?.[1])).toBeGreaterThan(0);
    busy = false;
    advanceHub(100);
    await roundTrip(c, ['spot']);
    const drained = ticksOf(c.messages).slice(before)[0]!;
    const keys = drained.ticks.map((t) => t[0]);
    expect(new Set(keys).size).toBe(keys.length);
    // ~600 ms at 1,000/s for spot, one tick per key: far more keys than one step's batch.
    expect(keys.length).toBeGreaterThan(150);
    c.ws.close();
  });
});

describe('CSP connect-src for the socket (server/secure-headers.ts)', () => {
  it("adds the page origin's ws:/wss: form, never a host the request names on its own", async () => {
    useOriginPolicy(
      originPolicyFor({
        HOST: '0.0.0.0',
        PORT: 443,
        PUBLIC_ORIGIN: 'https://www.example.com',
        PUBLIC_HOSTS: ['tr.example.com'],
      }),
    );
    const site = createSiteApp(createApp({ data }), staticDir, HTML);
    const connectSrc = async (host: string, scheme = 'https') => {
      const res = await site.request(`${scheme}://${host}/`, { headers: { host } });
      return /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    };
    expect(await connectSrc('www.example.com')).toBe("'self' wss://www.example.com");
    expect(await connectSrc('tr.example.com')).toBe("'self' wss://tr.example.com");
    expect(await connectSrc('evil.example')).toBe("'self' wss://www.example.com");
    useOriginPolicy(
      originPolicyFor({ HOST: '127.0.0.1', PORT: 4321, PUBLIC_ORIGIN: undefined, PUBLIC_HOSTS: [] }),
    );
    // Development (no PUBLIC_ORIGIN): the request's own scheme.
    expect(await connectSrc('127.0.0.1:4321', 'http')).toBe("'self' ws://127.0.0.1:4321");
  });
});

describe('live ticker socket over the tick bus (server/stores/tick-bus.ts, lease.ts)', () => {
  it('a socket joining mid-stream is first sent the last tick of every pair of the lists it subscribes to', async () => {
    const bus = new MemoryTickBus();
    const r = await start({ bus, ticksPerS: 0 });
    const [k1, k2] = [...spotKeys];
    const tick = (key: string, price: string): LiveTick => [key, price, '1.00', '100'];
    bus.publish({ spot: new Map([[k1!, tick(k1!, '1')]]) });
    bus.publish({
      spot: new Map([
        [k1!, tick(k1!, '2')],
        [k2!, tick(k2!, '3')],
      ]),
    });
    const c = connect(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot', 'futures'] }));
    await until(() => ticksOf(c.messages).length >= 1);
    expect(c.messages[0]).toEqual({ type: 'subscribed', lists: ['spot', 'futures'] });
    expect(ticksOf(c.messages)[0]).toMatchObject({ list: 'spot', ticks: [tick(k1!, '2'), tick(k2!, '3')] });
    // Later batches arrive as they are published.
    bus.publish({ spot: new Map([[k2!, tick(k2!, '4')]]) });
    await until(() => ticksOf(c.messages).length >= 2);
    expect(ticksOf(c.messages)[1]!.ticks).toEqual([tick(k2!, '4')]);
  });

  it('a long list joined mid-stream arrives whole in chunks, not as a resync', async () => {
    const bus = new MemoryTickBus();
    const r = await start({ bus, ticksPerS: 0 });
    // 3,000 pairs of ~200 bytes each: over twice the coalescer's 128 KiB budget and the send buffer's busy mark.
    const pad = 'x'.repeat(80);
    const keys = Array.from({ length: 3000 }, (_, i) => `T${i}${pad}_USDT`);
    bus.publish({ spot: new Map(keys.map((k, i) => [k, [k, String(i + 1), '1.00', '100'] as LiveTick])) });
    const c = connect(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    await until(() => ticksOf(c.messages).reduce((n, m) => n + m.ticks.length, 0) >= keys.length, 10_000);
    expect(c.messages.some((m) => m.type === 'resync')).toBe(false);
    const batches = ticksOf(c.messages);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flatMap((m) => m.ticks.map((t) => t[0]))).toEqual(keys);
    for (const m of batches) expect(JSON.stringify(m.ticks).length).toBeLessThan(SNAPSHOT_CHUNK_BYTES + 1024);
  });

  it('with a lease the generator runs only while it is held, sockets or not', async () => {
    hubClock();
    const lease = new LocalLease();
    const r = await start({ lease });
    const c = connect(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    await until(() => c.messages.length > 0);
    advanceHub(400); // four generator steps without the lease
    await roundTrip(c, ['spot']);
    expect(ticksOf(c.messages)).toHaveLength(0);
    lease.start();
    for (let step = 0; step < 20 && ticksOf(c.messages).length < 2; step++) {
      advanceHub(100);
      await roundTrip(c, ['spot']);
    }
    expect(ticksOf(c.messages).length).toBeGreaterThanOrEqual(2);
    await lease.stop();
    advanceHub(100); // a flush of anything already held
    await roundTrip(c, ['spot']);
    const seen = ticksOf(c.messages).length;
    advanceHub(400); // four more steps after the lease is gone
    await roundTrip(c, ['spot']);
    expect(ticksOf(c.messages)).toHaveLength(seen);
  });
});
