/**
 * Language and region menu (SPEC §2): links keep the current path, Turkish asks on a non-Turkey sub-site (§4),
 * the rise colour follows the language when none is stored (§4), and below 768 px the menu is a modal (§9).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.beforeEach(({ pageErrors }) => void pageErrors);

async function openLanguages(page: Page) {
  await page.getByTestId('nav-language').click();
  await expect(page.getByRole('tab', { name: 'Language and region' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('a language link goes to the same path with the language segment, and the page stays in it', async ({
  page,
}) => {
  await page.goto('/trade/BTC_USDT?tab=isolated_margin');
  await openLanguages(page);
  await expect(page.getByRole('link', { name: '日本語' })).toHaveAttribute(
    'href',
    '/ja/trade/BTC_USDT?tab=isolated_margin',
  );
  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page).toHaveURL(/\/ja\/trade\/BTC_USDT\?tab=isolated_margin$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-label', '表示設定');
  await page.reload();
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-label', '表示設定');
  // Back to English: no prefix.
  await page.getByTestId('nav-language').click();
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute(
    'href',
    '/trade/BTC_USDT?tab=isolated_margin',
  );
});

test('with no stored rise colour, Chinese shows red for rise and other languages green', async ({
  page,
  context,
}) => {
  await page.goto('/trade/BTC_USDT');
  await expect(page.locator('html')).toHaveAttribute('data-rise', 'risegreen');
  await openLanguages(page);
  await page.getByRole('link', { name: '繁體中文' }).click();
  await expect(page).toHaveURL(/\/zh-tw\/trade\/BTC_USDT$/);
  await expect(page.locator('html')).toHaveAttribute('data-rise', 'risered');
  expect((await context.cookies()).find((c) => c.name === 'market_rise_color')).toBeUndefined();
  await page.getByTestId('nav-language').click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/trade\/BTC_USDT$/);
  await expect(page.locator('html')).toHaveAttribute('data-rise', 'risegreen');
});

test('a stored rise colour wins over the language default', async ({ page }) => {
  await page.goto('/trade/BTC_USDT');
  await page.getByTestId('nav-settings').click();
  // Green is already the English default: choose red, then green, so the choice is stored.
  await page.getByRole('radio', { name: 'Red up / Green down' }).check();
  await page.getByRole('radio', { name: 'Green up / Red down' }).check();
  await page.goto('/zh/trade/BTC_USDT');
  await expect(page.locator('html')).toHaveAttribute('data-rise', 'risegreen');
});

test.describe('Turkish (SPEC §4)', () => {
  test('from the global site it asks; "Go to the Turkey site" opens the Turkey sub-site in Turkish', async ({
    page,
    context,
  }) => {
    await page.goto('/trade/BTC_USDT');
    await openLanguages(page);
    await page.getByRole('link', { name: 'Türkçe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Türkçe' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/trade\/BTC_USDT$/);
    await dialog.getByRole('link', { name: 'Go to the Turkey site' }).click();
    await expect(page).toHaveURL(/\/tr\/trade\/BTC_USDT\?sub_website_id=177$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    expect((await context.cookies()).find((c) => c.name === 'sub_website_id')?.value).toBe('177');

    // On the Turkey sub-site the switch to Turkish is direct; other language links go to the main site (SPEC §2).
    await page.getByTestId('nav-language').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/trade\/BTC_USDT\?sub_website_id=0$/);
    await page.goto('/trade/BTC_USDT?sub_website_id=177');
    await page.getByTestId('nav-language').click();
    await page.getByRole('link', { name: 'Türkçe' }).click();
    await expect(page).toHaveURL(/\/tr\/trade\/BTC_USDT/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('"Stay on the global site in Turkish" switches the language only', async ({ page, context }) => {
    await page.goto('/futures/USDT/BTC_USDT');
    await openLanguages(page);
    await page.getByRole('link', { name: 'Türkçe' }).click();
    await page.getByRole('link', { name: 'Stay on the global site in Turkish' }).click();
    await expect(page).toHaveURL(/\/tr\/futures\/USDT\/BTC_USDT$/);
    expect((await context.cookies()).find((c) => c.name === 'sub_website_id')).toBeUndefined();
  });

  test('Escape cancels the question and stays put', async ({ page }) => {
    await page.goto('/trade/BTC_USDT');
    await openLanguages(page);
    await page.getByRole('link', { name: 'Türkçe' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/trade\/BTC_USDT$/);
  });
});

test.describe('below 768 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the language menu is a modal with both tabs', async ({ page }) => {
    await page.goto('/trade/BTC_USDT');
    // A click before hydration is the loader's (e2e/ssr.spec.ts); this test is about the modal.
    await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('nav-language').click();
    const dialog = page.getByRole('dialog', { name: 'Language and region' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(16);
    await dialog.getByRole('tab', { name: 'Exchange rate' }).click();
    await expect(dialog.getByRole('button', { name: 'USD', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('nav-language').click();
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/trade\/BTC_USDT$/);
  });
});

test('keyboard: arrow keys move between the tabs', async ({ page }) => {
  await page.goto('/trade/BTC_USDT');
  await page.getByTestId('nav-language').focus();
  await page.keyboard.press('Enter');
  const langTab = page.getByRole('tab', { name: 'Language and region' });
  await langTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Exchange rate' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Exchange rate' })).toHaveAttribute('aria-selected', 'true');
});
