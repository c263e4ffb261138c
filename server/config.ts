/**
 * The reference server's configuration (ARCHITECTURE.md 'The reference server'; docs/SECURITY.md 'V13', 'Server settings'):
 * every environment variable the server honours, read through one zod schema, once per process. A bad value is a
 * ConfigError whose message names the variable and what is wrong (`PORT 99999: expected an integer from 0 to
 * 65535`); server/start.ts prints it as one `cannot start:` line and exits 1.
 *
 * | variable | value | default |
 * |---|---|---|
 * | PORT | integer 0…65535 | 5173 |
 * | HOST | listening address | 0.0.0.0 |
 * | STATIC_DIR, SSR_DIR | built client, server-render bundle | dist, `<STATIC_DIR>-ssr` |
 * | MARKET_DATA_DIR | snapshot folder | server/data |
 * | PILOT_ROWS | integer 1…MAX_PILOT_ROWS | the snapshot's rows |
 * | MH_SECRET | CSRF HMAC key, ≥ 32 characters | a random key per process |
 * | MH_FAULTS, TRUST_PROXY | `1`/`true` or `0`/`false` | off |
 * | LOGIN_RATE_LIMIT | sign-ins per minute per client, positive integer | 20 |
 * | PUBLIC_ORIGIN | `https://host[:port]`, the origin of every absolute URL | the listening address |
 * | PUBLIC_HOSTS | comma list of further host names served (the sub-site hosts, `tr.example.com`) | none |
 * | TICKS_PER_S | live socket ticks per second across the lists, 0…MAX_TICKS_PER_S (0: no ticks) | 300 |
 * | LIVE_MAX_CONNECTIONS | open live sockets allowed, 1…100000 | 1000 |
 * | LIVE_SEED | the live ticks' seed, integer 0…999999999 | 1 |
 * | METRICS_TOKEN | bearer token that opens `/metrics` to non-loopback clients, ≥ 32 characters | none (loopback only) |
 * | MARKET_SOURCE | where the spot and USDT futures lists come from: `snapshot` or `gate` (REST, polled) | snapshot |
 * | LIVE_SOURCE | where live ticks come from: `simulated`, `gate` or `binance` (upstream sockets) | simulated |
 * | GATE_REST_URL | Gate API v4 base with its version path, http(s) | https://api.gateio.ws/api/v4 |
 * | GATE_WS_SPOT_URL, GATE_WS_FUTURES_URL | Gate WebSocket v4 spot, USDT futures, ws(s) | Gate's public URLs |
 * | BINANCE_WS_URL | Binance stream base, ws(s) (`/!miniTicker@arr` is appended) | wss://stream.binance.com:9443/ws |
 * | GATE_TICKERS_POLL_S | tickers poll period, seconds, 5…3600 (contracts: every 600 s) | 30 |
 * | UPSTREAM_MAX_RPS | upstream REST requests per second at most, 1…10 | 2 |
 * | UPSTREAM_PING_MS, UPSTREAM_HEARTBEAT_MS | application ping period; silence after which a socket is dead, ms | 10000, 30000 |
 * | LIVE_MAX_PER_ADDRESS | open live sockets per client address (IPv6 by /64), 1…100000 | 100 |
 * | LIVE_IDLE_CLOSE_MS, LIVE_SLOW_CLOSE_MS | live socket with no subscription / over its send buffer this long is closed, ms | 30000, 5000 |
 * | HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS | request headers / whole request / idle keep-alive time-outs, ms | 10000, 30000, 5000 |
 * | HTTP_MAX_CONNECTIONS | open connections (HTTP and live sockets), 1…1000000 | the file-descriptor limit less 128 |
 * | REDIS_URL | `redis://` or `rediss://` URL of the Redis every instance shares (sessions, favourites, limits, ticks) | none: this process |
 * | REDIS_PREFIX | key and channel prefix of this deployment in Redis | `mh:` |
 * | DATA_DIR | folder of the durable local store (favourites, without Redis) | `.data` |
 * | SSR_CONCURRENCY | server renders in flight per process, 0…10000 (0: unbounded) | 0 |
 */
import { z } from 'zod';
import { MAX_PILOT_ROWS } from './market-data/load.ts';

