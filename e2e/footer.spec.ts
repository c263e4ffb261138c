// Footer (SPEC §2 'Footer', §6, §8, §9): per sub-site content, accordions one-open on phones, EU link blocking,
// no sideways scroll at 375 px, axe with an accordion open; at 375, 768 and 1440 px in light and dark themes.
import { expect, openPanel, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { afterFrames, afterIdle } from './support/frames.ts';

/**
 * Width and theme states of the layout test: each width once, each theme at the phone width (its accordion is the
 * footer's most involved layout) and on a wider one.
 */
const STATES = [
  [375, 'light'],
  [375, 'dark'],
  [768, 'dark'],
  [1440, 'light'],
] as const;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

async function noSideScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** axe inside `scope`. */
const serious = (page: Page, scope: string) => seriousViolations(page, [scope]);

test('footer per sub-site: links, social icons, QR, notices, copyright (SPEC §2, §6, §8, §9)', async ({
  page,
  pageErrors,
}) => {
  const year = new Date().getFullYear();
  const footer = page.getByTestId('site-footer');
  const links = footer.locator('.footer-link');

  await openSite(page, SITES.GLOBAL);
  await expect(footer.locator('.footer-popular .footer-link').first()).toHaveAttribute(
    'href',
    '/price/bitcoin',
  );
  await expect(footer.locator('a[href="/about_us"]')).toBeVisible();
  await expect(footer.getByTestId('footer-social')).toBeVisible();
  await expect(footer.getByTestId('footer-qr')).toHaveAttribute(
    'data-url',
    /^http:\/\/127\.0\.0\.1:\d+\/mobileapp$/,
  );
  await expect(footer.getByTestId('footer-qr').locator('svg[role="img"] path')).toHaveAttribute(
    'd',
    /^M4 4h1v1h-1z/,
  );
  await expect(footer.getByTestId('footer-copyright')).toContainText(`2013–${year}`);
  await expect(footer.getByTestId('footer-disclaimer')).toHaveCount(0);

  await openSite(page, SITES.TURKEY);
  await expect(footer.getByTestId('footer-copyright')).toContainText(`2022–${year}`);
  await expect(footer.locator('a[href="/myaccount/deposit_fiat"]')).toBeVisible();
  await expect(footer.locator('a[href="/about_us"]')).toHaveCount(0);
  await expect(footer.getByTestId('footer-qr')).toHaveCount(0);

  await openSite(page, SITES.HONG_KONG);
  await expect(links).toHaveCount(4);
  await expect(footer.locator('a[href="/articlelist/ann"]')).toBeVisible();
  await expect(footer.locator('[data-testid="footer-disclaimer"][data-kind="hong-kong"]')).toBeVisible();

  await openSite(page, SITES.UK);
  await expect(links).toHaveCount(5);
  await expect(footer.getByTestId('footer-social')).toHaveCount(0);
  await expect(footer.locator('[data-testid="footer-disclaimer"]')).toHaveCount(2);
  await expect(footer.locator('[data-kind="uk-promotion"]')).toContainText('FCA');

  await openSite(page, SITES.JAPAN);
  await expect(footer.locator('a[href="/trade/BTC_JPY"]')).toBeVisible();
  await openSite(page, SITES.US);
  await expect(footer.locator('a[href="/myaccount/myfunds"]')).toBeVisible();

  await openSite(page, SITES.MALTA);
  await expect(links).toHaveCount(7);
  await expect(footer.locator('a[href="https://mt.exchange.example/trade/BTC_USDC"]')).toBeVisible();
  await expect(footer.locator('[data-kind="malta"]')).toBeVisible();

  await page.goto('/de/?sub_website_id=0');
  await expect(footer.locator('[data-kind="restricted"]')).toBeVisible();
  await expect(footer.locator('a[href="/de/about_us"]')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('EU footer links open a blocking notice instead of navigating (SPEC §6)', async ({ page }) => {
  await openSite(page, SITES.EU);
  const url = page.url();
  await page.getByTestId('site-footer').locator('a[href$="/fee"]').click();
  const notice = page.getByTestId('footer-eu-notice');
  await expect(notice).toBeVisible();
  expect(page.url()).toBe(url);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
});

test('footer at 375 px light and dark, 768 dark, 1440 light: no sideways scroll; one accordion open on phones; axe', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  for (const [width, theme] of STATES) {
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, theme);
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    expect(await noSideScroll(page), `${width} ${theme}`).toBe(true);
    await expect(footer.getByTestId('footer-language')).toBeVisible();
    await expect(footer.getByTestId('footer-fiat')).toHaveCount(width < 768 ? 1 : 0);
    if (width < 768) {
      const about = footer.getByRole('button', { name: 'About' });
      const legal = footer.getByRole('button', { name: 'Legal' });
      await about.click();
      await expect(about).toHaveAttribute('aria-expanded', 'true');
      await expect(footer.locator('a[href="/about_us"]')).toBeVisible();
      await legal.click();
      await expect(legal).toHaveAttribute('aria-expanded', 'true');
      await expect(about).toHaveAttribute('aria-expanded', 'false');
      await expect(footer.locator('a[href="/about_us"]')).toBeHidden();
      expect(await noSideScroll(page)).toBe(true);
      expect(await serious(page, '[data-testid="site-footer"]'), `${width} ${theme}`).toEqual([]);
      await legal.click();
      await expect(legal).toHaveAttribute('aria-expanded', 'false');
    } else {
      await expect(footer.locator('.footer-column').first()).toBeVisible();
      expect(await serious(page, '[data-testid="site-footer"]'), `${width} ${theme}`).toEqual([]);
    }
  }
});

test('a footer button clicked before the footer has hydrated acts once it has (index.html click hold)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // The footer's code arrives 1.5 s late: the header is hydrated, the server's footer is not yet.
  let release: () => void = () => undefined;
  const late = new Promise<void>((resolve) => (release = resolve));
  let requested: () => void = () => undefined;
  const footerRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/Footer-[\w-]+\.js$/, async (route) => {
    requested();
    await late;
    await route.continue();
  });
  await openSite(page, SITES.GLOBAL, '/trade/BTC_USDT');
  await page.getByTestId('footer-language').click();
  const dialog = page.getByRole('dialog', { name: 'Language and region' });
  // The click asked for the footer's code, which is held: until it runs, nothing may open.
  await footerRequested;
  await afterFrames(page, 3);
  await expect(dialog).toHaveCount(0);
  release();
  await expect(dialog.getByRole('link')).toHaveCount(16);
});

