// HTTP edge time-outs and the connection cap (server/edge.ts; docs/SECURITY.md 'Edge'): the real site server in this
// process with the limits applied as server/start.ts applies them, shortened (the behaviour is under test, not the
// constants): header trickling and a slow body are cut (408 or a closed socket) while a normal request answers, an
// idle keep-alive connection is closed, and connections over the cap are closed at once.
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import {
  DEFAULT_HTTP_HEADERS_TIMEOUT_MS,
  DEFAULT_HTTP_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_HTTP_REQUEST_TIMEOUT_MS,
  parseConfig,
} from '../../server/config.ts';
import {
  applyEdgeLimits,
  defaultMaxConnections,
  edgeLimits,
  edgeServerOptions,
  fdLimit,
  FD_RESERVE,
  type EdgeLimits,
} from '../../server/edge.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { createMetrics } from '../../server/metrics.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { csrfPair } from './helpers.ts';

const data = loadMarketData();
const staticDir = mkdtempSync(join(tmpdir(), 'mh-edge-'));
const HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
writeFileSync(join(staticDir, 'index.html'), HTML);

const servers: Server[] = [];
let metrics = createMetrics();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) s.close();
});

async function start(limits: Partial<EdgeLimits> = {}): Promise<number> {
  metrics = createMetrics();
  const edge: EdgeLimits = {
    headersTimeoutMs: 600,
    requestTimeoutMs: 1200,
    keepAliveTimeoutMs: 300,
    maxConnections: 1000,
    ...limits,
  };
  const site = createSiteApp(createApp({ data, metrics }), staticDir, HTML);
  const server = serve({
    fetch: site.fetch,
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: edgeServerOptions(edge),
  }) as Server;
  applyEdgeLimits(server, edge);
  servers.push(server);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A raw connection: everything it receives, and when it closed (ms after `t0`), or null while open. */
async function raw(port: number) {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  socket.on('error', () => {});
  const t0 = Date.now();
  const state = { received: '', closedAfter: null as number | null };
  socket.on('data', (b: Buffer) => (state.received += b.toString('latin1')));
  socket.on('close', () => (state.closedAfter = Date.now() - t0));
  await once(socket, 'connect');
  return { socket, state };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function normalRequestOk(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/web/v1/usercenter/get_info`, {
    signal: AbortSignal.timeout(2000),
  });
  return res.status === 200 || res.status === 403;
}

describe('HTTP edge time-outs and cap', () => {
  it('cuts header trickling at the headers time-out (408) while a normal request answers', async () => {
    const port = await start();
    const { socket, state } = await raw(port);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header line every 150 ms, forever: never the blank line that ends the headers.
    const trickle = setInterval(() => !socket.destroyed && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 150);
    try {
      await sleep(200);
      expect(await normalRequestOk(port)).toBe(true);
      for (let i = 0; i < 60 && state.closedAfter === null; i++) await sleep(50);
      expect(state.closedAfter).not.toBeNull();
      // Within the headers time-out plus Node's checking interval (a tenth of it here), not Node's 60 s default.
      expect(state.closedAfter!).toBeLessThan(600 + 600);
      expect(state.received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts a slow body at the request time-out while a normal request answers', async () => {
    const port = await start();
    const { socket, state } = await raw(port);
    const { headers } = csrfPair();
    // A request the route reads the body of (a valid CSRF pair): only the time-out can end it.
    socket.write(
      'POST /api/web/v1/site/error_report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Cookie: ${headers.cookie}\r\nX-CSRF-Token: ${headers['X-CSRF-Token']}\r\nContent-Length: 1000\r\n\r\n`,
    );
    const drip = setInterval(() => !socket.destroyed && socket.write(' '), 100);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await normalRequestOk(port)).toBe(true);
      for (let i = 0; i < 80 && state.closedAfter === null; i++) await sleep(50);
      expect(state.closedAfter).not.toBeNull();
      expect(state.closedAfter!).toBeGreaterThanOrEqual(1200);
      expect(state.closedAfter!).toBeLessThan(1200 + 1000);
      // The route's body read fails: a 400 and one log line, never a 500 with a stack.
      await sleep(100);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings.mock.calls.map((c) => String(c[0]))).toEqual([
        '[server] POST /api/web/v1/site/error_report: request body aborted by the client',
      ]);
      expect(await metrics.registry.getSingleMetricAsString('masthead_http_requests_total')).toContain(
        'route="/api/web/v1/site/error_report",status="400"} 1',
      );
    } finally {
      clearInterval(drip);
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const port = await start();
    const { socket, state } = await raw(port);
    socket.write('GET /api/web/v1/usercenter/get_info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    for (let i = 0; i < 40 && !state.received.includes('\r\n\r\n'); i++) await sleep(25);
    expect(state.received).toMatch(/^HTTP\/1\.1 /);
    const answeredAt = state.received.length > 0 ? Date.now() : 0;
    for (let i = 0; i < 40 && state.closedAfter === null; i++) await sleep(50);
    expect(state.closedAfter).not.toBeNull();
    expect(Date.now() - answeredAt).toBeLessThan(1500);
  });

  it('closes connections over the cap at once; once the idle ones time out, requests are served again', async () => {
    const port = await start({ maxConnections: 3 });
    const idle = await Promise.all([raw(port), raw(port), raw(port)]);
    const over = await raw(port);
    for (let i = 0; i < 20 && over.state.closedAfter === null; i++) await sleep(25);
    expect(over.state.closedAfter).not.toBeNull();
    expect(over.state.received).toBe('');
    // The idle connections never send their headers: the headers time-out frees their slots.
    for (let i = 0; i < 60 && idle.some((c) => c.state.closedAfter === null); i++) await sleep(50);
    expect(idle.every((c) => c.state.closedAfter !== null)).toBe(true);
    expect(await normalRequestOk(port)).toBe(true);
  });
});

