/**
 * Time-outs and caps of the HTTP edge (docs/SECURITY.md 'Edge'; docs/SETTINGS.md 'Edge and live socket limits'): the
 * Node server of `npm start` gives a client 10 s for its request headers, 30 s for the whole request, keeps an idle
 * keep-alive connection 5 s, and holds at most HTTP_MAX_CONNECTIONS connections (by default the process's
 * file-descriptor limit less a reserve for files and outgoing sockets), so header trickling, slow bodies and idle
 * floods cost a bounded number of sockets for a bounded time. A request over a time-out gets Node's 408 and its
 * connection is closed; a connection over the cap is closed at once; everyone else is served.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { ServerConfig } from './config.ts';

/** File descriptors kept free below the limit for files, logs and outgoing sockets. */
export const FD_RESERVE = 128;
/** The file-descriptor limit assumed when the system does not say (a common soft limit). */
const FALLBACK_FD_LIMIT = 1024;

/** The edge limits, ms and connections. */
export interface EdgeLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

/**
 * The process's soft limit on open files, from `/proc/self/limits` (Linux); `FALLBACK_FD_LIMIT` where that cannot be
 * read or says `unlimited`. `text` (tests): the file's contents instead of reading it.
 */
export function fdLimit(text?: string): number {
  let source = text;
  if (source === undefined) {
    try {
      source = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return FALLBACK_FD_LIMIT;
    }
  }
  const soft = /^Max open files\s+(\d+)/m.exec(source)?.[1];
  return soft ? Number(soft) : FALLBACK_FD_LIMIT;
}

/** The default connection cap: the file-descriptor limit less FD_RESERVE, at least 1. */
export function defaultMaxConnections(limit: number = fdLimit()): number {
  return Math.max(1, limit - FD_RESERVE);
}

/** The edge limits of a configuration (HTTP_* settings, server/config.ts). */
export function edgeLimits(config: ServerConfig): EdgeLimits {
  return {
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: config.HTTP_MAX_CONNECTIONS ?? defaultMaxConnections(),
  };
}

/**
 * `http.createServer` options for `limits` (pass as @hono/node-server's `serverOptions`). Node checks the time-outs
 * on a timer (`connectionsCheckingInterval`, 30 s by default): it runs at a tenth of the headers time-out (at most
 * every second) so a trickler is cut close to the limit. The headers time-out never exceeds the request's (Node
 * requires it).
 */
export function edgeServerOptions(limits: EdgeLimits): ServerOptions {
  return {
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 10))),
  };
}

/** Sets what `createServer` options cannot: the keep-alive time-out and the connection cap. Returns `server`. */
export function applyEdgeLimits<S extends Server>(server: S, limits: EdgeLimits): S {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  return server;
}