/**
 * Watches `page` for the footer's code: the chunk requests made, console errors, and a promise of the footer's next
 * hydration (the 'mh:hydrated' event with detail 'footer'). Opens the short demo page, whose server footer is on
 * screen, and checks that reading it costs no script: after an idle period (where deferred work would start) the
 * footer's code has not been fetched.
 */
async function openFooterPage(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const footerCode: string[] = [];
  page.on('request', (r) => /\/assets\/Footer-[\w-]+\.js$/.test(r.url()) && footerCode.push(r.url()));
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const footerHydrated = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('mh:hydrated', (e) => {
            if ((e as CustomEvent).detail === 'footer') resolve('footer');
          }),
        ),
    );
  await openSite(page, SITES.GLOBAL, '/trade/BTC_USDT');
  await afterIdle(page);
  await expect(page.getByTestId('site-footer')).toBeInViewport();
  await expect(page.getByTestId('footer-qr').locator('svg')).toBeVisible();
  expect(footerCode).toEqual([]);
  return { footerCode, errors, footerHydrated };
}

test('the footer code is not fetched while the footer is only read, nor by a market list scroll; a page wheel scroll fetches it and it hydrates without a mismatch', async ({
  page,
}) => {
  const { footerCode, errors, footerHydrated } = await openFooterPage(page);

  // Scrolling a market list in a header menu scrolls no page: the footer stays as the server sent it.
  await openPanel(page, 'nav-trade', 'menu-spot');
  const list = page.getByTestId('market-list').first();
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  const listBox = (await list.boundingBox())!;
  await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // An intent starts the footer in the next idle period: one has passed, and nothing was fetched.
  await afterIdle(page);
  expect(footerCode).toEqual([]);
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('nav-trade')).toHaveAttribute('aria-expanded', 'false');

  // A wheel scroll of the page fetches it.
  const hydrated = footerHydrated();
  await page.mouse.move(700, 600);
  await page.mouse.wheel(0, 400);
  await expect(hydrated).resolves.toBe('footer');
  expect(footerCode).toHaveLength(1);
  expect(errors.filter((e) => /hydrat|\[ssr\]/i.test(e))).toEqual([]);
});

