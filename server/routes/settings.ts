/**
 * Settings routes (SPEC §4, §7): `GET /api/web/v1/site/currFiatMarketRates` → `{code: 200, data: {USD: 1, …}}`,
 * fiat per 1 USDT (server/settings-data.ts explains the derivation). Rates are derived once, when the app is built,
 * from the same spot snapshot the market routes serve (MARKET_DATA_DIR aware).
 */
import { Hono } from 'hono';
import { SITE_API } from '../../common/wire/endpoints.ts';
import type { MarketData } from '../market-data.ts';
import { fiatRatesFromUsdt, snapshotPairs, type FiatRates } from '../settings-data.ts';

/** Returns the settings sub-app. Rates come from `data.dataDir`'s spot_tickers.json. */
export function settingsRoutes(data: Pick<MarketData, 'dataDir'>): Hono {
  const rates: FiatRates = fiatRatesFromUsdt(snapshotPairs(data.dataDir));
  const app = new Hono();
  app.get(SITE_API.fiatRates, (c) => {
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({ code: 200, data: rates });
  });
  return app;
}
