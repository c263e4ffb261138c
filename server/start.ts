/**
 * `npm start` / `npm run serve`: serves the built app (dist/, or STATIC_DIR) and the reference API on one origin
 * (server/site-app.ts). PORT (default 5173) and HOST (default 0.0.0.0) are honoured; MH_FAULTS, TRUST_PROXY,
 * MH_SECRET and LOGIN_RATE_LIMIT are described in docs/SECURITY.md. A data problem stops the server with its message.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { createSiteApp } from './site-app.ts';

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

serve({ fetch: createSiteApp(api, staticDir, indexHtml).fetch, port, hostname: host }, (info) => {
  console.info(
    `masthead: http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}/ (static ${staticDir})`,
  );
});