/** Smallest accepted `MH_SECRET` length (characters). */
export const MIN_SECRET_LENGTH = 32;
/** Sign-ins per window per client when LOGIN_RATE_LIMIT is not set. */
export const DEFAULT_LOGIN_LIMIT = 20;
/** PORT when not set. */
export const DEFAULT_PORT = 5173;
/** Live socket ticks per second across the lists when TICKS_PER_S is not set (docs/API.md 'Live tickers'). */
export const DEFAULT_TICKS_PER_S = 300;
/** Largest accepted TICKS_PER_S. */
export const MAX_TICKS_PER_S = 100_000;
/** Open live sockets allowed when LIVE_MAX_CONNECTIONS is not set. */
export const DEFAULT_LIVE_MAX_CONNECTIONS = 1000;

// --- Hostile clients: live socket limits and HTTP edge time-outs (docs/SETTINGS.md 'Edge and live socket limits') ---
/** Open live sockets per client address when LIVE_MAX_PER_ADDRESS is not set. */
export const DEFAULT_LIVE_MAX_PER_ADDRESS = 100;
/** A live socket with no subscription is closed after this long when LIVE_IDLE_CLOSE_MS is not set, ms. */
export const DEFAULT_LIVE_IDLE_CLOSE_MS = 30_000;
/** A live socket over its send buffer limit this long is closed (1013) when LIVE_SLOW_CLOSE_MS is not set, ms. */
export const DEFAULT_LIVE_SLOW_CLOSE_MS = 5_000;
/** Time allowed for a request's headers when HTTP_HEADERS_TIMEOUT_MS is not set, ms. */
export const DEFAULT_HTTP_HEADERS_TIMEOUT_MS = 10_000;
/** Time allowed for a whole request (headers and body) when HTTP_REQUEST_TIMEOUT_MS is not set, ms. */
export const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is closed after this long when HTTP_KEEP_ALIVE_TIMEOUT_MS is not set, ms. */
export const DEFAULT_HTTP_KEEP_ALIVE_TIMEOUT_MS = 5_000;
// --- end of the hostile-clients block ---

/** A configuration value the server cannot start with; the message is the one line to print. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A switch: `1`/`true` on, `0`/`false`/unset off; anything else is an error. */
const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(['1', 'true', '0', 'false'], { error: 'expected 1, true, 0 or false' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
);

/** A decimal integer in `min…max` (no sign, no exponent, no fraction). */
const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `expected an integer from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `expected an integer from ${min} to ${max}` })
        .max(max, { error: `expected an integer from ${min} to ${max}` }),
    );

/** A host name with an optional port (`tr.example.com`, `127.0.0.1:5173`, `[::1]:8080`), lower-cased. */
const HOST_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** `PUBLIC_ORIGIN`: an http(s) origin with no path, query or credentials; normalised by URL (`https://x.example`). */
const origin = z
  .string()
  .trim()
  .transform((v, ctx) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected an origin such as https://www.example.com' });
      return z.NEVER;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!/^https?:$/.test(url.protocol) || !bare || v.endsWith('/')) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected an http(s) origin with no path, such as https://www.example.com',
      });
      return z.NEVER;
    }
    return url.origin;
  });

// --- Market sources (docs/SETTINGS.md 'Market sources'; docs/API.md 'Market sources') ---

/** Where the spot and USDT futures lists come from. */
export const MARKET_SOURCES = ['snapshot', 'gate'] as const;
/** Where the live ticks come from. */
export const LIVE_SOURCES = ['simulated', 'gate', 'binance'] as const;
/** Gate API v4 REST base (with its version path) when GATE_REST_URL is not set. */
export const DEFAULT_GATE_REST_URL = 'https://api.gateio.ws/api/v4';
/** Gate WebSocket v4 spot URL when GATE_WS_SPOT_URL is not set. */
export const DEFAULT_GATE_WS_SPOT_URL = 'wss://api.gateio.ws/ws/v4/';
/** Gate WebSocket v4 USDT futures URL when GATE_WS_FUTURES_URL is not set. */
export const DEFAULT_GATE_WS_FUTURES_URL = 'wss://fx-ws.gateio.ws/v4/ws/usdt';
/** Binance stream base when BINANCE_WS_URL is not set. */
export const DEFAULT_BINANCE_WS_URL = 'wss://stream.binance.com:9443/ws';

