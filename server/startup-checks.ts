/**
 * Start-up checks of the market data against what the pages and routes need (ARCHITECTURE.md 'The reference server'; SPEC §8
 * 'a data fault stops the server'): loadMarketData checks each file's shape; this checks that the data can serve a
 * page — a USDT pair for the home announcement, popular coins for the footer (USDT-priced volume), and the common
 * site data and announcement parsing with the wire schemas the client uses — in every UI locale. A missing piece
 * throws an Error whose message names the data folder's spot file and what it lacks (server/start.ts prints it as
 * its one `cannot start:` line), instead of every page falling back to the client shell later.
 */
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import { HOME_PAGE_KEY } from '../common/domain/announcement.ts';
import { LOCALES } from '../common/domain/locales.ts';
import { MAIN_SITE } from '../common/domain/sub-sites.ts';
import { Announcement } from '../common/wire/messages.ts';
import { CommonSiteData } from '../common/wire/site.ts';
import { announcementFor } from './bulletin-data.ts';
import { DATA_FILES, DEFAULT_DATA_DIR, type MarketData } from './market-data.ts';
import { DEFAULT_POPULAR_COINS, popularCoins } from './popular-coins.ts';
import { commonSiteData } from './site-data.ts';

/** `MARKET_DATA_DIR /x/spot_tickers.json` or `market data /repo/server/data/spot_tickers.json`, as load errors say. */
function spotLabel(data: Pick<MarketData, 'dataDir'>): string {
  const bundled = join(data.dataDir, '/') === join(DEFAULT_DATA_DIR, '/');
  return `${bundled ? 'market data' : 'MARKET_DATA_DIR'} ${join(data.dataDir, DATA_FILES.spot)}`;
}

/**
 * Throws (one line: the spot file and what is missing) unless `data` can serve every page and route: at least one
 * `*_USDT` pair, at least DEFAULT_POPULAR_COINS coins with USDT-priced 24h volume, and the home announcement and the
 * common site data valid in every locale.
 */
export function checkServable(data: MarketData): void {
  const where = spotLabel(data);
  if (!data.spot.some((r) => r.pair.toUpperCase().endsWith('_USDT'))) {
    throw new Error(`${where}: has no USDT pair (the home announcement and the popular coins need one)`);
  }
  const popular = popularCoins(data, DEFAULT_POPULAR_COINS);
  if (popular.length < DEFAULT_POPULAR_COINS) {
    throw new Error(
      `${where}: only ${popular.length} coins have a USDT price and 24h volume; the footer's popular coins need ${DEFAULT_POPULAR_COINS}`,
    );
  }
  for (const locale of LOCALES) {
    const announcement = Announcement.safeParse(announcementFor(data, HOME_PAGE_KEY, locale));
    if (!announcement.success) throw new Error(`${where}: the home announcement (${locale}) is not valid`);
    const site = CommonSiteData.safeParse(
      commonSiteData({ site: MAIN_SITE, locale, persona: null, currencyCount: 1 }),
    );
    if (!site.success) throw new Error(`${where}: the common site data (${locale}) is not valid`);
  }
}

/**
 * The start-up warning for a production server without `MH_SECRET` (docs/SECURITY.md 'V3.5'), or undefined: without
 * it the CSRF key is drawn per process, so every restart invalidates the token of every open tab (they renew it once
 * and retry, but a fleet behind a load balancer would disagree on every request). `nodeEnv`: NODE_ENV as the
 * operator set it (undefined when not set).
 */
export function missingSecretWarning(
  config: Pick<ServerConfig, 'MH_SECRET'>,
  nodeEnv: string | undefined,
): string | undefined {
  if (config.MH_SECRET !== undefined || nodeEnv !== 'production') return undefined;
  return 'masthead server: warning: MH_SECRET is not set in production; CSRF tokens change at every restart and differ between instances (set MH_SECRET, at least 32 characters, shared by every instance)';
}
