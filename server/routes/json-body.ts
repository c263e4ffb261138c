/**
 * Small JSON answers of the market routes (errors, pages, tabs). The big lists are serialised and compressed once
 * and served from memory by routes/precompressed.ts.
 */
import type { Context } from 'hono';

const JSON_TYPE = 'application/json; charset=UTF-8';

/** Headers of every JSON answer: the worker caches in IndexedDB itself, so HTTP caches keep nothing. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': JSON_TYPE,
  'Cache-Control': 'no-store',
};

/** Sends a small JSON value (errors, pages) with JSON_HEADERS. */
export function sendJson(c: Context, value: unknown, status: 200 | 400 | 404 = 200): Response {
  return c.body(JSON.stringify(value), status, JSON_HEADERS);
}

/** `{code: 400, message}` (SPEC §7 envelope) for a bad query parameter. */
export function badRequest(c: Context, message: string): Response {
  return sendJson(c, { code: 400, message }, 400);
}
