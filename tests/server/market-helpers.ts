// Helpers for the market route tests: requests through Hono's app.request with the CSRF pair, wire shape checks.
import type { Hono } from 'hono';
import { csrfPair } from './helpers.ts';

/** Cookie and header of a valid CSRF pair bound to a pre-session id (server/csrf.ts). */
export const CSRF_HEADERS = csrfPair().headers;

/** GET `path` with the CSRF pair and any extra headers. */
export function get(app: Hono, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(app.request(path, { headers: { ...CSRF_HEADERS, ...headers } }));
}

/** GET `path` and parse its JSON body, asserting nothing about the status. */
export async function getJson<T = unknown>(
  app: Hono,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await get(app, path, headers);
  return { status: res.status, body: (await res.json()) as T };
}

type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'string|null' | 'string?' | 'boolean?';

/** Asserts `value` is an object whose listed keys have the listed kinds; returns the failures (empty when fine). */
export function shapeErrors(value: unknown, shape: Record<string, Kind>): string[] {
  if (value === null || typeof value !== 'object') return ['not an object'];
  const row = value as Record<string, unknown>;
  const errors: string[] = [];
  for (const [key, kind] of Object.entries(shape)) {
    const v = row[key];
    const ok =
      kind === 'string[]'
        ? Array.isArray(v) && v.every((x) => typeof x === 'string')
        : kind === 'string|null'
          ? v === null || typeof v === 'string'
          : kind.endsWith('?')
            ? v === undefined || typeof v === kind.slice(0, -1)
            : typeof v === kind;
    if (!ok) errors.push(`${key}: expected ${kind}, got ${JSON.stringify(v)}`);
  }
  return errors;
}

/** SpotRowWire (common/wire/market.ts). */
export const SPOT_ROW_SHAPE: Record<string, Kind> = {
  pair: 'string',
  name: 'string',
  rate: 'string',
  rate_percent: 'string',
  change_utc0: 'string',
  change_utc8: 'string',
  volume: 'string',
  multiple: 'number',
  credit: 'boolean',
  categories: 'string[]',
  prior_rate: 'string',
  opening_time: 'number',
  cross_multiple: 'number',
  isST: 'boolean',
  icon: 'string|null',
  link: 'string',
};

/** ContractWire. */
export const CONTRACT_SHAPE: Record<string, Kind> = {
  name: 'string',
  settle: 'string',
  coin_name: 'string',
  full_name: 'string',
  categories: 'string[]',
  is_tag_st: 'boolean',
  last_price: 'string',
  change_percentage: 'string',
  change_utc0: 'string',
  change_utc8: 'string',
  volume_24h_quote: 'string',
  leverage_max: 'number',
  icon: 'string|null',
  synthetic: 'boolean?',
};

/** PilotRowWire. */
export const PILOT_ROW_SHAPE: Record<string, Kind> = {
  name: 'string',
  address: 'string',
  show_pair: 'string',
  icon: 'string|null',
  chain_icon: 'string|null',
  chain: 'string',
  seo_path: 'string',
  is_hot: 'boolean',
  price: 'string',
  change_percentage: 'string',
  volume_24h: 'string',
  market_cap: 'string',
  categories: 'string[]',
};

/** PreMarketRowWire. */
export const PREMARKET_ROW_SHAPE: Record<string, Kind> = {
  currency: 'string',
  market: 'string',
  full_name: 'string',
  tags: 'string[]',
  icon: 'string|null',
  price: 'string?',
};

/** A plain decimal string as the wire sends numbers (no exponent, no NaN). */
export const DECIMAL = /^-?\d+(\.\d+)?$/;
