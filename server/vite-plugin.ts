/**
 * Vite plugin mounting the reference server on the same origin in `vite` dev and `vite preview`, so cookies,
 * credentials and the CSRF header behave as in production. Page requests get the page cookies (server/page-cookies.ts).
 */
import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';
import { createApp, isServerPath } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';

function middleware(): Connect.NextHandleFunction {
  const app = createApp();
  const listener = getRequestListener(app.fetch);
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isServerPath(url.pathname)) {
      void listener(req, res);
      return;
    }
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html')) {
      const cookies = pageSetCookies(url, parseCookieHeader(req.headers.cookie));
      if (cookies.length) res.setHeader('Set-Cookie', cookies);
    }
    next();
  };
}

/** The plugin: add to vite.config.ts `plugins`. */
export function referenceServer(): Plugin {
  return {
    name: 'masthead-reference-server',
    configureServer(server) {
      server.middlewares.use(middleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware());
    },
  };
}
