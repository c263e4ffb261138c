/**
 * Market routes of the reference server (SPEC §7), serving the wire shapes of common/wire/market.ts from
 * MarketData (server/market-data.ts). app.ts applies fault injection and the CSRF check to /apiw/* before these.
 *
 * - GET /apiw/v2/market/spots?exchange_type=ALL → {code, data: {server_time, list: SpotRowWire[]}}
 * - GET /apiw/v2/market/futures?is_testnet=0&exchange_type=CONTRACT_ALL → {code, data: ContractWire[]}
 * - GET /apiw/v2/common/tabs?area=web_trade (lang query/header, Accept-Language) → {code, data: TabMenuWire[]}
 * - GET /apiw/v2/pilot/markets?exchange_type=PILOT_ALL → {code, data: {cate, list: PilotRowWire[]}}
 *     with `&format=columns` → {code, data: PilotColumnsWire} (the same rows as columns; `format=rows` = default)
 * - GET /apiw/v2/pre-mint|pre-market/service/currencies/simple-info?limit=100&page=1
 *     → {code, data: {list: PreMarketRowWire[], total, synthetic: true}}
 * - GET /coin-icons/{symbol}.svg → image/svg+xml from the cryptocurrency-icons package
 * A present but unknown query value is a 400 `{code: 400, message}`; absent parameters take the value shown above.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { MARKET_API } from '../../common/wire/endpoints.ts';
import type { PreMarketRowWire, TabMenuWire } from '../../common/wire/market.ts';
import { readCoinIcon } from '../coins.ts';
import type { MarketData, TabMarket } from '../market-data.ts';
import { tabLabel } from '../market-data/tab-labels.ts';
import { requestLocale } from '../request-lang.ts';
import type { Locale } from '../../common/domain/locales.ts';
import { badRequest, JSON_HEADERS, sendJson } from './json-body.ts';
import { pickEncoding, PrecompressedJson } from './precompressed.ts';
import { buildPilotColumns } from '../market-data/pilot-columns.ts';

/** SPEC §9 pre-market page size, also the largest `limit` served. */
export const PREMARKET_PAGE_MAX = 100;
const TAB_MARKETS: readonly TabMarket[] = ['spot', 'futures', 'pilot', 'premarket'];
const ICON_FILE = /^[A-Za-z0-9$]{1,32}\.svg$/;

/** Error message when query parameter `name` is present and not one of `allowed`; null when fine. */
function checkEnum(c: Context, name: string, allowed: readonly string[]): string | null {
  const value = c.req.query(name);
  if (value === undefined || allowed.includes(value)) return null;
  return `unknown ${name} ${JSON.stringify(value)}; expected ${allowed.join(' or ')}`;
}

/** A positive integer query parameter, `fallback` when absent, or an error message. */
function positiveInt(c: Context, name: string, fallback: number): number | string {
  const raw = c.req.query(name);
  if (raw === undefined) return fallback;
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  return value >= 1 ? value : `${name} must be a positive integer, got ${JSON.stringify(raw)}`;
}

