/**
 * Fault injection for tests (ARCHITECTURE.md 'The reference server'; README 'Fault injection'). Off unless the process is
 * started with `MH_FAULTS=1` (the e2e and benchmark servers set it; `npm start` does not), and mounted after the CSRF
 * check, so no other site can trigger it. When on, a request opts in with the cookie `mh_faults`
 * (or the header `X-MH-Faults`): a comma list of `PATH=KIND`, KIND being `500`, `malformed` (a 200 with a truncated
 * JSON body), `code` (a 200 whose envelope says `code: 500`), `shape` (a 200 envelope with `code: 200` and data of
 * the wrong shape), `empty` (a 200 with an empty body) or `slow` / `slow:MS` (delay before the normal answer,
 * default 6000 ms). PATH is the request path
 * without query, e.g. `/apiw/v2/market/spots=500`; the live socket's path refuses its upgrade (`/apiw/v2/live=500`,
 * same-origin upgrades only). Per-browser-context cookies keep parallel tests apart.
 */
import type { MiddlewareHandler } from 'hono';
import { requestCookie } from './cookie-parse.ts';
import { parseConfig, serverConfig } from './config.ts';
import { requestOrigin } from './origin.ts';

export const FAULTS_COOKIE = 'mh_faults';
export const DEFAULT_SLOW_MS = 6000;

/**
 * True when the configuration enables fault injection (`MH_FAULTS=1` or `true`; server/config.ts). `env` (tests):
 * read from that environment instead.
 */
export function faultsEnabled(env?: NodeJS.ProcessEnv): boolean {
  return (env ? parseConfig(env) : serverConfig()).MH_FAULTS;
}

/** Fault kinds answered at once, without calling the route. */
const IMMEDIATE = ['500', 'malformed', 'code', 'shape', 'empty'] as const;

export type Fault = { kind: (typeof IMMEDIATE)[number] } | { kind: 'slow'; delayMs: number };

const isImmediate = (kind: string): kind is (typeof IMMEDIATE)[number] =>
  (IMMEDIATE as readonly string[]).includes(kind);

/** Parses a fault list; unknown entries are ignored. Returns a map of path → fault. */
export function parseFaults(spec: string | undefined): Map<string, Fault> {
  const faults = new Map<string, Fault>();
  if (!spec) return faults;
  let text: string;
  try {
    text = decodeURIComponent(spec);
  } catch {
    return faults; // a malformed escape (`%E0`) names no fault
  }
  for (const part of text.split(',')) {
    const eq = part.lastIndexOf('=');
    if (eq <= 0) continue;
    const path = part.slice(0, eq).trim();
    const kind = part.slice(eq + 1).trim();
    if (isImmediate(kind)) faults.set(path, { kind });
    else if (kind.startsWith('slow')) {
      const ms = Number(kind.split(':')[1]);
      faults.set(path, { kind: 'slow', delayMs: Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SLOW_MS });
    }
  }
  return faults;
}

/** Hono middleware applying the fault named for this path, if any. */
export const injectFaults: MiddlewareHandler = async (c, next) => {
  const fault = parseFaults(c.req.header('X-MH-Faults') ?? requestCookie(c, FAULTS_COOKIE)).get(c.req.path);
  if (!fault) return next();
  if (fault.kind === '500') return c.json({ code: 500, message: 'injected fault' }, 500);
  if (fault.kind === 'malformed')
    return c.body('{"code":200,"data":[{"pair":', 200, { 'content-type': 'application/json' });
  if (fault.kind === 'code') return c.json({ code: 500, message: 'injected fault', data: null }, 200);
  if (fault.kind === 'shape') return c.json({ code: 200, message: 'ok', data: { unexpected: 'shape' } }, 200);
  if (fault.kind === 'empty') return c.body('', 200, { 'content-type': 'application/json' });
  if (fault.kind !== 'slow') return next();
  await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  return next();
};

/**
 * injectFaults on the live socket's upgrade (mounted before the CSRF guard, which a WebSocket cannot pass): only for
 * an upgrade whose `Origin` is the page's own, so the cookie's faults never run for a request another site made.
 * A fault there refuses the upgrade (the socket cannot open: the live REST fallback's tests).
 */
export const injectLiveFaults: MiddlewareHandler = async (c, next) =>
  c.req.header('origin') === requestOrigin(c).origin ? injectFaults(c, next) : next();
