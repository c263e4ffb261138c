// Compression and caching of the site server (server/site-app.ts, server/ssr/compress.ts, server/ssr/precompress.ts;
// ARCHITECTURE.md 'The reference server'): brotli/gzip per Accept-Encoding for the page and API JSON, precompressed static
// files, immutable hashed assets, ETag revalidation for the rest, Vary: Accept-Encoding, robots.txt as a file, and
// a 404 (not the page) for missing file-like paths.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { createSiteApp, IMMUTABLE_CACHE, isFileLikePath, STATIC_CACHE } from '../../server/site-app.ts';
import { pickEncoding, withVary } from '../../server/ssr/compress.ts';
import { precompressDir } from '../../server/ssr/precompress.ts';
import { DOCUMENT_ONLY_HEADERS, isPageSubresource } from '../../server/secure-headers.ts';
import { csrfPair } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'mh-static-'));
// A page big enough to be compressed (MIN_COMPRESS_BYTES), like the real one.
const HTML = `<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" /></head><body><div id="root"></div>${'<p>filler text</p>'.repeat(200)}</body></html>`;
const JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ pair: `C${i}_USDT` })))};`;
let site: Hono;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), JS);
  writeFileSync(join(dir, 'assets', 'tiny-def456.js'), 'export {};');
  writeFileSync(join(dir, 'assets', 'market.worker-a1B2c3.js'), 'self.onmessage = () => {};');
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'robots.txt'), readFileSync('public/robots.txt'));
  writeFileSync(
    join(dir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
  );
  await precompressDir(dir);
  site = createSiteApp(createApp({ faults: false }), dir, HTML);
});

describe('precompressDir', () => {
  it('writes .br and .gz beside compressible files above the size floor only', () => {
    expect(existsSync(join(dir, 'assets', 'index-abc123.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-def456.js.br'))).toBe(false);
    const br = readFileSync(join(dir, 'assets', 'index-abc123.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(JS);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc123.js.gz'))).toString()).toBe(JS);
  });
});

describe('static files', () => {
  it('serves the brotli variant of a hashed asset, cached for a year and immutable', async () => {
    const res = await site.request('http://127.0.0.1/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(JS);
  });

  it('sends a page script or stylesheet only the headers a subresource uses; a worker script keeps the CSP', async () => {
    for (const path of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const res = await site.request(`http://127.0.0.1${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      expect(res.headers.get('last-modified')).toBeNull();
    }
    const worker = await site.request('http://127.0.0.1/assets/market.worker-a1B2c3.js');
    expect(worker.headers.get('content-security-policy')).toMatch(/connect-src 'self'/);
    expect(worker.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const page = await site.request('http://127.0.0.1/');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(page.headers.get(name), name).toBeTruthy();
  });

  it('tells page subresources from worker scripts and other files', () => {
    expect(isPageSubresource('/assets/index-abc.js', 'text/javascript; charset=utf-8')).toBe(true);
    expect(isPageSubresource('/assets/index-abc.css', 'text/css; charset=utf-8')).toBe(true);
    expect(isPageSubresource('/assets/market.worker-x_9.js', 'text/javascript')).toBe(false);
    expect(isPageSubresource('/assets/market.worker.js', 'text/javascript')).toBe(false);
    expect(isPageSubresource('/coin-icons/btc.svg', 'image/svg+xml')).toBe(false);
    expect(isPageSubresource('/', 'text/html; charset=UTF-8')).toBe(false);
    expect(isPageSubresource('/api/x', 'application/json')).toBe(false);
    expect(isPageSubresource('/assets/x.js', null)).toBe(false);
  });

  it('serves gzip to a client without brotli, and identity with Vary to one without either', async () => {
    const gz = await site.request('http://127.0.0.1/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(JS);
    const plain = await site.request('http://127.0.0.1/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await plain.text()).toBe(JS);
  });

  it('caches other files briefly and revalidates them with a weak ETag (304)', async () => {
    const res = await site.request('http://127.0.0.1/favicon.svg', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('cache-control')).toBe(STATIC_CACHE);
    const tag = res.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    const again = await site.request('http://127.0.0.1/favicon.svg', {
      headers: { 'accept-encoding': 'br', 'if-none-match': tag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves robots.txt as the file, not the page', async () => {
    const res = await site.request('http://127.0.0.1/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toContain('<html');
  });

  it('answers a missing file-like path with 404, never the page', async () => {
    for (const path of ['/missing.png', '/assets/gone-123.js', '/zh/old.css']) {
      const res = await site.request(`http://127.0.0.1${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<html');
    }
    // Routes without an extension are still the page.
    expect((await site.request('http://127.0.0.1/trade/BTC_USDT')).status).toBe(200);
  });
});

describe('dynamic answers', () => {
  it('compresses the page with brotli or gzip, keeps it private and revalidated', async () => {
    const br = await site.request('http://127.0.0.1/zh/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('private, no-cache');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(br.headers.get('etag')).toMatch(/^W\/"/);
    const html = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain('<html lang="zh" dir="ltr">');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(html.length);
    const gz = await site.request('http://127.0.0.1/zh/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    // The security headers survive compression.
    expect(gz.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('revalidates an unchanged page with 304 and still sends the page cookies', async () => {
    const first = await site.request('http://127.0.0.1/trade/BTC_USDT');
    const tag = first.headers.get('etag')!;
    const again = await site.request('http://127.0.0.1/trade/BTC_USDT', {
      headers: { 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.getSetCookie().some((l) => l.startsWith('csrf_token='))).toBe(true);
    expect(again.headers.get('content-security-policy')).toBeTruthy();
  });

  it('compresses API JSON and leaves small answers alone', async () => {
    const big = await site.request('http://127.0.0.1/api/web/v1/site/common_data?lang=en', {
      headers: { 'accept-encoding': 'br', ...csrfPair().headers },
    });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await big.arrayBuffer())).toString());
    expect(body.code).toBe(200);
    const small = await site.request('http://127.0.0.1/api/nope', {
      headers: { 'accept-encoding': 'br', ...csrfPair().headers },
    });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).code).toBe(404);
  });
});

describe('encoding negotiation', () => {
  it('prefers br, then gzip, honouring q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(withVary(null)).toBe('Accept-Encoding');
    expect(withVary('Cookie')).toBe('Cookie, Accept-Encoding');
    expect(withVary('accept-encoding')).toBe('accept-encoding');
  });

  it('tells file-like paths from routes', () => {
    expect(isFileLikePath('/missing.png')).toBe(true);
    expect(isFileLikePath('/trade/BTC_USDT')).toBe(false);
    expect(isFileLikePath('/zh/')).toBe(false);
  });
});
