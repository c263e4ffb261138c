// Server render of the page (server/ssr/, src/entry-server.tsx; ARCHITECTURE.md 'The reference server', SPEC §2, §3, §8):
// locale and direction, theme, sub-site, session signed in and out, the embedded boot data (escaped), the localized
// meta description, and the fallbacks to the client-rendered shell when the render throws, has no bundle, or a test
// fault names one of its data sources.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { pageRenderer, type SsrModule } from '../../server/ssr/render.ts';
import { DEFERRED_MODULE_TYPE, deferHydrationScripts, escapeHtml, pageHtml } from '../../server/ssr/html.ts';
import * as entry from '../../src/entry-server.tsx';
import { Client } from './helpers.ts';
import { configure } from '../../server/config.ts';

const TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="English" />
    <script>document.documentElement.dataset.theme = 'light';</script>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc.js"></script>
  </body>
</html>`;

const ssr: SsrModule = entry;
const STATIC_DIR = mkdtempSync(join(tmpdir(), 'mh-ssr-'));
let api: Hono;
let site: Hono;

function siteWith(module: SsrModule | null): Hono {
  return createSiteApp(api, STATIC_DIR, TEMPLATE, {
    render: pageRenderer(TEMPLATE, module, { currencyCount: 42 }),
  });
}

/** A desktop browser's user agent (the server then renders the footer's columns, popular group included). */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** The boot data embedded in `html` (throws when absent). */
function boot(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="mh-boot">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no boot data');
  return JSON.parse(m[1]!) as Record<string, unknown>;
}

beforeAll(() => {
  api = createApp({ faults: true });
  site = siteWith(ssr);
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  configure({});
  vi.restoreAllMocks();
});

describe('server render', () => {
  it('renders the header in English with lang/dir, the description and the boot data', async () => {
    const res = await site.request('http://127.0.0.1/trade/BTC_USDT');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(html).toMatch(/<html lang="en" dir="ltr" data-theme="light">/);
    expect(html).toContain('<header class="site-header" data-sub-site="0" data-ready="false">');
    expect(html).toContain('data-testid="btn-login"');
    expect(html).not.toContain('data-testid="nav-profile"');
    expect(html).toContain('Skip to content');
    expect(html).toMatch(/<meta name="description" content="Buy, sell and trade Bitcoin/);
    const data = boot(html);
    expect(data).toMatchObject({ locale: 'en', path: '/trade/BTC_USDT', subSite: 0, user: null });
    expect(data).not.toHaveProperty('cookies');
    expect((data.siteData as { currency_count: number }).currency_count).toBe(42);
  });

  it('renders the popular coins the server was given in the footer and embeds them for hydration (SPEC §2 Footer)', async () => {
    const coins = [
      { currency: 'BTC', name: 'Bitcoin', slug: 'bitcoin' },
      { currency: 'DOGE', name: 'Dogecoin', slug: 'dogecoin' },
    ];
    const withCoins = createSiteApp(api, STATIC_DIR, TEMPLATE, {
      render: pageRenderer(TEMPLATE, ssr, { currencyCount: 42, popularCoins: coins }),
    });
    const html = await (
      await withCoins.request('http://127.0.0.1/', { headers: { 'user-agent': DESKTOP_UA } })
    ).text();
    expect(html).toContain('class="footer-popular"');
    expect(html).toContain('/price/dogecoin');
    expect(boot(html).popularCoins).toEqual(coins);
    // Without coins the server draws no popular group and says so (the client then loads them).
    const plain = await (
      await site.request('http://127.0.0.1/', { headers: { 'user-agent': DESKTOP_UA } })
    ).text();
    expect(plain).not.toContain('class="footer-popular"');
    expect(boot(plain).popularCoins).toBeNull();
  });

  it("embeds the home page's announcement for the page's locale, none elsewhere (SPEC §2 Announcement banner on /)", async () => {
    const asked: string[] = [];
    const withBulletin = createSiteApp(api, STATIC_DIR, TEMPLATE, {
      render: pageRenderer(TEMPLATE, ssr, {
        currencyCount: 42,
        announcement: (key, locale) => {
          asked.push(`${key}:${locale}`);
          return { content_id: 'listing-x', content: '<b>New</b> <a href="/trade/X_USDT">X</a>', link: '' };
        },
      }),
    });
    const home = boot(await (await withBulletin.request('http://127.0.0.1/ar/')).text());
    expect(home.announcement).toEqual({
      content_id: 'listing-x',
      content: '<b>New</b> <a href="/trade/X_USDT">X</a>',
      link: '',
    });
    expect(asked).toEqual(['home:ar']);
    const trade = boot(await (await withBulletin.request('http://127.0.0.1/trade/BTC_USDT')).text());
    expect(trade.announcement).toBeNull();
    expect(asked).toHaveLength(1);
    // Without the source the field is absent: the client fetches the announcement itself.
    expect(boot(await (await site.request('http://127.0.0.1/')).text())).not.toHaveProperty('announcement');
  });

  it('renders Arabic right to left with the Arabic catalogue and description', async () => {
    const html = await (await site.request('http://127.0.0.1/ar/trade/BTC_USDT')).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain('انتقل إلى المحتوى');
    expect(html).toContain(`content="${escapeHtml(entry.metaDescription('ar'))}"`);
    expect(boot(html)).toMatchObject({ locale: 'ar', langPrefix: '/ar', path: '/trade/BTC_USDT' });
  });

  it('puts the chosen dark theme on <html> and the preferences in the boot data', async () => {
    const res = await site.request('http://127.0.0.1/', {
      headers: { cookie: 'theme=2; theme_changed=1; market_rise_color=risered; curr_fiat=EUR' },
    });
    const html = await res.text();
    expect(html).toMatch(/<html lang="en" dir="ltr" data-theme="dark">/);
    expect(boot(html).prefs).toMatchObject({
      theme: 2,
      themeChanged: true,
      riseColor: 'risered',
      currFiat: 'EUR',
    });
  });

  it('follows the sub-site of the query and the cookie, as the API does', async () => {
    const byQuery = await (await site.request('http://127.0.0.1/?sub_website_id=177')).text();
    expect(byQuery).toContain('data-sub-site="177"');
    expect(boot(byQuery)).toMatchObject({ subSite: 177, search: '?sub_website_id=177' });
    const byCookie = await (
      await site.request('http://127.0.0.1/', { headers: { cookie: 'sub_website_id=999' } })
    ).text();
    expect(byCookie).toContain('data-sub-site="999"');
    // Testnet logs in through its authorize flow (SPEC §6): the redirect carries the page's own path.
    expect(byCookie).toContain('href="/login/authorize?client=testnet&amp;redirect_uri=');
  });

  it('renders the signed-in header from the session cookie (the store the API uses)', async () => {
    const client = new Client(site);
    expect((await client.login('vip')).status).toBe(200);
    const html = await (await client.request('/zh/')).text();
    expect(html).toContain('data-testid="nav-profile"');
    expect(html).not.toContain('data-testid="btn-login"');
    const data = boot(html);
    expect(data).toMatchObject({ locale: 'zh', hasSessionHint: true, user: { is_login: true } });
    expect(data.accountMode).not.toBeNull();
    // The HttpOnly session id never reaches the page.
    expect(html).not.toContain(client.jar.get('sign')!);
  });

  it('escapes < in the boot data so the query cannot end the JSON block', async () => {
    const html = await (await site.request('http://127.0.0.1/?q=%3C/script%3E%3Cscript%3Ealert(1)')).text();
    const json = /id="mh-boot">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(boot(html).search).toBe('?q=%3C/script%3E%3Cscript%3Ealert(1)');
  });

  it('guesses a phone viewport from the client hints', async () => {
    const html = await (
      await site.request('http://127.0.0.1/', { headers: { 'sec-ch-ua-mobile': '?1' } })
    ).text();
    expect(boot(html).viewportWidth).toBe(390);
  });
});

describe('fallback to the client-rendered shell (SPEC §8)', () => {
  it('serves the shell, not a 500, when the render throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: SsrModule = {
      renderPage: () => Promise.reject(new Error('boom')),
      metaDescription: entry.metaDescription,
    };
    const res = await siteWith(broken).request('http://127.0.0.1/ar/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('mh-boot');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(escapeHtml(entry.metaDescription('ar')));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[ssr]'), '/ar/', expect.any(Error));
  });

  it('serves the shell when building the page state throws, and keeps serving renders after', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const throwing: SsrModule = {
      renderPage: (page) => entry.renderPage({ ...page, siteData: { broken: true } as never }),
      metaDescription: entry.metaDescription,
    };
    const html = await (await siteWith(throwing).request('http://127.0.0.1/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(errors).toHaveBeenCalled();
    // The queue is not stuck after a failure.
    expect(await (await site.request('http://127.0.0.1/')).text()).toContain('mh-boot');
  });

  it('serves the shell when there is no server bundle', async () => {
    const html = await (await siteWith(null).request('http://127.0.0.1/de/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<html lang="de" dir="ltr">/);
  });

  it('serves the shell when a test fault names a render data source', async () => {
    configure({ MH_FAULTS: '1' });
    const res = await site.request('http://127.0.0.1/', {
      headers: { cookie: `mh_faults=${encodeURIComponent('/api/web/v1/usercenter/get_info=500')}` },
    });
    expect(await res.text()).toContain('<div id="root"></div>');
    configure({});
    const off = await site.request('http://127.0.0.1/', {
      headers: { cookie: `mh_faults=${encodeURIComponent('/api/web/v1/usercenter/get_info=500')}` },
    });
    expect(await off.text()).toContain('mh-boot');
  });
});

describe('pageHtml', () => {
  it('inserts a missing description and keeps $ sequences of the markup literal', () => {
    const html = pageHtml(
      '<html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
      {
        locale: 'en',
        description: 'a "quoted" <b>',
        rootHtml: '<p>$& $1</p>',
      },
    );
    expect(html).toContain('<meta name="description" content="a &quot;quoted&quot; &lt;b&gt;" />');
    expect(html).toContain('<div id="root"><p>$& $1</p></div>');
  });

  const TEMPLATE = `<html><head>
