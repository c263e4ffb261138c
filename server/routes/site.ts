/**
 * Site routes (SPEC §1, §3, §7; docs/API.md): common site data, menu data and the compliance check, per sub-site
 * (query, cookie or host: server/request-context.ts) and session. app.ts applies fault injection and the CSRF check
 * first.
 *
 * - GET /api/web/v1/site/common_data?lang=en[&sub_website_id=N] → {code: 200, data: CommonSiteData}
 * - GET /api/web/v1/site/menu_data[?sub_website_id=N] → {code: 200, data: MenuData}
 * - GET /api/web/v1/site/compliance_check?lang=en[&sub_website_id=N] → {code: 200, data: ComplianceResult}
 * - GET /api/web/v1/site/popular_coins[?limit=N] → {code: 200, data: PopularCoinWire[]} (footer, top N by volume)
 * An unknown `lang` is a 400 `{code: 400, message}`.
 */
import { Hono, type Context } from 'hono';
import { SITE_API } from '../../common/wire/endpoints.ts';
import { requestCookie } from '../cookie-parse.ts';
import type { MarketData } from '../market-data.ts';
import { requestLocale } from '../request-lang.ts';
import { requestSessionOrAnonymous, requestSubSite } from '../request-context.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { commonSiteData, complianceCheck, menuData, type SiteRequest } from '../site-data.ts';
import { DEFAULT_POPULAR_COINS, MAX_POPULAR_COINS, popularCoins } from '../popular-coins.ts';

/** `{code: 200, message: 'success', data}` with no caching (per-session data). */
export function ok(c: Context, data: unknown): Response {
  c.header('Cache-Control', 'no-store');
  return c.json({ code: 200, message: 'success', data });
}

/** Returns the site sub-app. `store` defaults to the process's session store. */
export function siteRoutes(data: MarketData, store: SessionBackend = SESSIONS): Hono {
  const app = new Hono();
  const currencyCount = new Set(data.spot.map((r) => r.pair.split('_')[0]?.toUpperCase())).size;

  const siteRequest = async (c: Context): Promise<SiteRequest | { error: string }> => {
    const lang = requestLocale(c);
    if ('error' in lang) return lang;
    return {
      site: requestSubSite(c),
      locale: lang.locale,
      persona: (await requestSessionOrAnonymous(c, store))?.persona ?? null,
      fiatCookie: requestCookie(c, 'curr_fiat'),
      buyFiatCookie: requestCookie(c, 'default_buy_crypto_fiat'),
      country: c.req.header('x-country'),
      currencyCount,
    };
  };
  const handle = (build: (r: SiteRequest) => unknown) => async (c: Context) => {
    const r = await siteRequest(c);
    if ('error' in r) return c.json({ code: 400, message: r.error }, 400);
    return ok(c, build(r));
  };

  app.get(SITE_API.commonData, handle(commonSiteData));
  app.get(SITE_API.menuData, handle(menuData));
  app.get(SITE_API.compliance, handle(complianceCheck));
  // The snapshot does not change while the server runs: rank once, slice per request (a bad limit is a 400).
  const popular = popularCoins(data, MAX_POPULAR_COINS);
  app.get(SITE_API.popularCoins, (c) => {
    const raw = c.req.query('limit') ?? String(DEFAULT_POPULAR_COINS);
    const limit = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!(limit >= 1 && limit <= MAX_POPULAR_COINS))
      return c.json({ code: 400, message: `limit must be 1..${MAX_POPULAR_COINS}` }, 400);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ code: 200, message: 'success', data: popular.slice(0, limit) });
  });
  return app;
}
