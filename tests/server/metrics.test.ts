// GET /metrics (server/metrics.ts; docs/API.md 'Metrics', docs/SECURITY.md 'Metrics'): Prometheus text from the app's
// own registry, answered only to a loopback socket or the configured bearer token (never because of a header such as
// X-Forwarded-For), route labels that are route patterns, and the server render's failure counter.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it, vi } from 'vitest';
import { marketUrl } from '../../common/wire/endpoints.ts';
import { createApp } from '../../server/app.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { createMetrics, isLoopback, METRICS_PATH } from '../../server/metrics.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { pageRenderer, type SsrModule } from '../../server/ssr/render.ts';
import { csrfPair } from './helpers.ts';

const data = loadMarketData();
const TOKEN = 'm'.repeat(40);

/** The Node bindings a request through @hono/node-server carries: the socket's remote address. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('/metrics', () => {
  it('answers a loopback socket with Prometheus text; anyone else gets the JSON 404', async () => {
    const app = createApp({ data, metricsToken: undefined });
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.request(METRICS_PATH, {}, from(address));
      expect(res.status, address).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('# TYPE masthead_live_connections gauge');
    }
    for (const address of ['10.0.0.7', '::ffff:10.0.0.7', '2001:db8::1']) {
      const res = await app.request(
        METRICS_PATH,
        { headers: { 'x-forwarded-for': '127.0.0.1' } },
        from(address),
      );
      expect(res.status, address).toBe(404);
      expect(await res.json()).toEqual({ code: 404, message: 'not found' });
    }
    // No socket at all (an embedded app.request): not loopback either.
    expect((await app.request(METRICS_PATH)).status).toBe(404);
  });

  it('answers the bearer token when METRICS_TOKEN is set, and only the right one', async () => {
    const app = createApp({ data, metricsToken: TOKEN });
    const ask = (authorization: string) =>
      app.request(METRICS_PATH, { headers: { authorization } }, from('203.0.113.9'));
    expect((await ask(`Bearer ${TOKEN}`)).status).toBe(200);
    expect((await ask(`Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await ask(`Basic ${TOKEN}`)).status).toBe(404);
    expect((await ask('Bearer ')).status).toBe(404);
  });

  it('labels requests by route pattern, not by raw URL, and times them', async () => {
    const metrics = createMetrics();
    const app = createApp({ data, metrics });
    const { headers } = csrfPair();
    expect((await app.request(marketUrl('spot'), { headers })).status).toBe(200);
    await app.request('/coin-icons/btc.svg');
    await app.request('/coin-icons/eth.svg');
    await app.request('/apiw/v2/no-such-thing?x=1');
    const text = await metrics.registry.metrics();
    expect(text).toContain('masthead_http_requests_total{route="/apiw/v2/market/spots",status="200"} 1');
    expect(text).toMatch(/masthead_http_requests_total\{route="\/coin-icons\/:file",status="\d+"\} 2/);
    expect(text).not.toContain('btc.svg');
    expect(text).not.toContain('no-such-thing');
    expect(text).toMatch(
      /masthead_http_request_duration_seconds_count\{route="\/apiw\/v2\/market\/spots"\} 1/,
    );
  });

  it('keeps each app on its own registry', async () => {
    const a = createMetrics();
    const b = createMetrics();
    await createApp({ data, metrics: a }).request('/coin-icons/btc.svg');
    expect(await a.registry.metrics()).toContain('route="/coin-icons/:file"');
    expect(await b.registry.metrics()).not.toContain('route="/coin-icons/:file"');
  });

  it('is served on a real server through the site app to a loopback client', async () => {
    const site = createSiteApp(createApp({ data }), '/nonexistent', '<html></html>');
    const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${METRICS_PATH}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('masthead_render_failures_total 0');
    } finally {
      server.close();
    }
  });

  it('counts server render failures', async () => {
    const metrics = createMetrics();
    const failing: SsrModule = {
      renderPage: () => Promise.reject(new Error('boom')),
      metaDescription: () => 'd',
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const render = pageRenderer('<html><body><div id="root"></div></body></html>', failing, {
      currencyCount: 1,
      onRenderFailure: () => metrics.renderFailures.inc(),
    });
    const site = createSiteApp(createApp({ data, metrics }), '/nonexistent', '<html></html>', { render });
    expect((await site.request('http://127.0.0.1/')).status).toBe(200);
    expect((await site.request('http://127.0.0.1/zh/')).status).toBe(200);
    error.mockRestore();
    expect(await metrics.registry.getSingleMetricAsString('masthead_render_failures_total')).toMatch(
      /masthead_render_failures_total 2$/m,
    );
  });
});

describe('isLoopback', () => {
  it('knows the loopback forms the socket reports', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(
      [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '::2', '127.0.0.1.evil', 'localhost'].some(isLoopback),
    ).toBe(false);
  });
});
