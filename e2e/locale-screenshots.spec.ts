/**
 * README screenshots of the header at 1440 px: docs/screenshots/header-{ar,ja,en-dark}.png, and 375 px variants for
 * review in test-results/screenshots-375 (not tracked). Run on demand, they rewrite tracked files:
 * `SCREENSHOTS=1 npx playwright test e2e/locale-screenshots`.
 */
import type { Page } from '@playwright/test';
import { expect, openPanel, test } from './fixtures.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to refresh docs/screenshots');

const OUT = 'docs/screenshots';
const OUT_375 = 'test-results/screenshots-375';

async function prepare(page: Page, path: string, dark: boolean) {
  await page.context().addCookies([
    { name: 'theme', value: dark ? '2' : '0', url: 'http://127.0.0.1' },
    { name: 'theme_changed', value: '1', url: 'http://127.0.0.1' },
  ]);
  await page.goto(path);
  await expect(page.getByTestId('nav-settings')).toBeVisible();
}

test('header-ar: Arabic, right to left, spot panel open', async ({ page }) => {
  await prepare(page, '/ar/trade/BTC_USDT', false);
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.locator('[data-testid="market-row"]').first()).toBeVisible();
  await page.screenshot({ path: `${OUT}/header-ar.png`, clip: { x: 0, y: 0, width: 1440, height: 720 } });
});

test('header-ja: Japanese, language and region menu open', async ({ page }) => {
  await prepare(page, '/ja/trade/BTC_USDT', false);
  await page.getByTestId('nav-language').hover();
  await expect(page.locator('.lang-popover')).toBeVisible();
  await page.screenshot({ path: `${OUT}/header-ja.png`, clip: { x: 0, y: 0, width: 1440, height: 480 } });
});

test('header-en-dark: English dark theme, prices in EUR, spot panel open', async ({ page, context }) => {
  await context.addCookies([
    { name: 'curr_fiat', value: 'EUR', url: 'http://127.0.0.1', secure: true },
    { name: 'currency_rate', value: '1', url: 'http://127.0.0.1', secure: true },
  ]);
  await prepare(page, '/trade/BTC_USDT', true);
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.locator('[data-testid="market-row"]').first()).toContainText('€');
  await page.screenshot({
    path: `${OUT}/header-en-dark.png`,
    clip: { x: 0, y: 0, width: 1440, height: 720 },
  });
});

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const [name, path, dark] of [
    ['ar', '/ar/trade/BTC_USDT', false],
    ['ja', '/ja/trade/BTC_USDT', false],
    ['en-dark', '/trade/BTC_USDT', true],
  ] as const) {
    test(`header-${name}-375`, async ({ page }) => {
      await prepare(page, path, dark);
      await page.screenshot({
        path: `${OUT_375}/header-${name}.png`,
        clip: { x: 0, y: 0, width: 375, height: 200 },
      });
      await page.getByTestId('nav-language').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${OUT_375}/header-${name}-language.png` });
    });
  }
});
