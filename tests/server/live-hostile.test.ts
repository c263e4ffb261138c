// Hostile clients of the live ticker socket on a real server in this process (server/live/hub.ts,
// server/live/connection.ts; docs/SECURITY.md 'Live socket'): a blind client that never reads but sends pongs is cut
// and the heap stays bounded at PILOT_ROWS=100000, TICKS_PER_S=2000; a busy reader's held ticks stay within their
// byte budget and become a `resync`; a socket busy too long is closed 1013; one address cannot take every slot (clients
// bound to 127.0.0.2 and 127.0.0.3); an idle socket is closed; refusals carry their JSON and are counted by reason;
// upgrades are counted as 101. Timings are shortened through the service's options where the test is about the
// behaviour, not the constant.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_API } from '../../common/wire/live.ts';
import { configure } from '../../server/config.ts';
import { loadMarketData } from '../../server/market-data.ts';
import {
  blindClient,
  connectLive,
  counterValue,
  sleep,
  startLive,
  until,
  type Running,
} from './live-support.ts';

const data = loadMarketData();
const running: Running[] = [];
const start = async (...args: Parameters<typeof startLive>) => {
  const r = await startLive(...args);
  running.push(r);
  return r;
};
afterEach(() => {
  for (const r of running.splice(0)) r.stop();
});

