/**
 * The reference API server (DESIGN 'The reference server'): one Hono app with the routes of SPEC §7 and the site,
 * session and compliance data it leaves unnamed. Mounted on the same origin by vite dev/preview (server/vite-plugin.ts)
 * and by `npm start` (server/start.ts).
 */
import { Hono } from 'hono';
import { requireCsrf } from './csrf.ts';
import { injectFaults } from './faults.ts';
import { loadMarketData, type MarketDataOptions } from './market-data.ts';
import { marketRoutes } from './routes/market.ts';
import { messagesRoutes } from './routes/messages.ts';
import { sessionRoutes } from './routes/session.ts';
import { siteRoutes } from './routes/site.ts';
import { settingsRoutes } from './routes/settings.ts';

/** Path prefixes the API server answers; everything else is the app (static files or vite). */
export const SERVER_PREFIXES = ['/api/', '/apiw/', '/apiweb/', '/logout', '/coin-icons/'] as const;

/** True when the reference server, not the app, answers this path. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/** Options from the environment: MARKET_DATA_DIR, PILOT_ROWS. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): MarketDataOptions {
  const pilotRows = env.PILOT_ROWS ? Number(env.PILOT_ROWS) : undefined;
  return {
    dataDir: env.MARKET_DATA_DIR || undefined,
    pilotRows: pilotRows && Number.isFinite(pilotRows) && pilotRows > 0 ? Math.floor(pilotRows) : undefined,
  };
}

/**
 * Builds the app. Loads market data synchronously; a missing or malformed data file throws an Error whose message
 * names the file and the problem (the caller prints it and exits).
 */
export function createApp(options: MarketDataOptions = optionsFromEnv()): Hono {
  const data = loadMarketData(options);
  const app = new Hono();
  app.use('/api/*', injectFaults, requireCsrf);
  app.use('/apiw/*', injectFaults, requireCsrf);
  app.use('/apiweb/*', injectFaults, requireCsrf);
  app.route('/', marketRoutes(data));
  app.route('/', siteRoutes(data));
  app.route('/', sessionRoutes());
  app.route('/', settingsRoutes(data));
  app.route('/', messagesRoutes(data));
  app.notFound((c) => c.json({ code: 404, message: 'not found' }, 404));
  app.onError((err, c) => {
    console.error('[server]', c.req.method, c.req.path, err);
    return c.json({ code: 500, message: 'internal error' }, 500);
  });
  return app;
}
