/**
 * `npm start` / `npm run serve`: serves the built app (dist/, or STATIC_DIR) and the reference API on one origin.
 * PORT (default 5173) and HOST (default 0.0.0.0) are honoured. A data problem stops the server with its message.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { createApp } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '0.0.0.0';
const staticDir = resolve(process.env.STATIC_DIR ?? 'dist');

let api: Hono;
try {
  api = createApp();
} catch (err) {
  console.error(`masthead server: cannot start: ${(err as Error).message}`);
  process.exit(1);
}
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error(`masthead server: ${staticDir}/index.html is missing; run \`npm run build\` first`);
  process.exit(1);
}
const indexHtml = readFileSync(resolve(staticDir, 'index.html'), 'utf8');

const root = new Hono();
root.route('/', api);
root.use('/assets/*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
});
// The app's HTML always carries the page cookies (CSRF token, sub-site), also for `/` and `/index.html`, which
// serveStatic would otherwise answer without them (the first API calls of a fresh visit then failed with 403).
const appHtml = (c: Context) => {
  const cookies = pageSetCookies(new URL(c.req.url), parseCookieHeader(c.req.header('cookie')));
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
  c.header('Cache-Control', 'no-cache');
  return c.html(indexHtml);
};
root.get('/', appHtml);
root.get('/index.html', appHtml);
root.use('*', serveStatic({ root: staticDir }));
// SPA fallback: every other GET is the app, with the page cookies.
root.get('*', appHtml);

serve({ fetch: root.fetch, port, hostname: host }, (info) => {
  console.info(
    `masthead: http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}/ (static ${staticDir})`,
  );
});