/** An absolute URL with one of `protocols` (`['ws:', 'wss:']`), or `fallback` when unset. */
const urlSetting = (protocols: readonly string[], fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        { error: `expected a ${protocols.map((p) => p.slice(0, -1)).join(' or ')} URL` },
      )
      .optional()
      .transform((v) => v ?? fallback),
  );

/** An integer setting in `min…max` with a default. */
const intSetting = (min: number, max: number, fallback: number) =>
  z.preprocess(blankToUndefined, intIn(min, max).optional()).transform((v) => v ?? fallback);

/** The market-source variables (one block of the schema below). */
const marketSourceEnv = {
  MARKET_SOURCE: z.preprocess(
    blankToUndefined,
    z
      .enum(MARKET_SOURCES, { error: `expected ${MARKET_SOURCES.join(' or ')}` })
      .optional()
      .transform((v) => v ?? 'snapshot'),
  ),
  LIVE_SOURCE: z.preprocess(
    blankToUndefined,
    z
      .enum(LIVE_SOURCES, { error: `expected ${LIVE_SOURCES.join(', ')}` })
      .optional()
      .transform((v) => v ?? 'simulated'),
  ),
  GATE_REST_URL: urlSetting(['http:', 'https:'], DEFAULT_GATE_REST_URL),
  GATE_WS_SPOT_URL: urlSetting(['ws:', 'wss:'], DEFAULT_GATE_WS_SPOT_URL),
  GATE_WS_FUTURES_URL: urlSetting(['ws:', 'wss:'], DEFAULT_GATE_WS_FUTURES_URL),
  BINANCE_WS_URL: urlSetting(['ws:', 'wss:'], DEFAULT_BINANCE_WS_URL),
  GATE_TICKERS_POLL_S: intSetting(5, 3600, 30),
  UPSTREAM_MAX_RPS: intSetting(1, 10, 2),
  UPSTREAM_PING_MS: intSetting(1000, 60_000, 10_000),
  UPSTREAM_HEARTBEAT_MS: intSetting(1000, 300_000, 30_000),
};

// --- end of market sources ---

