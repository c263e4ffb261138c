/**
 * The embedded elements' files (docs/EMBED.md): `/embed/masthead.js` and its chunks, worker and stylesheet, loaded by
 * host pages on other origins as from a CDN. Every answer under `/embed/` carries `Access-Control-Allow-Origin: *`
 * (module scripts, the worker module imported by the host's Blob shim and the stylesheet are CORS requests) and
 * `Cross-Origin-Resource-Policy: cross-origin`; no credentials are involved (the files are public and the same for
 * everyone). Caching: the hashed chunks `public, max-age=31536000, immutable`; the entry, whose name is fixed so that
 * hosts can link it, a day fresh and a week stale-while-revalidate, then revalidated with its ETag.
 */
import type { MiddlewareHandler } from 'hono';

/** Path prefix of the embed build (vite.embed.config.ts writes `<static dir>/embed/`). */
export const EMBED_PREFIX = '/embed/';
/** The entry's path. */
export const EMBED_ENTRY = '/embed/masthead.js';
/** Cache-Control of the entry (seconds: fresh for a day, served stale for a week while it revalidates). */
export const EMBED_ENTRY_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** True for a hashed file of the embed build (`/embed/chunks/…`): immutable. */
export function isEmbedChunk(pathname: string): boolean {
  return pathname.startsWith(`${EMBED_PREFIX}chunks/`);
}

/** Adds the cross-origin headers to every answer under `/embed/` (404s included, so a host sees the status). */
export function embedCors(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.req.path.startsWith(EMBED_PREFIX)) return;
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    c.res.headers.set('Timing-Allow-Origin', '*');
  };
}
