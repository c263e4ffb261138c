// GET /coin-icons/{symbol}.svg (SPEC §3 row `icon`): SVGs of the cryptocurrency-icons package, nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { COIN_ICON_DIR } from '../../server/coins.ts';
import { loadMarketData } from '../../server/market-data.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({});
});

describe('GET /coin-icons/:file (SPEC §3 icon)', () => {
  it('serves the package SVG with a long cache and no CSRF header needed (an <img> cannot send one)', async () => {
    const res = await app.request('/coin-icons/btc.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(readFileSync(join(COIN_ICON_DIR, 'btc.svg')));
  });

  it('accepts upper case and the $ of $PAC', async () => {
    expect((await app.request('/coin-icons/ETH.svg')).status).toBe(200);
    expect((await app.request('/coin-icons/$pac.svg')).status).toBe(200);
  });

  it('answers 404 for a coin without an icon', async () => {
    const res = await app.request('/coin-icons/btc3l.svg');
    expect(res.status).toBe(404);
  });

  it('refuses path traversal and other file names without reading outside the icon folder', async () => {
    for (const path of [
      '/coin-icons/..%2F..%2F..%2Fpackage.json',
      '/coin-icons/..%2Fmanifest.json',
      '/coin-icons/%2e%2e%2fbtc.svg',
      '/coin-icons/btc.svg%00.png',
      '/coin-icons/btc.png',
      '/coin-icons/..\\..\\package.json',
    ]) {
      const res = await app.request(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('content-type'), path).not.toBe('image/svg+xml');
    }
    const dots = await app.request('/coin-icons/../package.json');
    expect(dots.status).toBe(404);
  });

  it('every icon URL the market rows carry resolves to an SVG', async () => {
    const data = loadMarketData({});
    const urls = new Set(
      [...data.spot, ...data.contracts, ...data.premint, ...data.premarket]
        .map((r) => r.icon)
        .concat(data.pilot.list.map((r) => r.chain_icon))
        .filter((u): u is string => typeof u === 'string'),
    );
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) expect((await app.request(url)).status, url).toBe(200);
  });
});
