/**
 * The whole site on one origin (DESIGN 'The reference server'), as `npm start` serves it: the reference API for the
 * paths it owns (server/app.ts `isServerPath`: unknown `/api*` paths get its JSON 404, never the page), the built
 * static files, and the app's HTML with the page cookies for every other GET (SPA fallback). Every answer carries the
 * security headers of server/secure-headers.ts, with the CSP hash of `indexHtml`'s inline script.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { isServerPath } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';
import { siteSecurityHeaders } from './secure-headers.ts';
import { requestIsHttps } from './transport.ts';

/** Builds the site app over `api` (createApp()), the static folder and the index.html text served as the app page. */
export function createSiteApp(api: Hono, staticDir: string, indexHtml: string): Hono {
  const root = new Hono();
  root.use('*', siteSecurityHeaders(indexHtml));
  root.all('*', (c, next) => (isServerPath(c.req.path) ? api.fetch(c.req.raw, c.env) : next()));
  root.use('/assets/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The app's HTML always carries the page cookies (CSRF token, sub-site), also for `/` and `/index.html`, which
  // serveStatic would otherwise answer without them (the first API calls of a fresh visit then failed with 403).
  const appHtml = (c: Context) => {
    const url = new URL(c.req.url);
    const secure = requestIsHttps(url, c.req.header('x-forwarded-proto'));
    const cookies = pageSetCookies(url, parseCookieHeader(c.req.header('cookie')), secure);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  };
  root.get('/', appHtml);
  root.get('/index.html', appHtml);
  root.use('*', serveStatic({ root: staticDir }));
  // SPA fallback: every other GET is the app, with the page cookies.
  root.get('*', appHtml);
  return root;
}
