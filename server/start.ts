/**
 * `npm start` / `npm run serve`: serves the built app (dist/, or STATIC_DIR) and the reference API on one origin
 * (server/site-app.ts), with the page rendered on the server by the SSR bundle `vite build` writes to `<dist>-ssr/`
 * (or SSR_DIR; without it the client-rendered page is served, with a warning). PORT (default 5173) and HOST (default
 * 0.0.0.0) are honoured; MH_FAULTS, TRUST_PROXY, MH_SECRET and LOGIN_RATE_LIMIT are described in docs/SECURITY.md.
 * A data problem stops the server with its message.
 */
import { DEFAULT_POPULAR_COINS, popularCoins, type PopularCoinWire } from './popular-coins.ts';
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, optionsFromEnv } from './app.ts';
import { loadMarketData } from './market-data.ts';
import { createSiteApp } from './site-app.ts';
import { announcementFor } from './bulletin-data.ts';
import { currencyCountOf, type PageDataOptions } from './ssr/page-data.ts';
import { ssrDirFor } from './ssr/paths.ts';
import { loadSsrModule, pageRenderer } from './ssr/render.ts';

// React's production build for the server render (the development build is several times slower); set before the
// render bundle, the only importer of React here, is loaded below.
process.env.NODE_ENV ??= 'production';
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '0.0.0.0';
const staticDir = resolve(process.env.STATIC_DIR ?? 'dist');

let api: Hono;
let currencyCount: number;
let popular: PopularCoinWire[];
let announcement: PageDataOptions['announcement'];
try {
  const data = loadMarketData(optionsFromEnv());
  api = createApp({ ...optionsFromEnv(), data });
  currencyCount = currencyCountOf(data);
  popular = popularCoins(data, DEFAULT_POPULAR_COINS);
  announcement = (pageKey, locale) => announcementFor(data, pageKey, locale);
} catch (err) {
  console.error(`masthead server: cannot start: ${(err as Error).message}`);
  process.exit(1);
}
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error(`masthead server: ${staticDir}/index.html is missing; run \`npm run build\` first`);
  process.exit(1);
}
const indexHtml = readFileSync(resolve(staticDir, 'index.html'), 'utf8');
const ssr = await loadSsrModule(resolve(process.env.SSR_DIR ?? ssrDirFor(staticDir)));
const render = pageRenderer(indexHtml, ssr, { currencyCount, popularCoins: popular, announcement });

const site = createSiteApp(api, staticDir, indexHtml, { render });
// One render before listening: loads the bundle's lazy modules and warms the JIT, so the first visitor's page is as
// fast as the rest (a cold first render can exceed the render time limit on a busy machine).
if (ssr) await site.request(`http://127.0.0.1:${port}/`);

serve({ fetch: site.fetch, port, hostname: host }, (info) => {
  console.info(
    `masthead: http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}/ (static ${staticDir}, ${ssr ? 'server-rendered' : 'client-rendered'})`,
  );
});
