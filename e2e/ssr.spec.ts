/**
 * Server-rendered page (ARCHITECTURE.md 'The reference server'; SPEC §2, §3, §8): for en and ar, anonymous and signed in, on
 * three sub-sites, the header is in the HTML before any script runs (the raw answer, and a page with JavaScript
 * off), the client hydrates it without a mismatch (no console error or warning, no page error), uses the embedded
 * site and session data instead of fetching it, and the menus open on hover and on click.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from './support/account.ts';

const LOCALES = ['en', 'ar'] as const;
const SUB_SITES = [
  ['GLOBAL', SITES.GLOBAL],
  ['TURKEY', SITES.TURKEY],
  ['TESTNET', SITES.TESTNET],
] as const;

/**
 * The combinations that also load the page with JavaScript off: a covering array of strength 2 over locale × sub-site
 * × session (every pair of values once), so each locale, sub-site and session state, and each pair of them, is seen
 * painting without scripts. The raw HTML of every combination is checked in all twelve.
 */
const NO_JS_COMBOS = new Set([
  'en GLOBAL anonymous',
  'ar GLOBAL signed in',
  'en TURKEY signed in',
  'ar TURKEY anonymous',
  'en TESTNET anonymous',
  'ar TESTNET signed in',
]);

/** Console errors and warnings, page errors, and site/session API calls of `page` from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  const siteCalls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${String(err)}`));
  page.on('request', (r) => {
    if (/\/api\/web\/v1\/(site\/(common_data|compliance_check|menu_data)|usercenter\/get_info)/.test(r.url()))
      siteCalls.push(r.url());
  });
  return { problems, siteCalls };
}

/** Signs in as the VIP persona through the demo login (cookies land in the page's context). */
async function signInByApi(page: Page) {
  await page.request.get('/robots.txt'); // any answer: the page cookies come with pages only
  await page.request.get('/');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value;
  expect(csrf, 'csrf cookie from the page').toBeTruthy();
  const res = await page.request.post('/api/web/v1/usercenter/demo_login', {
    form: { persona: 'vip', account: '' },
    headers: { 'X-CSRF-Token': csrf! },
  });
  expect(res.status()).toBe(200);
}

