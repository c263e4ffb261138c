/**
 * The whole site on one origin (ARCHITECTURE.md 'The reference server'), as `npm start` serves it: the reference API for the
 * paths it owns (server/app.ts `isServerPath`: unknown `/api*` paths get its JSON 404, never the page), the built
 * static files, and the app's page with the page cookies for every other GET — server-rendered for the request when
 * a renderer is given (server/ssr/render.ts), else the client-rendered shell. Unknown file-like paths (`/x.png`)
 * are a 404, never the page. Every answer carries the security headers of server/secure-headers.ts (with the CSP hash
 * of `indexHtml`'s inline script) and is compressed (server/ssr/compress.ts; static files come precompressed).
 *
 * Source maps and the precompressed `.br`/`.gz` files are never served by name (isHiddenBuildFile): 404.
 *
 * Caching: hashed build files under `/assets/` (and the embed build's `/embed/chunks/`, server/routes/embed.ts, whose
 * files also carry CORS headers) are `public, max-age=31536000, immutable`; other static files
 * (robots.txt, favicon) `public, max-age=3600` with a weak ETag; the page `private, no-cache` with a weak ETag (it
 * carries the visitor's session data, so only the browser may keep it, and must revalidate).
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { isServerPath } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';
import { siteSecurityHeaders } from './secure-headers.ts';
import { compressResponses } from './ssr/compress.ts';
import { pageHtml } from './ssr/html.ts';
import { parseRoute } from '../common/domain/route.ts';
import { requestIsHttps } from './transport.ts';
import { EMBED_ENTRY, EMBED_ENTRY_CACHE, embedCors, isEmbedChunk } from './routes/embed.ts';

/** Cache-Control of hashed build files. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of other static files (seconds: one hour), revalidated with the ETag after that. */
export const STATIC_CACHE = 'public, max-age=3600';
/** Cache-Control of the page. */
export const PAGE_CACHE = 'private, no-cache';

/** True for a hashed build file: the page's `/assets/` and the embed build's chunks (server/routes/embed.ts). */
function isImmutablePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || isEmbedChunk(pathname);
}

/** True for a path whose last segment looks like a file name (`/missing.png`, `/a/b.js`): never the page. */
export function isFileLikePath(pathname: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.split('/').pop() ?? '');
}

/**
 * True for a build file that is never served by name (docs/SECURITY.md 'Build files'): source maps (`*.map`, the
 * full source; kept in the build folder for the error tooling only) and the precompressed siblings (`*.br`, `*.gz`,
 * served only as the encoding of the file they compress, never as a download of their own).
 */
export function isHiddenBuildFile(pathname: string): boolean {
  return /\.(?:map|br|gz)$/i.test(pathname);
}

/** Options of createSiteApp. */
export interface SiteAppOptions {
  /** The page for a request (server/ssr/render.ts pageRenderer); default: the client-rendered shell of `indexHtml`. */
  render?: (c: Context) => Promise<string>;
}

/**
 * Builds the site app over `api` (createApp()), the static folder and the built index.html text. Page answers never
 * fail: the renderer falls back to the shell itself (SPEC §8).
 */
export function createSiteApp(
  api: Hono,
  staticDir: string,
  indexHtml: string,
  options: SiteAppOptions = {},
): Hono {
  const render =
    options.render ??
    ((c: Context) =>
      Promise.resolve(pageHtml(indexHtml, { locale: parseRoute(new URL(c.req.url).pathname).locale })));
  const root = new Hono();
  root.use('*', siteSecurityHeaders(indexHtml));
  root.use('*', compressResponses());
  root.use('/embed/*', embedCors());
  root.all('*', (c, next) => (isServerPath(c.req.path) ? api.fetch(c.req.raw, c.env) : next()));
  const notFound = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  };
  root.use('*', async (c, next) => {
    if (isHiddenBuildFile(c.req.path)) return notFound(c);
    await next();
  });
  // A 304 keeps Set-Cookie: the page cookies (CSRF token) must reach the browser even when the page is unchanged.
  const weakEtag = etag({ weak: true, retainedHeaders: [...RETAINED_304_HEADERS, 'set-cookie'] });
  const revalidated: MiddlewareHandler = (c, next) =>
    isImmutablePath(c.req.path) ? next() : weakEtag(c, next);
  root.use('*', revalidated);
  // The app's HTML always carries the page cookies (CSRF token, sub-site), also for `/` and `/index.html`, which
  // serveStatic would otherwise answer without them (the first API calls of a fresh visit then failed with 403).
  const appHtml = async (c: Context) => {
    const url = new URL(c.req.url);
    const secure = requestIsHttps(url, c.req.header('x-forwarded-proto'));
    const cookies = pageSetCookies(url, parseCookieHeader(c.req.header('cookie')), secure);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    c.header('Cache-Control', PAGE_CACHE);
    return c.html(await render(c));
  };
  root.get('/', appHtml);
  root.get('/index.html', appHtml);
  // The caching header is set before serveStatic builds its answer (it copies the headers set so far); when no file
  // matches, the page or the 404 below replaces it with its own.
  const files = serveStatic({ root: staticDir, precompressed: true });
  root.use('*', async (c, next) => {
    const hashed = isImmutablePath(c.req.path);
    c.header(
      'Cache-Control',
      hashed ? IMMUTABLE_CACHE : c.req.path === EMBED_ENTRY ? EMBED_ENTRY_CACHE : STATIC_CACHE,
    );
    const res = await files(c, next);
    // Never revalidated (immutable), so its date would be bytes for nothing.
    if (hashed && res instanceof Response) res.headers.delete('Last-Modified');
    return res;
  });
  // Unknown file-like paths are a plain 404 (a missing image must not download the app page).
  root.get('*', (c) => (isFileLikePath(c.req.path) ? notFound(c) : appHtml(c)));
  return root;
}
