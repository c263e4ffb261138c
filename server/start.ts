/**
 * `npm start` / `npm run serve`: serves the built app (dist/, or STATIC_DIR) and the reference API on one origin
 * (server/site-app.ts), with the page rendered on the server by the SSR bundle `vite build` writes to `<dist>-ssr/`
 * (or SSR_DIR; without it the client-rendered page is served, with a warning). Every setting comes from the
 * environment through server/config.ts (PORT, HOST, PUBLIC_ORIGIN, PUBLIC_HOSTS, MH_FAULTS, TRUST_PROXY, MH_SECRET,
 * LOGIN_RATE_LIMIT, TICKS_PER_S, LIVE_MAX_CONNECTIONS, METRICS_TOKEN, MARKET_SOURCE, LIVE_SOURCE, the HTTP_* edge
 * time-outs and cap of server/edge.ts…; docs/SECURITY.md 'Server settings', docs/SETTINGS.md). It warns when production
 * runs without MH_SECRET. The market lists and the live ticks come from the sources the settings choose
 * (server/upstream/select.ts: the snapshot and the walk by default, Gate or Binance upstream). It also serves the
 * live ticker socket on the same port (server/live/hub.ts, through @hono/node-server's `websocket` option) and
 * `GET /metrics` (server/metrics.ts), with every page answer counted there too. Sessions, favourites, login limits and
 * live ticks live in the stores of server/stores/index.ts: this process's (favourites under DATA_DIR), or with
 * REDIS_URL the Redis every instance shares (one instance, the lease holder, runs the tick producer). A bad setting,
 * a data problem (server/startup-checks.ts) or an unreachable REDIS_URL stops the server with one line,
 * `masthead server: cannot start: …`, and exit code 1. SIGTERM/SIGINT give the lease up and close the stores.
 */
import { DEFAULT_POPULAR_COINS, popularCoins, type PopularCoinWire } from './popular-coins.ts';
import { readFileSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, isServerPath, optionsFromEnv } from './app.ts';
import { liveService, type LiveService } from './live/hub.ts';
import { createMetrics, httpMetrics } from './metrics.ts';
import { serverConfig, type ServerConfig } from './config.ts';
import { originPolicy, originPolicyFor, useOriginPolicy } from './origin.ts';
import { checkServable, missingSecretWarning } from './startup-checks.ts';
import { applyEdgeLimits, edgeLimits, edgeServerOptions } from './edge.ts';
import { loadMarketData } from './market-data.ts';
import { createSiteApp } from './site-app.ts';
import { marketSources, type MarketSources } from './upstream/select.ts';
import { announcementFor } from './bulletin-data.ts';
import { currencyCountOf, type PageDataOptions } from './ssr/page-data.ts';
import { ssrDirFor } from './ssr/paths.ts';
import { loadSsrModule, pageRenderer } from './ssr/render.ts';
import { fragmentRoutes, type FragmentRenderer } from './ssr/fragment.ts';
import { openStores, watchStores, type Stores } from './stores/index.ts';

// The environment the operator declared (checked below), before the default.
const declaredNodeEnv = process.env.NODE_ENV;
// React's production build for the server render (the development build is several times slower); set before the
// render bundle, the only importer of React here, is loaded below.
process.env.NODE_ENV ??= 'production';

let config: ServerConfig;
let api: Hono;
let currencyCount: number;
let popular: PopularCoinWire[];
let announcement: PageDataOptions['announcement'];
let live: LiveService;
let sources: MarketSources;
let stores: Stores;
const metrics = createMetrics({ processMetrics: true });
try {
  config = serverConfig();
  const data = loadMarketData(optionsFromEnv());
  checkServable(data);
  sources = marketSources(config, data, metrics);
  stores = await openStores(config);
  watchStores(stores, metrics);
  live = liveService({
    data,
    metrics,
    source: sources.source,
    ticksPerS: config.TICKS_PER_S,
    maxConnections: config.LIVE_MAX_CONNECTIONS,
    maxPerAddress: config.LIVE_MAX_PER_ADDRESS,
    limits: { idleCloseMs: config.LIVE_IDLE_CLOSE_MS, slowCloseMs: config.LIVE_SLOW_CLOSE_MS },
    seed: config.LIVE_SEED,
    bus: stores.tickBus,
    // Without Redis the one process produces while a socket is open, as the hub does on its own.
    lease: stores.mode === 'redis' ? stores.lease : undefined,
  });
  stores.lease.start();
  api = createApp({ ...optionsFromEnv(), data, metrics, live, stores, market: sources.store });
  currencyCount = currencyCountOf(data);
  popular = popularCoins(data, DEFAULT_POPULAR_COINS);
  announcement = (pageKey, locale) => announcementFor(data, pageKey, locale);
} catch (err) {
  console.error(`masthead server: cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const { PORT: port, HOST: host } = config;
const secretWarning = missingSecretWarning(config, declaredNodeEnv);
if (secretWarning) console.warn(secretWarning);
const staticDir = resolve(config.STATIC_DIR);
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error(`masthead server: ${staticDir}/index.html is missing; run \`npm run build\` first`);
  process.exit(1);
}
const indexHtml = readFileSync(resolve(staticDir, 'index.html'), 'utf8');
const ssr = await loadSsrModule(resolve(config.SSR_DIR ?? ssrDirFor(staticDir)));
const render = pageRenderer(indexHtml, ssr, {
  currencyCount,
  popularCoins: popular,
  announcement,
  store: stores.sessions,
  concurrency: config.SSR_CONCURRENCY || undefined,
  onRenderFailure: () => metrics.renderFailures.inc(),
});

const site = new Hono();
// Page and static answers are counted here; the API's own (isServerPath) by createApp's middleware.
const pageMetrics = httpMetrics(metrics);
site.use('*', (c, next) => (isServerPath(c.req.path) ? next() : pageMetrics(c, next)));
// The embedded elements' server fragments (docs/EMBED.md), before the page's catch-all.
site.route(
  '/',
  fragmentRoutes({
    currencyCount,
    popularCoins: popular,
    announcement,
    staticDir,
    ssr: ssr as Partial<FragmentRenderer> | null,
  }),
);
site.route('/', createSiteApp(api, staticDir, indexHtml, { render }));
// One render before listening: loads the bundle's lazy modules and warms the JIT, so the first visitor's page is as
// fast as the rest (a cold first render can exceed the render time limit on a busy machine).
if (ssr) await site.request(`${originPolicy().origin}/`);

sources.start();
const edge = edgeLimits(config);
const server = serve(
  {
    fetch: site.fetch,
    port,
    hostname: host,
    websocket: { server: live.wss },
    serverOptions: edgeServerOptions(edge),
  },
  (info) => {
    // PORT=0 lets the system pick a port: the development origin names the port actually bound.
    if (!config.PUBLIC_ORIGIN) useOriginPolicy(originPolicyFor(config, info.port));
    console.info(
      `masthead: ${originPolicy().origin}/ on ${host}:${info.port} (static ${staticDir}, ${ssr ? 'server-rendered' : 'client-rendered'})`,
    );
  },
);
applyEdgeLimits(server as Server, edge);
server.on('error', (err) => {
  console.error(`masthead server: cannot start: ${err.message}`);
  process.exit(1);
});
const shutdown = () => {
  // Never hang on the way out (a store that cannot close in time is left to its TTLs).
  setTimeout(() => process.exit(0), 3000).unref();
  live.close();
  server.close();
  // Give the lease up at once (another instance takes over without waiting for it to expire), then leave.
  void stores.close().finally(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