for (const locale of LOCALES) {
  for (const [siteName, site] of SUB_SITES) {
    for (const signedIn of [false, true]) {
      const who = signedIn ? 'signed in' : 'anonymous';
      test(`${locale}, ${siteName}, ${who}: header in the HTML, hydrated without mismatch, menus open`, async ({
        page,
        browser,
        baseURL,
      }) => {
        if (signedIn) await signInByApi(page);
        const url = `${locale === 'en' ? '' : `/${locale}`}/trade/BTC_USDT?sub_website_id=${site}`;

        // 1. The raw answer already holds the header, <html lang dir> and the boot data.
        const html = await (await page.request.get(url)).text();
        expect(html).toMatch(
          new RegExp(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" data-theme="`),
        );
        expect(html).toContain(`<header class="site-header" data-sub-site="${site}"`);
        expect(html).toContain('data-testid="nav-trade"');
        expect(html).toContain(signedIn ? 'data-testid="nav-profile"' : 'data-testid="btn-login"');
        expect(html).toContain('<script type="application/json" id="mh-boot">');
        expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);

        // 2. With JavaScript off the header still paints, localized (NO_JS_COMBOS).
        if (NO_JS_COMBOS.has(`${locale} ${siteName} ${who}`)) {
          const cookies = await page.context().cookies();
          const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
          await noJs.addCookies(cookies);
          const still = await noJs.newPage();
          await still.goto(url);
          await expect(still.getByTestId('nav-trade')).toBeVisible();
          await expect(still.getByTestId(signedIn ? 'nav-profile' : 'btn-login')).toBeVisible();
          await expect(still.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
          await noJs.close();
        }

        // 3. Hydration: no mismatch or other console problem, no refetch of the embedded data.
        const seen = watch(page);
        await page.goto(url);
        const header = page.locator('header.site-header');
        await expect(header).toHaveAttribute('data-ready', 'true');
        await expect(header).toHaveAttribute('data-sub-site', String(site));

        // 4. Menus work: hover opens one, a click opens another.
        await page.getByTestId('nav-trade').hover();
        await expect(page.getByTestId('nav-trade')).toHaveAttribute('data-state', 'open');
        await page.keyboard.press('Escape');
        await page.mouse.move(5, 600);
        await page.getByTestId('nav-more').click();
        await expect(page.getByTestId('nav-more')).toHaveAttribute('data-state', 'open');
        if (signedIn) {
          await page.keyboard.press('Escape');
          await page.getByTestId('nav-profile').hover();
          await expect(page.getByTestId('nav-profile')).toHaveAttribute('data-state', 'open');
        }
        expect(seen.problems, 'console errors/warnings or page errors').toEqual([]);
        expect(seen.siteCalls, 'site and session data come embedded').toEqual([]);
      });
    }
  }
}

test('no script runs before the first paint; the first-load modules are fetched meanwhile, at low priority', async ({
  page,
}) => {
  // When the page loader turns the inert entry into a live module script (ms since navigation).
  await page.addInitScript({
    content: `new MutationObserver(function (list, observer) {
      if (!document.querySelector('script[type="module"][src]')) return;
      window.mhEntryLive = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });`,
  });
  const html = await (await page.request.get('/en/trade/BTC_USDT')).text();
  // The entry and its static imports as served: inert entry, low-priority modulepreloads.
  const preloads = [
    ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g),
  ];
  expect(html).toMatch(
    /<script type="mh-deferred-module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/,
  );
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(preloads.length, 'the entry and its imports are preloaded').toBeGreaterThan(1);
  await page.goto('/en/trade/BTC_USDT');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? -1,
    entryLive: (window as { mhEntryLive?: number }).mhEntryLive ?? -1,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.*\.js$/.test(e.name))
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
  }));
  expect(timing.firstPaint, 'a first paint was recorded').toBeGreaterThan(0);
  expect(timing.entryLive, 'the entry started after the first paint').toBeGreaterThanOrEqual(
    timing.firstPaint,
  );
  // Each first-load module fetched once, through its preload: requested before the entry went live.
  for (const [, path] of preloads) {
    const fetches = timing.scripts.filter((x) => x.path === path);
    expect(fetches, `${path} fetched once`).toHaveLength(1);
    expect(fetches[0]!.startTime, `${path} requested by its preload`).toBeLessThan(timing.entryLive);
  }
});

test('a button clicked before hydration acts once the page is hydrated; a link still navigates', async ({
  page,
}) => {
  // Hold the entry script: the server's header is on screen, its handlers are not attached yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/trade/BTC_USDT');
  await expect(page.getByTestId('nav-search')).toBeVisible();
  await page.getByTestId('nav-search').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Nothing is held once hydrated: the next click acts at once, exactly once.
  await page.getByTestId('nav-search').click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('a link clicked before hydration navigates natively', async ({ page }) => {
  await page.route(/\/assets\/index-[^/]*\.js$/, () => {}); // never answered: the page is never hydrated
  await page.goto('/en/trade/BTC_USDT');
  await page.locator('a[href="/login"]').first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a failing server render falls back to the client-rendered page (SPEC §8)', async ({
  page,
  context,
  baseURL,
}) => {
  // A test fault on a render data source makes the server answer the client-rendered shell.
  await context.addCookies([
    { name: 'mh_faults', value: encodeURIComponent('/api/web/v1/site/menu_data=slow:100'), url: baseURL! },
  ]);
  const html = await (await page.request.get('/ar/trade/BTC_USDT')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('id="mh-boot"');
  expect(html).toContain('<html lang="ar" dir="rtl">');
  const seen = watch(page);
  await page.goto('/ar/trade/BTC_USDT');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('nav-trade').hover();
  await expect(page.getByTestId('nav-trade')).toHaveAttribute('data-state', 'open');
  expect(seen.siteCalls.length, 'the client fetched the site data itself').toBeGreaterThan(0);
  expect(seen.problems).toEqual([]);
});

test('the mismatch check can fail: boot data that differs from the markup is reported', async ({ page }) => {
  // Tamper with the embedded path only: the server markup says /trade/BTC_USDT, the client state says /tampered.
  await page.route('**/trade/BTC_USDT', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('"path":"/trade/BTC_USDT"', '"path":"/tampered"');
    await route.fulfill({ response: res, body });
  });
  const seen = watch(page);
  await page.goto('/trade/BTC_USDT');
  await expect(page.getByTestId('page-route')).toHaveText('/tampered');
  expect(seen.problems.join('\n')).toMatch(/hydrat/i);
});

/** A phone's user agent: the server guesses a phone width from it (server/ssr/page-data.ts). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

// The server renders for a guessed width; the footer hydrates later, after the client has its real width. It must
// hydrate against the guess (no mismatch, no client re-render of the server's footer) and then show the real layout.
for (const locale of LOCALES) {
  for (const [width, userAgent, label] of [
    [375, DESKTOP_UA, 'phone width, desktop guess'],
    [1440, PHONE_UA, 'desktop width, phone guess'],
  ] as const) {
    test(`${locale}, ${label}: the late-hydrated footer matches the server, then takes the real layout`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, userAgent, viewport: { width, height: 800 } });
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(locale === 'en' ? '/' : `/${locale}/`);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
      const footer = page.getByTestId('site-footer');
      await footer.scrollIntoViewIfNeeded();
      if (width < 768) {
        await expect(footer.locator('.footer-accordion')).toBeVisible();
        await expect(footer.locator('.footer-popular')).toHaveCount(0);
      } else {
        await expect(footer.locator('.footer-popular')).toBeVisible();
        await expect(footer.locator('.footer-accordion')).toHaveCount(0);
      }
      // The footer's own chunk has run (its copyright year comes from the client clock once hydrated).
      await expect(footer.getByTestId('footer-copyright')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(seen.problems, 'console errors/warnings (a hydration mismatch) or page errors').toEqual([]);
      await context.close();
    });
  }
}

// A returning visitor has the popular coins of an earlier visit cached. The footer must hydrate from the coins the
// server rendered (its boot data), not from that cache, or the hydration fails and the footer is rendered again.
test('a returning visitor with other popular coins cached hydrates the footer without a mismatch', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: DESKTOP_UA,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(() => {
    localStorage.setItem(
      'footer_popular_coins_v1',
      JSON.stringify([{ currency: 'ZZZ', name: 'Cached Coin', slug: 'cached-coin' }]),
    );
  });
  const page = await context.newPage();
  const seen = watch(page);
  const popularRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/site/popular_coins')) popularRequests.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  const footer = page.getByTestId('site-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByTestId('footer-copyright')).toBeVisible();
  // The server's coins (real spot volumes), not the cached one.
  await expect(footer.locator('.footer-popular a[href*="/price/bitcoin"]').first()).toBeVisible();
  // The footer hydrates in an idle period after the scroll (its gate): once it has, the server's list has replaced
  // the cached one as the last good answer (SPEC §8). Waiting on that write, not on network idle, is what proves the
  // hydration ran before the checks below.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('footer_popular_coins_v1') ?? ''))
    .toContain('"slug":"bitcoin"');
  const kept = await page.evaluate(() => localStorage.getItem('footer_popular_coins_v1') ?? '');
  expect(kept).not.toContain('cached-coin');
  await expect(footer.locator('a[href*="cached-coin"]')).toHaveCount(0);
  // No request: the server's list is the API's answer.
  expect(popularRequests).toEqual([]);
  expect(seen.problems, 'console errors/warnings (a hydration mismatch) or page errors').toEqual([]);
  await context.close();
});
