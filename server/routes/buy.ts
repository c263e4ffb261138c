/**
 * Buy-crypto routes (docs/API.md; SPEC §7). app.ts applies the CSRF check and fault injection first.
 *
 * - GET /api/web/v1/c2c/buy_crypto_fiat_setting → {code: 200, data: [{fiat, credit_card, bank_transfer, p2p}]} for
 *   every fiat of the fiat list (reference data: server/buy-data.ts), USD first. Same answer for every visitor.
 */
import { Hono } from 'hono';
import { BUY_API } from '../../common/wire/endpoints.ts';
import { fiatSettings } from '../buy-data.ts';
import { ok } from './site.ts';

/** Returns the buy-crypto sub-app. The list is built once (it depends only on the bundled fiat data). */
export function buyRoutes(): Hono {
  const app = new Hono();
  const settings = fiatSettings();
  app.get(BUY_API.fiatSetting, (c) => ok(c, settings));
  return app;
}
