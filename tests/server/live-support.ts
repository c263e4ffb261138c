// A real site server (static page + API + live socket) on a loopback port for the live socket tests, and clients:
// a `ws` client with the page's Origin, and a raw "blind" client (scripts/hostile-clients.ts) that upgrades,
// subscribes, never reads again and sends unsolicited pongs (what a client faking liveness does).
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
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
import { blindClient as hostileBlind, type HostileConnection } from '../../scripts/hostile-clients.ts';

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

/** A blind-pong client (scripts/hostile-clients.ts) of `r`, from 127.0.0.1. */
export function blindClient(r: Running, pongEveryMs = 500): Promise<HostileConnection> {
  return hostileBlind({ host: '127.0.0.1', port: r.port, origin: r.origin }, pongEveryMs);
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
