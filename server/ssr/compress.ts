/**
 * Response compression of the site server (ARCHITECTURE.md 'The reference server'): brotli (preferred) or gzip for text
 * answers computed per request — the page HTML and API JSON. Static files come precompressed from the build
 * (server/vite-plugin.ts, served with serveStatic's `precompressed`), and answers that already carry a
 * `Content-Encoding` (those, and the API's precompressed market JSON) pass untouched. Every compressible answer gets
 * `Vary: Accept-Encoding` whether or not this client asked for compression, so shared caches keep the variants apart.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies below this many bytes go out as they are (the headers would cost more than compression saves). */
export const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality for per-request bodies: 5 is a few ms for a page and within ~10 % of quality 11. */
export const DYNAMIC_BROTLI_QUALITY = 5;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** The encoding to use for an Accept-Encoding header: `br`, `gzip` or null (q=0 honoured). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Appends `Accept-Encoding` to a Vary header value unless it is already named. */
export function withVary(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/**
 * Hono middleware compressing compressible answers (see the module comment). Skips HEAD, bodiless answers, small
 * bodies, `Cache-Control: no-transform` and answers already encoded. Errors of the compressor are not caught: zlib
 * fails only on memory exhaustion, which the app's error handler reports.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (!COMPRESSIBLE.test(type)) return;
    res.headers.set('Vary', withVary(res.headers.get('vary')));
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.headers.has('content-encoding') ||
      /no-transform/i.test(res.headers.get('cache-control') ?? '')
    )
      return;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.length < MIN_COMPRESS_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const out =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gz(body, { level: 6 });
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(out.length));
    c.res = undefined as unknown as Response; // hono: replace, don't merge, the finalized answer
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}
