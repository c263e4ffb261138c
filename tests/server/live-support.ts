// A real site server (static page + API + live socket) on a loopback port for the live socket tests, and clients:
// a `ws` client with the page's Origin, and a raw "blind" client that upgrades, subscribes, never reads again and
// sends unsolicited pongs (what a client faking liveness does).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { WebSocket, type RawData } from 'ws';
import { LIVE_API, LiveServerMessage } from '../../common/wire/live.ts';
import { createApp } from '../../server/app.ts';
import { liveService, type LiveOptions, type LiveService } from '../../server/live/hub.ts';
import type { MarketData } from '../../server/market-data.ts';
import { createMetrics, type Metrics } from '../../server/metrics.ts';
import { originPolicyFor, useOriginPolicy } from '../../server/origin.ts';
import { createSiteApp } from '../../server/site-app.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'mh-live-'));
const HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
writeFileSync(join(staticDir, 'index.html'), HTML);

export interface Running {
  port: number;
  origin: string;
  live: LiveService;
  metrics: Metrics;
  server: ServerType;
  stop(): void;
}

/** The site on a system-picked loopback port, its origin policy set to it. */
export async function startLive(data: MarketData, options: Partial<LiveOptions> = {}): Promise<Running> {
  const metrics = createMetrics();
  const live = liveService({ data, metrics, ticksPerS: 300, maxConnections: 1000, ...options });
  const site = createSiteApp(createApp({ data, metrics, live }), staticDir, HTML);
  const server = serve({
    fetch: site.fetch,
    port: 0,
    hostname: '127.0.0.1',
    websocket: { server: live.wss },
  });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const policy = originPolicyFor({
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_ORIGIN: undefined,
    PUBLIC_HOSTS: [],
  });
  useOriginPolicy(policy);
  return {
    port,
    origin: policy.origin,
    live,
    metrics,
    server,
    stop() {
      live.close();
      server.close();
    },
  };
}

/** A `ws` client with the page's Origin (and `extra` ws options), its messages collected. */
export function connectLive(r: Running, extra: object = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${r.port}${LIVE_API.path}`, { origin: r.origin, ...extra });
  const messages: LiveServerMessage[] = [];
  ws.on('message', (raw: RawData) => {
    const parsed = LiveServerMessage.safeParse(JSON.parse(String(raw)));
    if (parsed.success) messages.push(parsed.data);
  });
  ws.on('error', () => {});
  const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
  return { ws, messages, closed, opened: once(ws, 'open') };
}

/** A masked client frame (RFC 6455 §5.2) of `opcode` carrying `payload` (< 126 bytes). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

/**
 * A blind client: upgrades with the page's Origin, subscribes to every list, then stops reading (its socket paused,
 * so the kernel buffers fill and the server's send buffer grows) and sends a pong with a random payload every
 * `pongEveryMs`. Resolves once upgraded; `close()` destroys it.
 */
export async function blindClient(r: Running, pongEveryMs = 500): Promise<{ socket: Socket; close(): void }> {
  const socket = tcpConnect({ port: r.port, host: '127.0.0.1' });
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(
    `GET ${LIVE_API.path} HTTP/1.1\r\nHost: 127.0.0.1:${r.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
      `Origin: ${r.origin}\r\n\r\n`,
  );
  let head = '';
  while (!head.includes('\r\n\r\n')) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    head += chunk.toString('latin1');
  }
  if (!head.startsWith('HTTP/1.1 101')) throw new Error(`not upgraded: ${head.split('\r\n')[0]}`);
  socket.pause();
  socket.write(
    clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'subscribe', lists: ['spot', 'futures', 'pilot'] }))),
  );
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(clientFrame(0xa, randomBytes(16)));
  }, pongEveryMs);
  socket.on('close', () => clearInterval(timer));
  return {
    socket,
    close() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `pred` holds (polling every 20 ms), rejects after `ms`. */
export async function until(pred: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The value of a counter sample with `labels` (e.g. `reason="idle"`) in the metrics text; 0 when absent. */
export async function counterValue(r: Running, name: string, labels: string): Promise<number> {
  const text = await r.metrics.registry.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(' ').at(-1)) : 0;
}
