/**
 * Vite plugin mounting the reference server on the same origin in `vite` dev and `vite preview`, so cookies,
 * credentials and the CSRF header behave as in production. Page requests get the page cookies (server/page-cookies.ts)
 * and every answer the security headers (server/secure-headers.ts): `vite preview` the full CSP with the hash of the
 * built index.html; `vite` dev a relaxed script-src/connect-src/worker-src, because HMR and React Refresh run an
 * inline script and a websocket (dev is exempt from the strict script policy; e2e and `npm start` test the real one).
 * Dev and preview serve the client-rendered page; the server render is `npm start`'s (server/site-app.ts).
 *
 * Both inline the page loader's scripts into index.html (server/loader-inline.ts: src/loader/*.ts bundled and
 * minified), before any other HTML transform, so the hashes above are computed from the text actually served.
 *
 * `vite build` also (build plugin below): writes `.br`/`.gz` beside every compressible client file
 * (server/ssr/precompress.ts) and then builds the server-render bundle (src/entry-server.tsx) into `<outDir>-ssr/`
 * (server/ssr/paths.ts), outside the folder served as static files.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin, ResolvedConfig } from 'vite';
import { createApp, isServerPath } from './app.ts';
import { pageSetCookies, parseCookieHeader } from './page-cookies.ts';
import { securityHeaderValues } from './secure-headers.ts';
import { inlineLoader } from './loader-inline.ts';
import { inlineStylesheets } from './ssr/inline-css.ts';
import { precompressDir } from './ssr/precompress.ts';
import { SSR_ENTRY, ssrDirFor } from './ssr/paths.ts';
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

/** Source of the server-render entry, relative to the project root. */
export const SSR_SOURCE = 'src/entry-server.tsx';

/** The embed build's config file, relative to the project root (vite.embed.config.ts). */
const EMBED_CONFIG = 'vite.embed.config.ts';

/**
 * After the client build: build the embedded elements, precompress the files, then build the SSR bundle (a nested `vite build --ssr` with the
 * same config file; its own run of this hook does nothing). Errors fail the build.
 */
function siteBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'masthead-site-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const { build } = await import('vite');
      // The embedded elements (docs/EMBED.md) into `<outDir>/embed/`, precompressed with the rest.
      await build({
        configFile: resolve(config.root, EMBED_CONFIG),
        mode: config.mode,
        logLevel: 'warn',
        build: { outDir: resolve(outDir, 'embed') },
      });
      const packed = await precompressDir(outDir);
      config.logger.info(
        `precompressed ${packed.files} files: ${Math.round(packed.bytes / 1024)} KiB → ${Math.round(packed.brotliBytes / 1024)} KiB brotli`,
      );
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: SSR_SOURCE,
          outDir: ssrDirFor(outDir),
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          // One file: lazy components resolve at once on the server (no chunk read in the middle of a render), and
          // the locale catalogues the entry imports eagerly need no dynamic-import chunks.
          rollupOptions: {
            output: { entryFileNames: SSR_ENTRY, codeSplitting: false },
            checks: { ineffectiveDynamicImport: false, pluginTimings: false },
          },
        },
      });
    },
  };
}

/**
 * Build only: the built index.html carries its first-load CSS inline (server/ssr/inline-css.ts), so neither the
 * server-rendered page nor the client shell waits on a stylesheet request before its first paint.
 */
function inlineFirstPaintCss(): Plugin {
  return {
    name: 'masthead-inline-first-paint-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return inlineStylesheets(html, (href) => {
          const file = bundle[href.replace(/^\//, '')];
          return file?.type === 'asset' ? String(file.source) : undefined;
        }).html;
      },
    },
  };
}

/** The plugins: add to vite.config.ts `plugins` (the dev/preview server, and the build steps above). */
export function referenceServer(): Plugin[] {
  return [
    inlineLoader(),
    siteBuild(),
    inlineFirstPaintCss(),
    {
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
    },
  ];
}
