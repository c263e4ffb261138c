// The site server of `npm start` (server/site-app.ts, server/secure-headers.ts): security headers on every answer,
// the CSP hash of the inline theme script, HSTS only over https, JSON 404 for unknown /api* paths (never the page).
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { inlineScriptHashes, securityHeaderValues } from '../../server/secure-headers.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { configure } from '../../server/config.ts';

const THEME = "document.documentElement.dataset.theme = 'dark';";
const HTML = `<!doctype html><html><head><script>${THEME}</script><script type="module" src="/assets/x.js"></script></head><body></body></html>`;
const dir = mkdtempSync(join(tmpdir(), 'mh-site-'));
writeFileSync(join(dir, 'index.html'), HTML);
const site = createSiteApp(createApp({ faults: false }), dir, HTML);
const sha = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;

afterEach(() => {
  configure({});
});

describe('site server security headers', () => {
  it('hashes only inline scripts', () => {
    expect(inlineScriptHashes(HTML)).toEqual([sha]);
  });

  it('sends a strict CSP and the other headers with the app page', async () => {
    const res = await site.request('http://127.0.0.1/zh/trade');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${sha}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(d);
    }
    expect(csp).toMatch(/img-src 'self' https:\/\/static\.exchange\.example(;|$)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.getSetCookie().some((l) => l.startsWith('csrf_token='))).toBe(true);
  });

  it('adds HSTS over https; X-Forwarded-Proto counts only with TRUST_PROXY=1', async () => {
    expect((await site.request('https://x.example/')).headers.get('strict-transport-security')).toMatch(
      /max-age=/,
    );
    const forwarded = { headers: { 'x-forwarded-proto': 'https' } };
    expect(
      (await site.request('http://x.example/', forwarded)).headers.get('strict-transport-security'),
    ).toBeNull();
    configure({ TRUST_PROXY: '1' });
    const res = await site.request('http://x.example/', forwarded);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(res.headers.getSetCookie().every((l) => /; Secure/.test(l))).toBe(true);
  });

  it('keeps the stricter CSP of a coin-icon SVG', async () => {
    const res = await site.request('http://127.0.0.1/coin-icons/btc.svg');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/api', '/api/unknown', '/apiw/v2/nothing', '/apiweb/x/y', '/apix'])(
    '%s answers a JSON 404, not the page',
    async (path) => {
      const res = await site.request(`http://127.0.0.1${path}`);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    },
  );

  it('gives the vite middleware the same values; dev relaxes the script policy only', async () => {
    const prod = await securityHeaderValues(HTML);
    expect(prod['content-security-policy']).toContain(sha);
    const dev = await securityHeaderValues('', { dev: true });
    expect(prod['content-security-policy']).not.toContain("unsafe-inline' ws:");
    expect(dev['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(dev['x-content-type-options']).toBe('nosniff');
  });
});
