/**
 * The worker fault matrix's one table (SPEC §8): every market call the worker makes (common/wire/endpoints.ts
 * MARKET_API) with the list it feeds, and what the worker sees of each HTTP fault (the faults themselves are the
 * browser matrix's, e2e/faults/table.ts HTTP_FAULTS, answered by server/faults.ts). A new market call is one new row:
 * the typecheck fails until every key of MARKET_API has its row in MARKET_CALLS, and a new fault kind fails it until
 * FAULT_SEEN says how the worker reads it; the tests are generated from these tables.
 */
import { MARKET_API, type MarketCall } from '../../common/wire/endpoints.ts';
import type { MarketKind } from '../../workers/market/contract.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { HTTP_FAULTS, TEMPERATURES, type HttpFault } from '../../e2e/faults/table.ts';

export { HTTP_FAULTS, TEMPERATURES, type HttpFault };

/** One market call. */
export interface MarketCallRow {
  /** The list this call's answer becomes, or null for the tab menus (they feed every list's tabs, not its rows). */
  list: MarketKind | null;
  /** SPEC §9 cache entry this call's answer is stored in. */
  cache: string;
  /** For a list built from two calls: the other call, whose rows alone show while this one fails (SPEC §8). */
  partner?: MarketCall;
}

/** Every market call of the worker. */
export const MARKET_CALLS: Record<MarketCall, MarketCallRow> = {
  tabs: { list: null, cache: CACHE_NAMES.tabs },
  spot: { list: 'spot', cache: CACHE_NAMES.spot },
  futures: { list: 'futures', cache: CACHE_NAMES.futures },
  pilot: { list: 'pilot', cache: CACHE_NAMES.pilot },
  premint: { list: 'premarket', cache: CACHE_NAMES.premarket, partner: 'preMarket' },
  preMarket: { list: 'premarket', cache: CACHE_NAMES.premarket, partner: 'premint' },
};

/**
 * What the worker logs for a call that met each fault (source.ts fetchEnvelopeData over common/http.ts requestJson):
 * the transport's reason, or the envelope's problem. `shape` passes both (a 200 envelope with code 200): its data is
 * rejected by the source's schema, so no transport or envelope line is logged for it (null).
 */
export const FAULT_SEEN = {
  '500': 'failed: http',
  code: ': code 500',
  malformed: 'failed: parse',
  shape: null,
  'slow:4500': 'failed: timeout',
  network: 'failed: network',
  empty: ': not an API envelope',
} as const satisfies Record<HttpFault, string | null>;

/** The request path of a market call (faults are set per path, as the server's `mh_faults` are). */
export const pathOf = (call: MarketCall) => MARKET_API[call].path;

/** The transport or envelope lines the worker logged for `path`. */
export const callLines = (log: string[], path: string) =>
  log.filter(
    (l) => l.startsWith(`GET ${path}?`) || l.startsWith(`GET ${path} `) || l.startsWith(`GET ${path}:`),
  );
