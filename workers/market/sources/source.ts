/**
 * What a list source is (one per SPEC §9 cache): its endpoint call with validation, its cache validity rule
 * (SPEC §5), an optional compact cache encoding, and how its data becomes tables. Pure apart from ctx.fetchJson.
 */
import { openEnvelope } from '../../../common/wire/envelope.ts';
import { safeUrl } from '../../../common/url-policy.ts';
import { ICON_HOSTS } from '../../../common/domain/hosts.ts';
import type { EngineDeps } from '../deps.ts';
import type { MarketTable } from '../table.ts';

/** The sources: the four lists and the tab menus. */
export type SourceId = 'tabs' | 'spot' | 'futures' | 'pilot' | 'premarket';

/** What a source may use while loading. */
export interface SourceContext {
  origin: string;
  csrfToken: string;
  /** UI locale (EngineConfig.lang). */
  lang: string;
  timeZone: string;
  fetchJson: EngineDeps['fetchJson'];
  log(message: string, detail?: unknown): void;
  /** The source's data in memory (from the cache or an earlier fetch), null when none. */
  previous: unknown;
  /** Called by a source whose answer is partial (one of several calls failed): the store shows it, does not cache
   * it, and retries with backoff. */
  markIncomplete(): void;
  /** Called when the server says its data is from `at` (ms since epoch), older than the answer: the list's real
   * age (docs/API.md 'Market sources'). The store keeps the oldest time of one fetch. */
  markDataTime?(at: number): void;
}

/** A zod schema (or anything with its `safeParse`) producing D: how a cached entry is checked. */
export interface CacheSchema<D> {
  safeParse(value: unknown): { success: true; data: D } | { success: false };
}

/** What building tables may use. */
export interface BuildContext {
  /** Wall clock, ms since epoch (upcoming listings). */
  now: number;
}

/** A source with data of shape D. */
export interface SourceDef<D> {
  id: SourceId;
  cacheName: string;
  /** Periodic refresh, ms; null = revalidated on use only. */
  refreshMs: number | null;
  /** Fetches and validates; null when the call failed or the data is invalid (reason logged). */
  fetch(ctx: SourceContext): Promise<D | null>;
  /** SPEC §5 cache validity, applied to cached and to fresh data. */
  isValid(data: unknown): data is D;
  /** The cached data's schema, built from the wire schemas of common/wire/market.ts (one schema per row shape):
   * every cached row is checked before it is trusted; an entry that fails is deleted and refetched. */
  cacheSchema: CacheSchema<D>;
  /** Format of this source's stored form (cache.ts CACHE_FORMAT when absent); entries of another format are
   * migrated (`migrate`) or dropped. */
  cacheFormat?: number;
  /** Reads a stored form of an older `format` (returns unknown so isValid and cacheSchema check it; null = drop). */
  migrate?(stored: unknown, format: number): unknown;
  /** Compact form for the cache (default: the data itself). */
  encode?(data: D): unknown;
  /** Inverse of encode; returns unknown so isValid checks it. */
  decode?(stored: unknown): unknown;
  /** Tables by list key (`spot`, `futures:USDT`, …); absent for the tab menus. */
  build?(data: D, ctx: BuildContext): Map<string, MarketTable>;
}

/** Why a call gave no data: the transport's reason (common/http.ts), or `envelope` (an answer without code 200). */
export type FetchFailure = {
  ok: false;
  reason: 'timeout' | 'network' | 'http' | 'parse' | 'envelope';
  status?: number;
};

/**
 * SPEC §8: the envelope's `data` when `code` is 200, else a failure with its reason (caller falls back); never
 * throws. Every failure is logged. An envelope's `updated_at` (ms since epoch: when an upstream last gave the server
 * this list, docs/API.md 'Market sources') goes to `ctx.markDataTime`.
 */
export async function fetchEnvelopeData(
  ctx: SourceContext,
  path: string,
  headers?: Record<string, string>,
): Promise<{ ok: true; data: unknown } | FetchFailure> {
  const res = await ctx.fetchJson(ctx.origin + path, { csrfToken: ctx.csrfToken, headers });
  if (!res.ok) {
    ctx.log(`GET ${path} failed: ${res.reason}`, res.status ?? res.detail);
    return { ok: false, reason: res.reason, status: res.status };
  }
  const opened = openEnvelope(res.body);
  if (!opened.ok) {
    ctx.log(`GET ${path}: ${opened.problem}`);
    return { ok: false, reason: 'envelope' };
  }
  const updatedAt = (res.body as { updated_at?: unknown }).updated_at;
  if (typeof updatedAt === 'number' && Number.isFinite(updatedAt) && updatedAt > 0)
    ctx.markDataTime?.(updatedAt);
  return { ok: true, data: opened.data };
}

/**
 * Validates rows one by one and keeps the valid ones (one odd row must not blank a list of thousands).
 * Returns null when `raw` is not an array, or when it has rows and none is valid.
 */
export function validRows<T>(
  raw: unknown,
  row: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  ctx: Pick<SourceContext, 'log'>,
  what: string,
): T[] | null {
  if (!Array.isArray(raw)) return null;
  const out: T[] = [];
  for (const item of raw) {
    const r = row.safeParse(item);
    if (r.success) out.push(r.data);
  }
  if (out.length < raw.length) ctx.log(`${what}: dropped ${raw.length - out.length} invalid rows`);
  return raw.length > 0 && out.length === 0 ? null : out;
}

/** SPEC §5: a non-empty array. */
export function isNonEmptyArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

/** SPEC §5: a non-empty plain object. */
export function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
  );
}

/**
 * A coin or chain icon URL from list data through the one URL policy (common/url-policy.ts): a same-origin path or
 * an https URL on ICON_HOSTS, normalised; anything else (`//host`, `javascript:`, `http:`, other hosts) is null, and
 * the panel draws a letter avatar. Applied when a row leaves the worker (rows.ts), so a 100,000-row pilot list pays
 * for the 60 rows of a window, not ~170 ms for every row at build time (measured, loaded 2-core machine).
 */
export function iconUrl(value: unknown): string | null {
  return safeUrl(value, ICON_HOSTS);
}
