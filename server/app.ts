/**
 * The reference API server (ARCHITECTURE.md 'The reference server'): one Hono app with the routes of SPEC §7 and the site,
 * session and compliance data it leaves unnamed. Mounted on the same origin by vite dev/preview (server/vite-plugin.ts)
 * and by `npm start` (server/start.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { USER_API } from '../common/wire/endpoints.ts';
import { LIVE_API } from '../common/wire/live.ts';
import { bodyLimits } from './body-limits.ts';
import { parseConfig, serverConfig } from './config.ts';
import { csrfTokenHandler, requireCsrf } from './csrf.ts';
import { faultsEnabled, injectFaults, injectLiveFaults } from './faults.ts';
import { loginRateLimit } from './login-limit.ts';
import { loadMarketData, type MarketData, type MarketDataOptions } from './market-data.ts';
import type { LiveService } from './live/hub.ts';
import type { MarketStore } from './market-data/store.ts';
import { StoreUnavailableError, storeUnavailableAnswer } from './stores/errors.ts';
import { defaultStores, type Stores } from './stores/index.ts';
import { createMetrics, httpMetrics, METRICS_PATH, metricsHandler, type Metrics } from './metrics.ts';
import { marketRoutes } from './routes/market.ts';
import { buyRoutes } from './routes/buy.ts';
import { headerExtrasRoutes } from './routes/header-extras.ts';
import { messagesRoutes } from './routes/messages.ts';
import { sessionRoutes } from './routes/session.ts';
import { favouritesRoutes } from './favourites.ts';
import { siteRoutes } from './routes/site.ts';
import { settingsRoutes } from './routes/settings.ts';

/** Path prefixes the API server answers; everything else is the app (static files or vite). */
export const SERVER_PREFIXES = [
  '/api/',
  '/apiw/',
  '/apiweb/',
  USER_API.pageLogout,
  '/coin-icons/',
  '/cdn/',
  METRICS_PATH,
] as const;

/** True for any `/api*` path (`/api`, `/apiw`, `/apiweb`, or unknown ones such as `/apix`): JSON, never the page. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api');
}

/** True when the reference server, not the app, answers this path (unknown API paths get its JSON 404). */
export function isServerPath(pathname: string): boolean {
  return (
    isApiPath(pathname) ||
    SERVER_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))
  );
}

/**
 * Switches of createApp besides the data: fault injection (default `MH_FAULTS`), sign-ins per minute per client, and
 * market data already loaded (`data`, so the site server's page render can share it; default: loaded here).
 */
export interface AppOptions extends MarketDataOptions {
  faults?: boolean;
  loginLimit?: number;
  data?: MarketData;
  /** The app's metrics (server/metrics.ts; default: a new registry) and the `/metrics` bearer token (METRICS_TOKEN). */
  metrics?: Metrics;
  metricsToken?: string;
  /** The live ticker socket (server/live/hub.ts); without it `LIVE_API.path` is an unknown path. */
  live?: LiveService;
  /** The market lists served now, when an upstream may swap them (server/market-data/store.ts); default `data`. */
  market?: MarketStore;
  /** Sessions, favourites and rate-limit counters (server/stores/index.ts; default: this process's, DATA_DIR). */
  stores?: Stores;
}

/**
 * Market-data options of the configuration (server/config.ts): MARKET_DATA_DIR, PILOT_ROWS. `env` (tests): read
 * from that environment instead of the process's configuration. Throws a ConfigError for a bad value
 * (`PILOT_ROWS "abc": expected an integer from 1 to 1000000`).
 */
export function optionsFromEnv(env?: NodeJS.ProcessEnv): MarketDataOptions {
  const config = env ? parseConfig(env) : serverConfig();
  return { dataDir: config.MARKET_DATA_DIR, pilotRows: config.PILOT_ROWS };
}

/** GET routes that change state (SPEC §7 logoutAll; the page logout with its token): never run for a HEAD. */
const MUTATING_GETS: ReadonlySet<string> = new Set([USER_API.logoutAll, USER_API.pageLogout]);