describe('edge settings (server/config.ts, server/edge.ts)', () => {
  it('defaults: headers 10 s, request 30 s, keep-alive 5 s, connections below the file-descriptor limit', () => {
    const config = parseConfig({});
    expect(DEFAULT_HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(DEFAULT_HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    const limits = edgeLimits(config);
    expect(limits).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(limits.maxConnections).toBe(fdLimit() - FD_RESERVE);
    expect(edgeServerOptions(limits)).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1000,
    });
    expect(
      edgeLimits(
        parseConfig({
          HTTP_HEADERS_TIMEOUT_MS: '2000',
          HTTP_REQUEST_TIMEOUT_MS: '4000',
          HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
          HTTP_MAX_CONNECTIONS: '500',
        }),
      ),
    ).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 4000,
      keepAliveTimeoutMs: 1000,
      maxConnections: 500,
    });
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: '5' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS "5"/);
    expect(() => parseConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow(/HTTP_MAX_CONNECTIONS "0"/);
  });

  it('reads the soft open-files limit from /proc/self/limits; falls back to 1024 where it cannot', () => {
    const text =
      'Max cpu time              unlimited            unlimited            seconds\nMax open files            4096                 524288               files\n';
    expect(fdLimit(text)).toBe(4096);
    expect(defaultMaxConnections(4096)).toBe(4096 - FD_RESERVE);
    expect(fdLimit('Max open files            unlimited            unlimited            files\n')).toBe(1024);
    expect(defaultMaxConnections(10)).toBe(1);
    // A headers time-out above the request's is lowered to it (Node refuses the pair otherwise).
    expect(
      edgeServerOptions({
        headersTimeoutMs: 9000,
        requestTimeoutMs: 3000,
        keepAliveTimeoutMs: 1,
        maxConnections: 1,
      }),
    ).toMatchObject({ headersTimeout: 3000 });
  });
});