<script>var theme = 1;</script>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="icon" href="/favicon.svg">
</head><body><div id="root"></div></body></html>`;

  it('keeps the entry inert until the first paint but fetches its modules early, on a server-rendered page only', () => {
    const rendered = pageHtml(TEMPLATE, { locale: 'en', rootHtml: '<header></header>' });
    // The entry runs only when the page loader starts it; its bytes and its imports' are fetched (and compiled)
    // at once, at low priority, through modulepreload links.
    expect(rendered).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" crossorigin src="/assets/index-a.js"></script>` +
        '<link rel="modulepreload" crossorigin href="/assets/index-a.js" fetchpriority="low">',
    );
    expect(rendered).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js" fetchpriority="low">',
    );
    expect(rendered).not.toMatch(/\stype="module"/);
    expect(rendered.match(/rel="modulepreload"/g)).toHaveLength(2);
    // The inline theme script (its CSP hash) and other links are untouched.
    expect(rendered).toContain('<script>var theme = 1;</script>');
    expect(rendered).toContain('<link rel="icon" href="/favicon.svg">');
    // The client-rendered shell cannot paint without its scripts: left as built.
    const shell = pageHtml(TEMPLATE, { locale: 'en' });
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/react-b.js">');
  });

  it('replaces an earlier fetch priority and leaves inline module scripts alone', () => {
    const html =
      '<script type="module" fetchpriority="high" src="/a.js"></script>' +
      '<link fetchpriority="high" rel="modulepreload" href="/b.js">' +
      '<script type="module">import "/c.js";</script>';
    expect(deferHydrationScripts(html)).toBe(
      `<script type="${DEFERRED_MODULE_TYPE}" src="/a.js"></script>` +
        '<link rel="modulepreload" crossorigin href="/a.js" fetchpriority="low">' +
        '<link rel="modulepreload" href="/b.js" fetchpriority="low">' +
        '<script type="module">import "/c.js";</script>',
    );
  });
});