/** The Hono sub-app with the market routes, over data prepared once by loadMarketData. */
export function marketRoutes(data: MarketData): Hono {
  const app = new Hono();
  // The three big lists depend on the data only — not on language, cookies or session — so one body per data version
  // serves every client (routes/precompressed.ts). The spot list's envelope carries `server_time` (seconds), so its
  // body is rebuilt at most once per second (the list JSON inside it is serialised once); while the new second's
  // variant compresses, the previous one is served, so no request waits for compression after the first.
  let spotListJson: string | undefined;
  let spotBody: { second: number; body: PrecompressedJson } | undefined;
  let spotPrevious: PrecompressedJson | undefined;
  const contractsBody = new PrecompressedJson(() => JSON.stringify({ code: 200, data: data.contracts }));
  const pilotBody = new PrecompressedJson(() => JSON.stringify({ code: 200, data: data.pilot }));
  // The compact pilot list (the browser's first choice) is built and compressed right after start, off the request
  // path: a cold panel never waits for the ~1 s brotli pass of 100,000 rows.
  const pilotColumnsBody = new PrecompressedJson(() =>
    JSON.stringify({ code: 200, data: buildPilotColumns(data.pilot) }),
  );
  setImmediate(() => {
    pilotColumnsBody.prepare('br');
    pilotColumnsBody.prepare('gzip');
  }).unref();
  const tabsByLocale = new Map<Locale, string>();

  app.get(MARKET_API.spot.path, (c) => {
    const bad = checkEnum(c, 'exchange_type', [MARKET_API.spot.query.exchange_type]);
    if (bad) return badRequest(c, bad);
    const second = Math.floor(Date.now() / 1000);
    if (spotBody?.second !== second) {
      const list = (spotListJson ??= JSON.stringify(data.spot));
      spotPrevious = spotBody?.body;
      spotBody = {
        second,
        body: new PrecompressedJson(() => `{"code":200,"data":{"server_time":${second},"list":${list}}}`),
      };
    }
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!spotBody.body.isReady(encoding) && spotPrevious?.isReady(encoding)) {
      spotBody.body.prepare(encoding);
      return spotPrevious.send(c);
    }
    return spotBody.body.send(c);
  });

  app.get(MARKET_API.futures.path, (c) => {
    // Testnet (is_testnet=1) lists the same contracts here.
    const bad =
      checkEnum(c, 'is_testnet', ['0', '1']) ??
      checkEnum(c, 'exchange_type', [MARKET_API.futures.query.exchange_type]);
    return bad ? badRequest(c, bad) : contractsBody.send(c);
  });

  app.get(MARKET_API.pilot.path, (c) => {
    const bad =
      checkEnum(c, 'exchange_type', [MARKET_API.pilot.query.exchange_type]) ??
      checkEnum(c, 'format', [MARKET_API.pilot.columnsQuery.format, 'rows']);
    if (bad) return badRequest(c, bad);
    return c.req.query('format') === MARKET_API.pilot.columnsQuery.format
      ? pilotColumnsBody.send(c)
      : pilotBody.send(c);
  });

  app.get(MARKET_API.tabs.path, (c) => {
    const bad = checkEnum(c, 'area', [MARKET_API.tabs.query.area]);
    if (bad) return badRequest(c, bad);
    const lang = requestLocale(c);
    if ('error' in lang) return badRequest(c, lang.error);
    let body = tabsByLocale.get(lang.locale);
    if (!body) {
      const menus: TabMenuWire[] = TAB_MARKETS.map((market) => ({
        market,
        tabs: data.tabKeys[market].map((key) => ({ key, name: tabLabel(key, lang.locale) })),
      }));
      body = JSON.stringify({ code: 200, data: menus });
      tabsByLocale.set(lang.locale, body);
    }
    return c.body(body, 200, {
      ...JSON_HEADERS,
      'Content-Language': lang.locale,
      Vary: 'Accept-Language, lang',
    });
  });

  const simpleInfo = (list: readonly PreMarketRowWire[]) => (c: Context) => {
    const limit = positiveInt(c, 'limit', PREMARKET_PAGE_MAX);
    const page = positiveInt(c, 'page', 1);
    if (typeof limit === 'string') return badRequest(c, limit);
    if (typeof page === 'string') return badRequest(c, page);
    const size = Math.min(limit, PREMARKET_PAGE_MAX);
    const start = (page - 1) * size;
    return sendJson(c, {
      code: 200,
      data: { list: list.slice(start, start + size), total: list.length, synthetic: true },
    });
  };
  app.get(MARKET_API.premint.path, simpleInfo(data.premint));
  app.get(MARKET_API.preMarket.path, simpleInfo(data.premarket));

  app.get('/coin-icons/:file', (c) => {
    const file = c.req.param('file');
    if (!ICON_FILE.test(file)) return badRequest(c, 'invalid icon name');
    const svg = readCoinIcon(data.coins, file.toLowerCase());
    if (!svg) return sendJson(c, { code: 404, message: 'no such icon' }, 404);
    return c.body(new Uint8Array(svg), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  return app;
}