/**
 * Middleware: a HEAD request for a MUTATING_GETS path is answered `405` (`Allow: GET`) without running the route
 * (Hono runs a GET handler for HEAD and drops the body, so a HEAD would otherwise end sessions).
 */
const headNeverMutates: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'HEAD' && MUTATING_GETS.has(c.req.path)) {
    return c.body(null, 405, { Allow: 'GET', 'Cache-Control': 'no-store' });
  }
  await next();
};

/**
 * True for the error a body read raises when the client aborts the request mid-body (Node's `aborted` /
 * ECONNRESET on the request stream, or an AbortError).
 */
export function isAbortedBody(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (
    err.message === 'aborted' || code === 'ECONNRESET' || code === 'ABORT_ERR' || err.name === 'AbortError'
  );
}

/**
 * Builds the app. Loads market data synchronously; a missing or malformed data file throws an Error whose message
 * names the file and the problem (the caller prints it and exits).
 */
export function createApp(options: AppOptions = optionsFromEnv()): Hono {
  const data = options.data ?? loadMarketData(options);
  const app = new Hono();
  const metrics = options.metrics ?? createMetrics();
  const stores = options.stores ?? defaultStores(serverConfig().DATA_DIR);
  const sessions = stores.sessions;
  app.use('*', httpMetrics(metrics));
  app.get(METRICS_PATH, metricsHandler(metrics, options.metricsToken ?? serverConfig().METRICS_TOKEN));
  // Body limits before anything reads or checks a request (server/body-limits.ts): an oversized body is never buffered.
  app.use('*', bodyLimits());
  // CSRF first: fault injection (tests only, MH_FAULTS=1) never runs for a request another site could forge.
  const faults = options.faults ?? faultsEnabled();
  const guard = faults ? [requireCsrf, injectFaults] : [requireCsrf];
  // HEAD never mutates: the GET routes that end sessions do not run for it.
  app.use('*', headNeverMutates);
  // The live socket before the CSRF guard: a WebSocket cannot send the CSRF header, its upgrade checks Origin instead.
  // With faults on, a same-origin upgrade may be refused by the `mh_faults` cookie (a socket that cannot open: the
  // REST fallback's tests, docs/API.md 'Live tickers'); the Origin check stands in for the CSRF one.
  if (options.live && faults) app.get(LIVE_API.path, injectLiveFaults, options.live.handler);
  else if (options.live) app.get(LIVE_API.path, options.live.handler);
  // The token renewal before the guard too: it is how a tab with a refused token gets a good one (server/csrf.ts).
  app.get(USER_API.csrfToken, csrfTokenHandler);
  app.use('/api/*', ...guard);
  app.use('/apiw/*', ...guard);
  app.use('/apiweb/*', ...guard);
  app.route('/', marketRoutes(options.market ?? data));
  app.route('/', siteRoutes(data, sessions));
  const loginLimiter = loginRateLimit(options.loginLimit, undefined, stores.rateLimit('login'));
  app.route('/', sessionRoutes(sessions, loginLimiter));
  app.route('/', favouritesRoutes(stores.favourites, sessions));
  app.route('/', settingsRoutes(data));
  app.route('/', messagesRoutes(data, sessions));
  app.route('/', buyRoutes());
  app.route('/', headerExtrasRoutes(sessions));
  app.notFound((c) => c.json({ code: 404, message: 'not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    // A shared store that cannot answer (Redis lost): 503 with a retry hint, one log line, no stack.
    if (err instanceof StoreUnavailableError) {
      console.warn('[server]', c.req.method, c.req.path, err.message);
      const { body, headers } = storeUnavailableAnswer(err);
      return c.json(body, 503, headers);
    }
    if (isAbortedBody(err)) {
      // The client went away mid-body (or the edge time-out cut it): its fault, one line, no stack.
      console.warn(`[server] ${c.req.method} ${c.req.path}: request body aborted by the client`);
      return c.json({ code: 400, message: 'request body aborted' }, 400);
    }
    console.error('[server]', c.req.method, c.req.path, err);
    return c.json({ code: 500, message: 'internal error' }, 500);
  });
  return app;
}
