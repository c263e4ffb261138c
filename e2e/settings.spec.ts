/**
 * Display settings end to end (SPEC §2 header elements, §4 preferences, §7 curr_fiat): each setting is changed
 * through its visible control, its effect is checked, and it must survive a reload.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, openPanel, test } from './fixtures.ts';

const TRADE = '/trade/BTC_USDT';

// Every test fails on an uncaught page error (fixtures.ts `pageErrors`).
test.beforeEach(({ pageErrors }) => void pageErrors);

async function openSettings(page: Page) {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByRole('group', { name: 'Display settings' })).toBeVisible();
}

async function closeMenus(page: Page) {
  await page.keyboard.press('Escape');
  await page.mouse.move(700, 800);
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** The BTC/USDT spot row's cell `cls` (the panel must be open). Searching 'btc' ranks the pair first whatever the
 * period's sort, so the row is on screen; a cold list under a loaded CI machine may take a while. */
async function btcCell(page: Page, cls: string) {
  const search = page.getByTestId('market-search');
  if ((await search.inputValue()) !== 'btc') await search.fill('btc');
  const row = page.locator('[data-testid="market-row"][data-symbol="BTC_USDT"]');
  await expect(row).toBeVisible({ timeout: 15_000 });
  return row.locator(`.${cls}`);
}

test.describe('display settings menu', () => {
  test('theme: Dark applies at once, stores theme=2 with the skin flag, and survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto(TRADE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await openSettings(page);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await cookie(context, 'theme'))?.value).toBe('2');
    expect((await cookie(context, 'theme_changed'))?.value).toBe('1');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await openSettings(page);
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await page.getByRole('radio', { name: 'Light' }).check();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('rise colour: red for rise recolours market changes and persists', async ({ page, context }) => {
    await page.goto(TRADE);
    await openSettings(page);
    await page.getByRole('radio', { name: 'Red up / Green down' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-rise', 'risered');
    expect((await cookie(context, 'market_rise_color'))?.value).toBe('risered');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-rise', 'risered');
    await openPanel(page, 'nav-trade', 'menu-spot');
    // In the snapshot TRX rose (+4.97 %) and BTC fell: search each, then check its colour.
    const search = page.getByTestId('market-search');
    await search.fill('TRX');
    const rise = page.locator('[data-symbol="TRX_USDT"] .market-row-change');
    await expect(rise).toHaveClass(/trend-rise/);
    await expect(rise).toHaveCSS('color', 'rgb(210, 47, 55)');
    await search.fill('BTC');
    const fall = page.locator('[data-symbol="BTC_USDT"] .market-row-change');
    await expect(fall).toHaveClass(/trend-fall/);
    await expect(fall).toHaveCSS('color', 'rgb(15, 127, 76)');
  });

  test('change period: UTC 00:00 changes the change column and its heading, and persists', async ({
    page,
    context,
  }) => {
    await page.goto(TRADE);
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(page.locator('.market-columns')).toContainText('24h change');
    const before = await (await btcCell(page, 'market-row-change')).textContent();
    await closeMenus(page);
    await openSettings(page);
    await page.getByRole('radio', { name: 'UTC 00:00', exact: true }).check();
    expect((await cookie(context, 'market_change_period'))?.value).toBe('utc0');
    await closeMenus(page);
    await page.reload();
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(page.locator('.market-columns')).toContainText('Change (UTC 00:00)');
    await expect(await btcCell(page, 'market-row-change')).not.toHaveText(before ?? '');
  });

  test('price change toggle (floatRate): closed hides the change column, stored as 0, survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto(TRADE);
    await openSettings(page);
    const toggle = page.getByRole('switch', { name: 'Price change' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    expect((await cookie(context, 'float_rate'))?.value).toBe('0');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-float-rate', 'closed');
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(await btcCell(page, 'market-row-last')).toBeVisible();
    await expect(await btcCell(page, 'market-row-change')).toBeHidden();
  });
});

test.describe('exchange rate (SPEC §4 fiat selection, §7 curr_fiat)', () => {
  test('choosing EUR sets a secure one-year curr_fiat cookie, reloads, and shows panel prices in euros', async ({
    page,
    context,
  }) => {
    await page.goto(TRADE);
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(await btcCell(page, 'market-row-last')).not.toContainText('€');
    await closeMenus(page);

    await page.getByTestId('nav-language').click();
    await page.getByRole('tab', { name: 'Exchange rate' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'EUR', exact: true }).click(),
    ]);
    const fiat = await cookie(context, 'curr_fiat');
    expect(fiat).toMatchObject({ value: 'EUR', path: '/', secure: true, sameSite: 'Lax' });
    // Max-Age 31536000 s: the expiry is about a year away.
    expect(fiat!.expires - Date.now() / 1000).toBeGreaterThan(31536000 - 120);
    expect((await cookie(context, 'currency_rate'))?.value).toBe('1');

    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(await btcCell(page, 'market-row-last')).toContainText('€');
    await closeMenus(page);
    await page.reload();
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(await btcCell(page, 'market-row-last')).toContainText('€');
  });

  test('a stored EUR choice shows as selected; switching the exchange rate off clears it, and that survives a reload', async ({
    page,
    context,
    baseURL,
  }) => {
    // The cookies the choice above stores (SPEC §7), set directly: this test starts where that one ends.
    await context.addCookies([
      { name: 'curr_fiat', value: 'EUR', url: baseURL! },
      { name: 'currency_rate', value: '1', url: baseURL! },
    ]);
    await page.goto(TRADE);

    // The same choice shows as selected, and the settings switch is on.
    await page.getByTestId('nav-language').click();
    await page.getByRole('tab', { name: 'Exchange rate' }).click();
    await expect(page.getByRole('button', { name: 'EUR', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await closeMenus(page);
    await openSettings(page);
    const toggle = page.getByRole('switch', { name: 'Exchange rate' });
    await expect(toggle).toBeChecked();

    // Turning it off clears the fiat at once (SPEC §4), and that survives a reload too.
    await toggle.uncheck();
    expect(await cookie(context, 'curr_fiat')).toBeUndefined();
    expect((await cookie(context, 'currency_rate'))?.value).toBe('0');
    await closeMenus(page);
    await page.reload();
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(await btcCell(page, 'market-row-last')).not.toContainText('€');
  });

  test('rates come from GET /api/web/v1/site/currFiatMarketRates (fiat per 1 USDT)', async ({ page }) => {
    await page.goto(TRADE);
    const body = await page.evaluate(async () => {
      const token = /(?:^|; )csrf_token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api/web/v1/site/currFiatMarketRates', { headers: { 'X-CSRF-Token': token } });
      return res.json();
    });
    expect(body.code).toBe(200);
    expect(body.data.USD).toBe(1);
    expect(body.data.TRY).toBeGreaterThan(10);
  });
});
