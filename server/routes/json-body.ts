/**
 * JSON bodies for the market routes. Big lists are serialised once (lazily, on first request) and kept as bytes:
 * PILOT_ROWS=100000 is ~49 MB of JSON and JSON.stringify alone takes ~0.4 s.
 *
 * No gzip: measured over loopback with PILOT_ROWS=100000, a warm identity response took ~0.5 s to fetch and read,
 * a cached level-1 gzip one ~1.3 s (12.7 MB on the wire, but the client's inflate costs more than the bytes saved).
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

/** A JSON body built once from `build` on first use and sent as the same bytes afterwards. */
export class CachedJsonBody {
  private bytes: Uint8Array<ArrayBuffer> | undefined;

  constructor(private readonly build: () => string) {}

  /** Serialised size in bytes (builds the body). */
  get byteLength(): number {
    return this.body().byteLength;
  }

  /** Responds 200 with the cached bytes. */
  send(c: Context): Response {
    return c.body(this.body(), 200, JSON_HEADERS);
  }

  private body(): Uint8Array<ArrayBuffer> {
    this.bytes ??= new TextEncoder().encode(this.build());
    return this.bytes;
  }
}
