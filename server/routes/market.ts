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
 *
 * The lists are read through a MarketStore (server/market-data/store.ts) when one is given: a swapped list is served
 * from the next request on, with new bodies. The spot and futures answers carry where their list comes from and how
 * fresh it is (docs/API.md 'Market sources'): `X-Market-Source` (`snapshot`, `gate`), `X-Market-Updated-At` (ms since
 * epoch of the data) and, while a failed poll keeps an older list, `X-Market-Stale: 1`; an upstream list's envelope
 * also carries `updated_at` (the same time), which the market worker ages the list from.
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
import type { MarketStore, SourcedList } from '../market-data/store.ts';

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

/** The bodies built from one version of the data. */
interface Bodies {
  data: MarketData;
  spotListJson?: string;
  contracts: PrecompressedJson;
  pilot: PrecompressedJson;
  pilotColumns: PrecompressedJson;
  tabsByLocale: Map<Locale, string>;
}

/**
 * Bodies of `data`; the pilot bodies are reused from `previous` when the pilot list did not change. `updatedAt`
 * gives the envelope field of an upstream list (see `updatedField`).
 */
function bodiesOf(
  data: MarketData,
  previous: Bodies | undefined,
  updatedAt: (list: SourcedList) => string,
): Bodies {
  const samePilot = previous?.data.pilot === data.pilot;
  const pilotColumns = samePilot
    ? previous!.pilotColumns
    : new PrecompressedJson(() => JSON.stringify({ code: 200, data: buildPilotColumns(data.pilot) }));
  if (!samePilot) {
    // The compact pilot list (the browser's first choice) is built and compressed right after start, off the request
    // path: a cold panel never waits for the ~1 s brotli pass of 100,000 rows.
    setImmediate(() => {
      pilotColumns.prepare('br');
      pilotColumns.prepare('gzip');
    }).unref();
  }
  return {
    data,
    contracts: new PrecompressedJson(
      () => `{"code":200${updatedAt('futures')},"data":${JSON.stringify(data.contracts)}}`,
    ),
    pilot: samePilot
      ? previous!.pilot
      : new PrecompressedJson(() => JSON.stringify({ code: 200, data: data.pilot })),
    pilotColumns,
    tabsByLocale: new Map(),
  };
}

/**
 * The Hono sub-app with the market routes, over data prepared by loadMarketData: fixed (`MarketData`) or read per
 * request through `store` (a swapped version gets new bodies).
 */
export function marketRoutes(source: MarketData | MarketStore): Hono {
  const store = 'current' in source ? source : undefined;
  const fixed = 'current' in source ? undefined : source;
  const app = new Hono();
  // The three big lists depend on the data only — not on language, cookies or session — so one body per data version
  // serves every client (routes/precompressed.ts). The spot list's envelope carries `server_time` (seconds), so its
  // body is rebuilt at most once per second (the list JSON inside it is serialised once); while the new second's
  // variant compresses, the previous one is served, so no request waits for compression after the first.
  /**
   * The envelope's `,"updated_at":<ms>` for a list an upstream gave (the time of its last good reply, which a stale
   * list keeps), so the browser ages it from then; nothing for the snapshot (its bodies stay as they were).
   */
  const updatedField = (list: SourcedList): string => {
    const f = store?.freshness(list);
    return f && f.source !== 'snapshot' ? `,"updated_at":${f.updatedAt}` : '';
  };
  let bodies = bodiesOf(fixed ?? store!.current(), undefined, updatedField);
  const current = (): Bodies => {
    const data = fixed ?? store!.current();
    if (data !== bodies.data) bodies = bodiesOf(data, bodies, updatedField);
    return bodies;
  };
  /** Sets the list's source headers (only with a store). */
  const sourceHeaders = (c: Context, list: SourcedList) => {
    if (!store) return;
    const f = store.freshness(list);
    c.header('X-Market-Source', f.source);
    c.header('X-Market-Updated-At', String(f.updatedAt));
    if (f.stale) c.header('X-Market-Stale', '1');
  };
  let spotBody: { second: number; body: PrecompressedJson; data: MarketData } | undefined;
  let spotPrevious: PrecompressedJson | undefined;

  app.get(MARKET_API.spot.path, (c) => {
    const bad = checkEnum(c, 'exchange_type', [MARKET_API.spot.query.exchange_type]);
    if (bad) return badRequest(c, bad);
    const second = Math.floor(Date.now() / 1000);
    const b = current();
    sourceHeaders(c, 'spot');
    if (spotBody?.second !== second || spotBody.data !== b.data) {
      const list = (b.spotListJson ??= JSON.stringify(b.data.spot));
      // A previous second's body of the same data may stand in while this one compresses; a swapped list may not.
      spotPrevious = spotBody?.data === b.data ? spotBody.body : undefined;
      spotBody = {
        second,
        data: b.data,
        body: new PrecompressedJson(
          () => `{"code":200${updatedField('spot')},"data":{"server_time":${second},"list":${list}}}`,
        ),
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
    if (bad) return badRequest(c, bad);
    sourceHeaders(c, 'futures');
    return current().contracts.send(c);
  });

  app.get(MARKET_API.pilot.path, (c) => {
    const bad =
      checkEnum(c, 'exchange_type', [MARKET_API.pilot.query.exchange_type]) ??
      checkEnum(c, 'format', [MARKET_API.pilot.columnsQuery.format, 'rows']);
    if (bad) return badRequest(c, bad);
    const b = current();
    return c.req.query('format') === MARKET_API.pilot.columnsQuery.format
      ? b.pilotColumns.send(c)
      : b.pilot.send(c);
  });

  app.get(MARKET_API.tabs.path, (c) => {
    const bad = checkEnum(c, 'area', [MARKET_API.tabs.query.area]);
    if (bad) return badRequest(c, bad);
    const lang = requestLocale(c);
    if ('error' in lang) return badRequest(c, lang.error);
    const { data, tabsByLocale } = current();
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
  app.get(MARKET_API.premint.path, (c) => simpleInfo(current().data.premint)(c));
  app.get(MARKET_API.preMarket.path, (c) => simpleInfo(current().data.premarket)(c));

  app.get('/coin-icons/:file', (c) => {
    const file = c.req.param('file');
    if (!ICON_FILE.test(file)) return badRequest(c, 'invalid icon name');
    const svg = readCoinIcon(current().data.coins, file.toLowerCase());
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
