/**
 * Security headers of every answer the site server sends (docs/SECURITY.md 'V3.4'), with Hono's secure-headers
 * middleware. The Content-Security-Policy allows scripts only from this origin plus the exact inline scripts of the
 * built index.html (their sha256, computed at start from the HTML actually served; three inline scripts, the page
 * loader's: the pre-paint theme, the early-input holder and the hydration start, built from src/loader/*.ts by
 * server/loader-inline.ts), never 'unsafe-inline' or 'unsafe-eval' for scripts.
 *
 * | directive | value | why |
 * |---|---|---|
 * | default-src | 'self' | everything not named below: same origin only |
 * | script-src | 'self' 'sha256-…' | bundles + the three inline scripts of index.html, nothing else |
 * | style-src | 'self' 'unsafe-inline' | Radix's scroll lock (react-remove-scroll) injects a `<style>` element whose
 *   content is computed at run time, so no hash can be precomputed; style cannot run script |
 * | img-src | 'self' + ICON_HOSTS | coin/chain icons and avatars (common/url-policy.ts admits the same hosts); no
 *   `data:` — the QR code is inline SVG and the icons are files |
 * | connect-src | 'self' ws(s)://host | the API is same-origin (main thread and market worker); the live ticker socket
 *   (server/live/hub.ts) on the page's own host and port, named explicitly with its ws:/wss: scheme (computed per
 *   request from the page's origin, server/origin.ts) because 'self' matches ws: only in CSP3 browsers |
 * | worker-src | 'self' | the market worker is a built file; no `blob:` |
 * | object-src, base-uri | 'none' | no plugins; no `<base>` rewriting of relative URLs |
 * | frame-ancestors | 'none' | never framed (plus `X-Frame-Options: DENY` for old browsers) |
 * | form-action | 'self' | the /logout confirmation form posts here |
 *
 * Also `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, COOP/CORP same-origin,
 * and HSTS only on answers served over https (server/transport.ts; plain http must not pin https on a LAN demo).
 * Scripts and stylesheets loaded by a page (not worker scripts) carry only the headers that apply to a subresource:
 * `nosniff`, CORP (and HSTS over https). The document-only ones (CSP, X-Frame-Options, COOP, Referrer-Policy,
 * Origin-Agent-Cluster and the legacy X-* set) govern a document or a worker, never a script or stylesheet a page
 * imports, and repeating them cost ~0.8 KB per asset over HTTP/1.1 (no header compression). A worker script keeps
 * all of them: its CSP and referrer policy are the worker's own.
 * `vite` dev is exempt from the strict script policy (HMR and React Refresh run an inline script and a websocket): it
 * gets `'unsafe-inline'` scripts, `ws:` connections and `blob:` workers, and the rest unchanged.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import { ICON_HOSTS } from '../common/domain/hosts.ts';
import { requestOrigin } from './origin.ts';
import { requestIsHttps } from './transport.ts';

/** HSTS value sent over https: one year, sub-domains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** `'sha256-…'` sources for every inline (no `src`) `<script>` of `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return out;
}

/**
 * The live ticker socket's origin for a page origin: `https://x.example` → `wss://x.example`, `http://h:5173` →
 * `ws://h:5173` (docs/API.md 'Live tickers').
 */
export function liveSocketOrigin(pageOrigin: string): string {
  return pageOrigin.replace(/^http/, 'ws');
}

/** connect-src source of the request's live socket (the page's own origin, server/origin.ts requestOrigin). */
const liveSocketSource: ContentSecurityPolicyOptionHandler = (c: Context) =>
  liveSocketOrigin(requestOrigin(c).origin);

/**
 * The CSP directives (hono secure-headers form). `scriptHashes` from inlineScriptHashes; `dev` relaxes script-src,
 * connect-src and worker-src for vite's dev server (never sent by `npm start` or `vite preview`).
 */
export function cspDirectives(
  scriptHashes: readonly string[],
  dev = false,
): Record<string, (string | ContentSecurityPolicyOptionHandler)[]> {
  const directives: Record<string, (string | ContentSecurityPolicyOptionHandler)[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", ...ICON_HOSTS.map((h) => `https://${h}`)],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", liveSocketSource],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
  if (dev) {
    // vite dev only: React Refresh's inline preamble, the HMR websocket, and workers vite may wrap in blob: URLs.
    directives.scriptSrc = ["'self'", "'unsafe-inline'"];
    directives.connectSrc = ["'self'", 'ws:', 'wss:'];
    directives.workerSrc = ["'self'", 'blob:'];
  }
  return directives;
}

/** Headers that apply only to a document or a worker's global scope (see the module comment). */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** True for a worker script of the build (vite names a `new Worker(new URL('./x.worker.ts'))` entry `x.worker-HASH.js`). */
export function isWorkerScriptPath(pathname: string): boolean {
  return /\.worker(?:-[\w-]+)?\.js$/.test(pathname);
}

/**
 * True when an answer with `contentType` at `pathname` is a script or stylesheet a page loads as a subresource, so
 * the document-only headers do not apply: JavaScript or CSS that is not a worker script.
 */
export function isPageSubresource(pathname: string, contentType: string | null): boolean {
  if (!contentType || !/^(?:text|application)\/(?:javascript|css)\b/i.test(contentType)) return false;
  return !isWorkerScriptPath(pathname);
}

/**
 * The middleware for the site server: secure-headers with the CSP for `indexHtml`, plus HSTS when the request came
 * over https. `dev` relaxes the CSP for vite's HMR (see the module comment).
 */
export function siteSecurityHeaders(indexHtml: string, dev = false): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: cspDirectives(dev ? [] : inlineScriptHashes(indexHtml), dev),
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    // A handler's own stricter header wins (the coin-icon SVGs carry `default-src 'none'`).
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, next);
    if (isPageSubresource(c.req.path, c.res.headers.get('content-type'))) {
      for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
    }
    if (requestIsHttps(c.req.url, c.req.header('x-forwarded-proto'))) {
      c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    }
  };
}

/**
 * The same headers as plain name → value pairs, for servers that are not Hono (the vite dev/preview middleware):
 * runs the middleware once on an empty answer and copies what it set.
 */
export async function securityHeaderValues(
  indexHtml: string,
  options: { dev?: boolean; https?: boolean } = {},
): Promise<Record<string, string>> {
  const { Hono } = await import('hono');
  const app = new Hono();
  app.use('*', siteSecurityHeaders(indexHtml, options.dev));
  app.get('*', (c) => c.body(null, 204));
  const res = await app.request(options.https ? 'https://site.invalid/' : 'http://site.invalid/');
  return Object.fromEntries(res.headers.entries());
}
