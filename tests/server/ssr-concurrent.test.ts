// Concurrent server renders (src/entry-server.tsx, src/state/page-scope.tsx; ARCHITECTURE.md 'The reference
// server'): two traders' pages rendered interleaved, many at a time, each see only their own name, locale and
// preferences, and their markup is the markup of the same page rendered alone; their favourites, read at the same
// time, are their own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { pageRenderer, type SsrModule } from '../../server/ssr/render.ts';
import { SessionStore } from '../../server/sessions.ts';
import { localStores } from '../../server/stores/index.ts';
import * as entry from '../../src/entry-server.tsx';
import { Client } from './helpers.ts';

const TEMPLATE = `<!doctype html><html lang="en" dir="ltr"><head><meta name="description" content="x" /></head><body><div id="root"></div></body></html>`;
const ssr: SsrModule = entry;
let site: Hono;
let ana: Client;
let bo: Client;

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? html;
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="mh-boot">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    locale: string;
    user: { nickname: string } | null;
    prefs: { theme: number };
  };

beforeAll(async () => {
  const sessions = new SessionStore();
  const stores = localStores(mkdtempSync(join(tmpdir(), 'mh-ssr-conc-')), sessions);
  const api = createApp({ loginLimit: 1000, stores });
  site = createSiteApp(api, mkdtempSync(join(tmpdir(), 'mh-ssr-static-')), TEMPLATE, {
    render: pageRenderer(TEMPLATE, ssr, { currencyCount: 42, store: sessions }),
  });
  ana = new Client(site);
  bo = new Client(site);
  await ana.login('vip', 'ana');
  await bo.login('unified', 'bo');
  // Different display preferences too: Bo chose the dark theme.
  bo.jar.set('theme', '2');
  bo.jar.set('theme_changed', '1');
  const fav = (symbol: string) => [{ list: 'spot', symbol, label: symbol.replace('_', '/'), at: 1 }];
  for (const [client, symbol] of [
    [ana, 'BTC_USDT'],
    [bo, 'ETH_USDT'],
  ] as const) {
    const res = await client.request('/api/web/v1/usercenter/favourites', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entries: fav(symbol) }),
    });
    expect(res.status).toBe(200);
  }
});

describe('concurrent server renders', () => {
  it('two users interleaved: each page has its own name, locale and theme, and equals the page rendered alone', async () => {
    const page = (c: Client, path: string) => c.request(path).then((r) => r.text());
    const aloneA = await page(ana, '/zh/');
    const aloneB = await page(bo, '/de/');
    expect(bootOf(aloneA)).toMatchObject({ locale: 'zh', user: { nickname: 'Satoshi V.' } });
    expect(bootOf(aloneB)).toMatchObject({ locale: 'de', user: { nickname: 'Ada Unified' } });
    expect(bootOf(aloneB).prefs.theme).not.toBe(bootOf(aloneA).prefs.theme);

    const runs = Array.from({ length: 12 }, (_, i) => (i % 2 ? page(bo, '/de/') : page(ana, '/zh/')));
    const favourites = [ana, bo, ana, bo].map((c) => c.json('/api/web/v1/usercenter/favourites'));
    const pages = await Promise.all(runs);
    pages.forEach((html, i) => {
      const [own, other, alone, locale] =
        i % 2 ? ['Ada Unified', 'Satoshi V.', aloneB, 'de'] : ['Satoshi V.', 'Ada Unified', aloneA, 'zh'];
      const data = bootOf(html);
      expect(data.locale).toBe(locale);
      expect(data.user?.nickname).toBe(own);
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).not.toContain(other);
      expect(rootOf(html)).toBe(rootOf(alone));
      expect(data).toEqual(bootOf(alone));
    });
    const lists = (await Promise.all(favourites)).map((r) => r.body.data.entries[0].symbol);
    expect(lists).toEqual(['BTC_USDT', 'ETH_USDT', 'BTC_USDT', 'ETH_USDT']);
  });
});

describe('SSR_CONCURRENCY: renders in flight', () => {
  /** A render module that records how many renders overlap. */
  function counting() {
    let now = 0;
    let most = 0;
    const module: SsrModule = {
      metaDescription: () => 'x',
      async renderPage(page) {
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 20));
        now--;
        return { html: `<p>${page.locale}</p>`, bootJson: '{}', theme: 'light' };
      },
    };
    return { module, most: () => most };
  }
  const burst = async (concurrency: number | undefined) => {
    const probe = counting();
    const app = createSiteApp(createApp(), mkdtempSync(join(tmpdir(), 'mh-ssr-slots-')), TEMPLATE, {
      render: pageRenderer(TEMPLATE, probe.module, { currencyCount: 1, concurrency }),
    });
    const pages = await Promise.all(
      Array.from({ length: 8 }, async () => (await app.request('http://127.0.0.1/de/')).text()),
    );
    for (const html of pages) expect(html).toContain('<p>de</p>');
    return probe.most();
  };

  it('caps the renders in flight at the limit (1: one page at a time) and runs them all; unbounded overlaps them', async () => {
    expect(await burst(1)).toBe(1);
    expect(await burst(3)).toBe(3);
    expect(await burst(undefined)).toBe(8);
  });
});