/** The environment schema: one entry per variable; unknown variables are ignored. */
export const ServerEnv = z.object({
  PORT: z.preprocess(blankToUndefined, intIn(0, 65535).optional()).transform((v) => v ?? DEFAULT_PORT),
  HOST: z.preprocess(blankToUndefined, z.string().optional()).transform((v) => v ?? '0.0.0.0'),
  STATIC_DIR: z.preprocess(blankToUndefined, z.string().optional()).transform((v) => v ?? 'dist'),
  SSR_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  MARKET_DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  PILOT_ROWS: z.preprocess(blankToUndefined, intIn(1, MAX_PILOT_ROWS).optional()),
  MH_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(MIN_SECRET_LENGTH, { error: `must be at least ${MIN_SECRET_LENGTH} characters` })
      .optional(),
  ),
  MH_FAULTS: flag,
  TRUST_PROXY: flag,
  LOGIN_RATE_LIMIT: z
    .preprocess(blankToUndefined, intIn(1, 1_000_000_000).optional())
    .transform((v) => v ?? DEFAULT_LOGIN_LIMIT),
  PUBLIC_ORIGIN: z.preprocess(blankToUndefined, origin.optional()),
  TICKS_PER_S: z
    .preprocess(blankToUndefined, intIn(0, MAX_TICKS_PER_S).optional())
    .transform((v) => v ?? DEFAULT_TICKS_PER_S),
  LIVE_MAX_CONNECTIONS: z
    .preprocess(blankToUndefined, intIn(1, 100_000).optional())
    .transform((v) => v ?? DEFAULT_LIVE_MAX_CONNECTIONS),
  LIVE_SEED: z.preprocess(blankToUndefined, intIn(0, 999_999_999).optional()).transform((v) => v ?? 1),
  // Hostile clients: live socket limits and HTTP edge time-outs (server/live/connection.ts, server/edge.ts).
  LIVE_MAX_PER_ADDRESS: z
    .preprocess(blankToUndefined, intIn(1, 100_000).optional())
    .transform((v) => v ?? DEFAULT_LIVE_MAX_PER_ADDRESS),
  LIVE_IDLE_CLOSE_MS: z
    .preprocess(blankToUndefined, intIn(100, 3_600_000).optional())
    .transform((v) => v ?? DEFAULT_LIVE_IDLE_CLOSE_MS),
  LIVE_SLOW_CLOSE_MS: z
    .preprocess(blankToUndefined, intIn(100, 600_000).optional())
    .transform((v) => v ?? DEFAULT_LIVE_SLOW_CLOSE_MS),
  HTTP_HEADERS_TIMEOUT_MS: z
    .preprocess(blankToUndefined, intIn(100, 600_000).optional())
    .transform((v) => v ?? DEFAULT_HTTP_HEADERS_TIMEOUT_MS),
  HTTP_REQUEST_TIMEOUT_MS: z
    .preprocess(blankToUndefined, intIn(100, 3_600_000).optional())
    .transform((v) => v ?? DEFAULT_HTTP_REQUEST_TIMEOUT_MS),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z
    .preprocess(blankToUndefined, intIn(100, 600_000).optional())
    .transform((v) => v ?? DEFAULT_HTTP_KEEP_ALIVE_TIMEOUT_MS),
  HTTP_MAX_CONNECTIONS: z.preprocess(blankToUndefined, intIn(1, 1_000_000).optional()),
  // End of the hostile-clients block.
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(MIN_SECRET_LENGTH, { error: `must be at least ${MIN_SECRET_LENGTH} characters` })
      .optional(),
  ),
  PUBLIC_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(HOST_RE, { error: 'expected a comma list of host names such as tr.example.com' }),
        ),
      )
      .optional()
      .transform((v) => v ?? []),
  ),
  ...marketSourceEnv,

  // --- Shared state: sessions, favourites, login limits, live ticks (ARCHITECTURE.md 'Shared state') ---
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, {
        error: 'expected a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
  ),
  REDIS_PREFIX: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9:_-]{1,32}$/, {
          error: 'expected 1 to 32 letters, digits, colons, dashes or underscores',
        })
        .optional(),
    )
    .transform((v) => v ?? 'mh:'),
  // Server renders in flight per process (0: unbounded; 1: one page at a time).
  SSR_CONCURRENCY: z.preprocess(blankToUndefined, intIn(0, 10_000).optional()).transform((v) => v ?? 0),
  // Relative to the working directory; the default is gitignored.
  DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()).transform((v) => v ?? '.data'),
});

/** The parsed configuration. */
export type ServerConfig = z.output<typeof ServerEnv>;

/** Variables whose value is secret: never echoed in an error message. */
const SECRET_VARS = new Set(['MH_SECRET', 'METRICS_TOKEN', 'REDIS_URL']);

/**
 * Parses `env` (default: the process's environment). Throws a ConfigError naming every bad variable on one line,
 * e.g. `PORT 99999: expected an integer from 0 to 65535; MH_SECRET: must be at least 32 characters`.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = ServerEnv.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const raw = Object.hasOwn(env, name) ? env[name] : undefined;
    const shown = raw === undefined || SECRET_VARS.has(name) ? '' : ` ${JSON.stringify(raw)}`;
    return `${name}${shown}: ${issue.message}`;
  });
  throw new ConfigError(problems.join('; '));
}

let current: ServerConfig | undefined;

/**
 * The process's configuration: parsed from `process.env` on first use and kept (every variable is read once). Throws
 * a ConfigError on the first call when a value is bad (server/start.ts calls it first, inside its error handler).
 */
export function serverConfig(): ServerConfig {
  current ??= parseConfig(process.env);
  return current;
}

/**
 * Replaces the process's configuration with the one parsed from `env` (tests, and servers embedded in another
 * process); returns it. Throws a ConfigError like parseConfig.
 */
export function configure(env: NodeJS.ProcessEnv): ServerConfig {
  current = parseConfig(env);
  return current;
}