test('a first key press fetches the footer code; its language dialog then works', async ({ page }) => {
  const { footerCode, errors, footerHydrated } = await openFooterPage(page);
  const hydrated = footerHydrated();
  await page.keyboard.press('Tab');
  await expect(hydrated).resolves.toBe('footer');
  expect(footerCode).toHaveLength(1);
  await page.getByTestId('footer-language').click();
  await expect(page.getByRole('dialog', { name: 'Language and region' }).getByRole('link')).toHaveCount(16);
  expect(errors.filter((e) => /hydrat|\[ssr\]/i.test(e))).toEqual([]);
});

test('the pointer entering the footer fetches its code (React would hold the pointer events until then); a menu opened after that still opens', async ({
  page,
}) => {
  const { footerCode, errors, footerHydrated } = await openFooterPage(page);
  const hydrated = footerHydrated();
  const box = (await page.getByTestId('site-footer').boundingBox())!;
  expect(box.y + 40).toBeLessThan(900);
  await page.mouse.move(box.x + 5, box.y + 40);
  await expect(hydrated).resolves.toBe('footer');
  expect(footerCode).toHaveLength(1);
  await page.getByTestId('nav-trade').hover();
  await expect(page.getByTestId('nav-trade')).toHaveAttribute('aria-expanded', 'true');
  expect(errors.filter((e) => /hydrat|\[ssr\]/i.test(e))).toEqual([]);
});

test('a header menu opens when the pointer comes to it straight from the footer before the footer has hydrated', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The footer's code is held back: React holds the pointer's events over the server's footer meanwhile, and would
  // drop the enter of the trigger the pointer moves on to (the triggers listen to the browser's own events).
  await page.route(/\/assets\/Footer-[\w-]+\.js$/, () => undefined);
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL, '/trade/BTC_USDT');
  // A key press first (an intent elsewhere: the footer's code is then due in an idle period).
  await page.keyboard.press('Shift');
  const footer = (await page.getByTestId('site-footer').boundingBox())!;
  for (const testId of ['nav-trade', 'nav-profile', 'nav-messages']) {
    await page.mouse.move(footer.x + 5, footer.y + 40);
    await page.getByTestId(testId).hover();
    await expect(page.getByTestId(testId)).toHaveAttribute('data-state', 'open');
  }
});

test('an EU footer link clicked before the footer has hydrated is held, then blocked by the notice (SPEC §6)', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/Footer-[\w-]+\.js$/, async (route) => {
    await late;
    await route.continue();
  });
  await openSite(page, SITES.EU);
  const url = page.url();
  await expect(page.getByTestId('site-footer')).toHaveAttribute('data-hold-links', '');
  await page.getByTestId('site-footer').locator('a[href$="/fee"]').click();
  // An unheld link would have started its navigation within these frames.
  await afterFrames(page, 3);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('footer-eu-notice')).toHaveCount(0);
  release();
  await expect(page.getByTestId('footer-eu-notice')).toBeVisible();
  expect(page.url()).toBe(url);
});

test('footer language and fiat selectors reuse the header logic (SPEC §2)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSite(page, SITES.GLOBAL, '/trade/BTC_USDT');
  await page.getByTestId('footer-language').click();
  const dialog = page.getByRole('dialog', { name: 'Language and region' });
  await expect(dialog.getByRole('link')).toHaveCount(16);
  const grid = await dialog.locator('.lang-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns);
  expect(grid.split(' ')).toHaveLength(4);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('footer-fiat').click();
  const fiat = page.getByRole('dialog', { name: 'Currency' });
  await fiat.getByRole('button', { name: 'EUR', exact: true }).click();
  await expect(page.getByTestId('footer-fiat')).toHaveAttribute('data-fiat', 'EUR');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'curr_fiat')?.value).toBe('EUR');
});

test('the server draws the QR symbol; hydration reuses it without loading the QR library (first-load work)', async ({
  page,
  request,
}) => {
  const html = await (await request.get(`/?sub_website_id=${SITES.GLOBAL}`)).text();
  expect(html).toMatch(
    /<svg[^>]*class="footer-qr-code"[^>]*data-qr-text="http:\/\/127\.0\.0\.1:\d+\/mobileapp"/,
  );
  const qrChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/qr-[A-Za-z0-9_-]{8}\.js$/.test(r.url())) qrChunks.push(r.url());
  });
  await openSite(page, SITES.GLOBAL);
  const qr = page.getByTestId('footer-qr');
  await qr.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await expect(qr.locator('svg[role="img"] path')).toHaveAttribute('d', /^M4 4h1v1h-1z/);
  expect(qrChunks).toEqual([]);
});
