/**
 * Test harness for the engine core: a fake server (routes by path, call log) behind `fetchJson`, a Map store, and
 * an engine built with them. Real timers and clock by default, so `vi.useFakeTimers()` drives refresh tests.
 */
import type { HttpResult } from '../../common/http.ts';
import { createMemoryStore } from '../../workers/market/cache.ts';
import { marketUrl } from '../../common/wire/endpoints.ts';
import { macrotaskYield, type EngineDeps } from '../../workers/market/deps.ts';
import { createMarketEngine } from '../../workers/market/engine.ts';
import type { EngineConfig } from '../../workers/market/contract.ts';
import {
  envelope,
  preMarketList,
  realContracts,
  realPilot,
  realSpot,
  tabMenus,
} from '../fixtures/market-wire.ts';

/** An engine as createMarketEngine builds it (the contract plus `dispose`). */
export type MarketEngine = ReturnType<typeof createMarketEngine>;

/** A route answer: a body (sent as a 200 HttpResult) or a ready HttpResult. */
export type Answer = HttpResult | (() => HttpResult | Promise<HttpResult>);

/** One recorded call. */
export interface Call {
  url: string;
  path: string;
  headers: Record<string, string>;
  csrfToken: string;
}

/** 200 with `body`. */
export const ok = (body: unknown): HttpResult => ({ ok: true, status: 200, body });
/** A failed call. */
export const fail = (reason: 'timeout' | 'network' | 'http' | 'parse', status?: number): HttpResult => ({
  ok: false,
  reason,
  status,
});

const pathOf = (endpoint: string) => endpoint.split('?')[0]!;

/** Endpoint paths without query strings. */
export const PATHS = {
  tabs: pathOf(marketUrl('tabs')),
  spot: pathOf(marketUrl('spot')),
  futures: pathOf(marketUrl('futures')),
  pilot: pathOf(marketUrl('pilot')),
  premint: pathOf(marketUrl('premint')),
  preMarket: pathOf(marketUrl('preMarket')),
};

/** The default answers: real snapshots in wire shape. */
export function defaultRoutes(): Map<string, Answer> {
  return new Map<string, Answer>([
    [PATHS.tabs, ok(envelope(tabMenus()))],
    [PATHS.spot, ok(envelope(realSpot()))],
    [PATHS.futures, ok(envelope(realContracts()))],
    [PATHS.pilot, ok(envelope(realPilot()))],
    [PATHS.premint, ok(envelope(preMarketList(['ALPHA', 'BETA'])))],
    [PATHS.preMarket, ok(envelope(preMarketList(['GAMMA', 'ALPHABET'])))],
  ]);
}

/** A fake server: set `routes`, read `calls`. */
export function createFakeServer(routes = defaultRoutes()) {
  const calls: Call[] = [];
  const fetchJson: EngineDeps['fetchJson'] = async (url, options) => {
    const u = new URL(url);
    calls.push({ url, path: u.pathname, headers: options.headers ?? {}, csrfToken: options.csrfToken });
    const answer = routes.get(u.pathname);
    if (!answer) return { ok: false, reason: 'http', status: 404 };
    return typeof answer === 'function' ? answer() : answer;
  };
  return {
    routes,
    calls,
    fetchJson,
    count: (path: string) => calls.filter((c) => c.path === path).length,
  };
}

/** The config tests use. */
export const TEST_CONFIG: EngineConfig = {
  lang: 'en',
  langPrefix: '',
  csrfToken: 'csrf-test',
  origin: 'http://masthead.test',
};

/** Builds an engine over a fake server and a store; `overrides` replace deps. */
export function createTestEngine(
  server = createFakeServer(),
  overrides: Partial<EngineDeps> = {},
): { engine: MarketEngine; store: ReturnType<typeof createMemoryStore>; logs: string[] } {
  const store = createMemoryStore();
  const logs: string[] = [];
  const engine = createMarketEngine({
    realm: 'main',
    fetchJson: server.fetchJson,
    store,
    now: () => Date.now(),
    perfNow: () => performance.now(),
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    yieldToEvents: macrotaskYield,
    timeZone: 'Europe/Istanbul',
    log: (m) => void logs.push(m),
    ...overrides,
  });
  return { engine, store: (overrides.store as ReturnType<typeof createMemoryStore>) ?? store, logs };
}

/** Runs a query and returns all its rows (window after window). */
export async function allRows(engine: MarketEngine, id: number, max = 10_000) {
  const rows = [];
  for (let start = 0; start < max;) {
    const w = await engine.rows(id, start, start + 60);
    if (!w || w.rows.length === 0) break;
    rows.push(...w.rows);
    start += w.rows.length;
  }
  return rows;
}

let nextId = 1;
/** A fresh rising query id. */
export const qid = () => nextId++;

/** Queries and returns the top `n` rows' labels. */
export async function topLabels(
  engine: MarketEngine,
  q: Omit<Parameters<MarketEngine['query']>[0], 'id'>,
  n = 10,
) {
  const id = qid();
  const res = await engine.query({ id, ...q });
  const w = await engine.rows(id, 0, n);
  return { res, labels: (w?.rows ?? []).map((r) => r.label), rows: w?.rows ?? [] };
}