/** The status and body of a refused upgrade from `localAddress` (default 127.0.0.1) with `origin` (and XFF). */
function upgradeAnswer(r: Running, origin: string, localAddress?: string, forwardedFor?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: r.port,
      path: LIVE_API.path,
      localAddress,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': '13',
        Origin: origin,
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
    });
    req.on('upgrade', () => reject(new Error('upgraded')));
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('live socket against hostile clients', () => {
  it('PILOT_ROWS=100000, TICKS_PER_S=2000: blind-pong clients are cut within 30 s and the heap stays bounded over 60 s', async () => {
    const big = loadMarketData({ pilotRows: 100_000 });
    const r = await start(big, { ticksPerS: 2000 });
    // A well-behaved client beside them keeps its socket and its ticks throughout.
    const good = connectLive(r);
    await good.opened;
    good.ws.send(JSON.stringify({ type: 'subscribe', lists: ['pilot'] }));
    const BLIND = 20;
    const openedAt = new Map<object, number>();
    const lifetimes: number[] = [];
    const open = async () => {
      const b = await blindClient(r);
      openedAt.set(b, Date.now());
      b.socket.on('close', () => lifetimes.push(Date.now() - openedAt.get(b)!));
      return b;
    };
    let blind = await Promise.all(Array.from({ length: BLIND }, open));
    await sleep(1000);
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const endAt = Date.now() + 60_000;
    while (Date.now() < endAt) {
      await sleep(1000);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      // A cut blind client comes straight back (the attack goes on for the whole minute).
      blind = await Promise.all(blind.map((b) => (b.socket.destroyed ? open() : b)));
      for (const b of blind)
        if (Date.now() - openedAt.get(b)! > 30_000) expect.fail('a blind client lived 30 s');
    }
    expect(good.ws.readyState).toBe(good.ws.OPEN);
    expect(good.messages.filter((m) => m.type === 'ticks').length).toBeGreaterThan(100);
    expect(lifetimes.length).toBeGreaterThanOrEqual(BLIND);
    expect(Math.max(...lifetimes)).toBeLessThan(30_000);
    expect(
      await counterValue(r, 'masthead_live_closed_total', 'reason="pong_timeout"'),
    ).toBeGreaterThanOrEqual(BLIND);
    // Held ticks are bounded per socket; the heap does not grow with the attack.
    expect(r.live.pendingBytes).toBeLessThanOrEqual((BLIND + 1) * 128 * 1024);
    expect(peak - baseline).toBeLessThan(96 * 1024 * 1024);
    for (const b of blind) b.close();
    good.ws.close();
  }, 120_000);

  it('a pong with another payload does not count: the socket is terminated; a reading client stays', async () => {
    const r = await start(data, { ticksPerS: 0, heartbeatMs: 200 });
    const reader = connectLive(r);
    // autoPong off: this client answers every ping itself, with a payload of its own.
    const faker = connectLive(r, { autoPong: false });
    let answered = 0;
    faker.ws.on('ping', () => {
      answered++;
      faker.ws.pong(Buffer.from('alive, honestly'));
    });
    await Promise.all([reader.opened, faker.opened]);
    for (const c of [reader, faker]) c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    expect(await faker.closed).toBe(1006);
    expect(answered).toBeGreaterThan(0);
    await sleep(500);
    expect(reader.ws.readyState).toBe(reader.ws.OPEN);
    expect(await counterValue(r, 'masthead_live_closed_total', 'reason="pong_timeout"')).toBe(1);
    reader.ws.close();
  });

  it('a busy reader holds at most its byte budget, then gets `resync` for the dropped list when it drains', async () => {
    let busy = false;
    const big = loadMarketData({ pilotRows: 100_000 });
    const budget = 32 * 1024;
    const r = await start(big, {
      ticksPerS: 4000,
      isBusy: () => busy,
      limits: { maxPendingBytes: budget, slowCloseMs: 60_000 },
    });
    const c = connectLive(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot', 'pilot'] }));
    await until(() => c.messages.some((m) => m.type === 'ticks'));
    busy = true;
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(50);
      peak = Math.max(peak, r.live.pendingBytes);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(budget);
    const before = c.messages.length;
    busy = false;
    await until(() => c.messages.slice(before).some((m) => m.type === 'resync'));
    const resync = c.messages.slice(before).find((m) => m.type === 'resync');
    expect(resync).toMatchObject({ type: 'resync', lists: expect.arrayContaining(['pilot']) });
    // Ticks resume after the resync.
    await until(() => c.messages.slice(before).filter((m) => m.type === 'ticks').length > 2);
    c.ws.close();
    // Building 100,000 pilot rows takes seconds on a busy 2-core machine: a time limit of its own.
  }, 60_000);

  it('closes a socket whose send buffer stays over its limit for longer than slowCloseMs with 1013', async () => {
    let busy = false;
    const r = await start(data, { ticksPerS: 300, isBusy: () => busy, limits: { slowCloseMs: 300 } });
    const c = connectLive(r);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    await until(() => c.messages.some((m) => m.type === 'ticks'));
    busy = true;
    expect(await c.closed).toBe(1013);
    expect(await counterValue(r, 'masthead_live_closed_total', 'reason="slow"')).toBe(1);
  });

  it('caps sockets per client address (127.0.0.2 full, 127.0.0.3 still served) and counts the refusal', async () => {
    const r = await start(data, { ticksPerS: 0, maxPerAddress: 3 });
    const from = (localAddress: string) => connectLive(r, { localAddress });
    const a = [from('127.0.0.2'), from('127.0.0.2'), from('127.0.0.2')];
    await Promise.all(a.map((c) => c.opened));
    const refused = await upgradeAnswer(r, r.origin, '127.0.0.2');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: 429,
      message: 'too many live connections from this address',
    });
    const other = from('127.0.0.3');
    await other.opened;
    expect(r.live.size).toBe(4);
    expect(await counterValue(r, 'masthead_live_refused_total', 'reason="address"')).toBe(1);
    // A slot freed is a slot for the same address again.
    a[0]!.ws.close();
    await until(() => r.live.size === 3);
    const again = from('127.0.0.2');
    await again.opened;
    for (const c of [...a, other, again]) c.ws.close();
  });

  it('behind TRUST_PROXY the forwarded address is the key (its first X-Forwarded-For entry; IPv6 by /64)', async () => {
    configure({ TRUST_PROXY: '1' });
    try {
      const r = await start(data, { ticksPerS: 0, maxPerAddress: 1 });
      const via = (forwarded: string) => connectLive(r, { headers: { 'X-Forwarded-For': forwarded } });
      const a = via('203.0.113.7, 10.0.0.1');
      const b = via('2001:db8:0:1::5');
      await Promise.all([a.opened, b.opened]);
      // Same client again (another address of the same /64): refused; the proxy's own address is shared by all.
      const refused = await upgradeAnswer(r, r.origin, undefined, '2001:db8:0:1:ffff::9');
      expect(refused.status).toBe(429);
      const c = via('198.51.100.2');
      await c.opened;
      expect(r.live.size).toBe(3);
      for (const x of [a, b, c]) x.ws.close();
    } finally {
      configure(process.env);
    }
  });

  it('closes a socket with no subscription after idleCloseMs (1008), not one that subscribed', async () => {
    const r = await start(data, { ticksPerS: 0, limits: { idleCloseMs: 300 } });
    const idle = connectLive(r);
    const busyOne = connectLive(r);
    await Promise.all([idle.opened, busyOne.opened]);
    busyOne.ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] }));
    expect(await idle.closed).toBe(1008);
    expect(busyOne.ws.readyState).toBe(busyOne.ws.OPEN);
    // Unsubscribing from everything starts the clock again.
    busyOne.ws.send(JSON.stringify({ type: 'unsubscribe', lists: ['spot'] }));
    expect(await busyOne.closed).toBe(1008);
    expect(await counterValue(r, 'masthead_live_closed_total', 'reason="idle"')).toBe(2);
  });

  it('terminates a socket closed for flooding after the short grace (it does not keep its slot 30 s)', async () => {
    const r = await start(data, { ticksPerS: 0, limits: { closeGraceMs: 200 } });
    const c = connectLive(r);
    await c.opened;
    // This client never answers the close: its side stays open until the server terminates it.
    (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i <= LIVE_API.maxClientMessagesPerS; i++)
      c.ws.send(JSON.stringify({ type: 'subscribe', lists: [] }));
    await until(() => r.live.size === 0, 2000);
    expect(await counterValue(r, 'masthead_live_closed_total', 'reason="flood"')).toBe(1);
  });

  it('refusals carry their JSON body; upgrades are counted as 101', async () => {
    const r = await start(data, { ticksPerS: 0 });
    const refused = await upgradeAnswer(r, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ code: 403, message: 'origin not allowed' });
    const c = connectLive(r);
    await c.opened;
    const text = await r.metrics.registry.getSingleMetricAsString('masthead_http_requests_total');
    expect(text).toContain(`route="${LIVE_API.path}",status="101"} 1`);
    expect(text).toContain(`route="${LIVE_API.path}",status="403"} 1`);
    expect(text).not.toContain(`route="${LIVE_API.path}",status="200"`);
    expect(await counterValue(r, 'masthead_live_refused_total', 'reason="origin"')).toBe(1);
    c.ws.close();
  });
});
