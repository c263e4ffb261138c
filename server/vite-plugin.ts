/**
 * Vite plugin mounting the reference server on the same origin in `vite` dev and `vite preview`, so cookies,
 * credentials and the CSRF header behave as in production. Page requests get the page cookies (server/page-cookies.ts)
 * and every answer the security headers (server/secure-headers.ts): `vite preview` the full CSP with the hash of the
 * built index.html; `vite` dev a relaxed script-src/connect-src/worker-src, because HMR and React Refresh run an
 * inline script and a websocket (dev is exempt from the strict script policy; e2e and `npm start` test the real one).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';
import { createApp, isServerPath } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';
import { securityHeaderValues } from './secure-headers.ts';
import { requestIsHttps } from './transport.ts';

function middleware(headers: Promise<Record<string, string>>): Connect.NextHandleFunction {
  const app = createApp();
  const listener = getRequestListener(app.fetch);
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isServerPath(url.pathname)) {
      void listener(req, res);
      return;
    }
    const accept = req.headers.accept ?? '';
    const secure = requestIsHttps(url, req.headers['x-forwarded-proto']?.toString());
    if (req.method === 'GET' && accept.includes('text/html')) {
      const cookies = pageSetCookies(url, parseCookieHeader(req.headers.cookie), secure);
      if (cookies.length) res.setHeader('Set-Cookie', cookies);
    }
    headers.then(
      (values) => {
        for (const [name, value] of Object.entries(values)) {
          if (name !== 'content-type' && !res.headersSent) res.setHeader(name, value);
        }
        next();
      },
      (err: unknown) => next(err),
    );
  };
}

/** The plugin: add to vite.config.ts `plugins`. */
export function referenceServer(): Plugin {
  return {
    name: 'masthead-reference-server',
    configureServer(server) {
      server.middlewares.use(middleware(securityHeaderValues('', { dev: true })));
    },
    configurePreviewServer(server) {
      const html = readFileSync(
        resolve(server.config.root, server.config.build.outDir, 'index.html'),
        'utf8',
      );
      server.middlewares.use(middleware(securityHeaderValues(html)));
    },
  };
}
