/**
 * All 16 locales in the browser (SPEC §3 locales, §8 restricted notice, §9 locale mapping): each gets its own
 * catalogue (embedded in the server-rendered page), sets `<html lang dir>`, shows the settings strings of its
 * catalogue, formats numbers with Intl, and de/fr/es show the dismissible restricted-location notice.
 */
import { readFileSync } from 'node:fs';
import { LOCALES } from '../common/domain/locales.ts';
import type { Page, Request } from '@playwright/test';
import { expect, openPanel, test } from './fixtures.ts';

function settingsCatalogue(locale: string): {
  menu: Record<string, string>;
  language: Record<string, string>;
} {
  return JSON.parse(
    readFileSync(new URL(`../src/i18n/locales/${locale}/settings.json`, import.meta.url), 'utf8'),
  );
}

test.beforeEach(({ pageErrors }) => void pageErrors);

/**
 * One locale's page: `<html lang dir>`, the settings strings of its catalogue, and the catalogues embedded in its
 * server-rendered page (its own only, so no settings catalogue chunk is fetched).
 */
async function checkLocale(page: Page, locale: string): Promise<void> {
  const chunks: string[] = [];
  const onRequest = (r: Request) => {
    if (/\/assets\/settings-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
  };
  page.on('request', onRequest);
  const cat = settingsCatalogue(locale);
  await page.goto(locale === 'en' ? '/trade/BTC_USDT' : `/${locale}/trade/BTC_USDT`);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-label', cat.menu.trigger!);
  await expect(page.getByTestId('nav-language')).toHaveAttribute('aria-label', cat.language.trigger!);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByRole('radio', { name: cat.menu.dark!, exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: cat.menu.exchangeRate! })).toBeVisible();
  // The server-rendered page embeds the catalogues its render used (settings among them), in its own locale only
  // (English too is not in the script), so no settings catalogue chunk is fetched (the client-rendered fallback
  // fetches its own chunks).
  expect(chunks, locale).toEqual([]);
  const boot = JSON.parse((await page.locator('#mh-boot').textContent()) ?? 'null');
  expect(Object.keys(boot.catalogues), locale).toEqual([locale]);
  expect(boot.catalogues[locale].settings, locale).toEqual(cat);
  page.off('request', onRequest);
}

/** Locales per test: one page walks through a group (a page load each), four groups run in parallel. */
const GROUP = 4;
for (let i = 0; i < LOCALES.length; i += GROUP) {
  const group = LOCALES.slice(i, i + GROUP);
  test(`${group.join(', ')}: lang/dir, translated settings and each locale's own catalogue`, async ({
    page,
  }) => {
    for (const locale of group) await checkLocale(page, locale);
  });
}

test('Arabic lays the header out right to left', async ({ page }) => {
  await page.goto('/ar/trade/BTC_USDT');
  const brand = await page.getByRole('banner').locator('.brand').boundingBox();
  const settings = await page.getByTestId('nav-settings').boundingBox();
  expect(brand!.x).toBeGreaterThan(settings!.x);
  await page.getByTestId('nav-language').click();
  const first = await page.getByRole('link', { name: 'English' }).boundingBox();
  const second = await page.getByRole('link', { name: '简体中文' }).boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);
});

test('numbers follow the locale with Intl (de: decimal comma, percent with a space)', async ({ page }) => {
  await page.goto('/de/trade/BTC_USDT');
  await openPanel(page, 'nav-trade', 'menu-spot');
  const row = page.locator('[data-testid="market-row"][data-symbol="BTC_USDT"]');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.locator('.market-row-last')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await expect(row.locator('.market-row-change')).toHaveText(/^[+-−]?\d+,\d{2}\s%$/);
});

test.describe('restricted-location notice (SPEC §8)', () => {
  for (const locale of ['de', 'fr', 'es']) {
    test(`${locale} shows it below the header with a link to the user agreement`, async ({ page }) => {
      await page.goto(`/${locale}/trade/BTC_USDT`);
      const notice = page.getByTestId('restricted-notice');
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link')).toHaveAttribute('href', `/${locale}/user-agreement`);
      const header = await page.locator('.site-header').boundingBox();
      const box = await notice.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    });
  }

  test('other locales do not show it', async ({ page }) => {
    for (const path of ['/trade/BTC_USDT', '/ja/trade/BTC_USDT', '/pt/trade/BTC_USDT']) {
      await page.goto(path);
      await expect(page.getByTestId('nav-settings')).toBeVisible();
      await expect(page.getByTestId('restricted-notice')).toHaveCount(0);
    }
  });

  test('dismissing it keeps it closed for the session, across reloads', async ({ page }) => {
    await page.goto('/fr/trade/BTC_USDT');
    const notice = page.getByTestId('restricted-notice');
    await notice.getByRole('button', { name: 'Fermer l’avis' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('nav-settings')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
