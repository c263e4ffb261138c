/**
 * axe on the display settings menu, the language and region menu (both tabs), the mobile modal and the Turkish
 * confirmation, in light, dark and Arabic: no serious or critical violations.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations as axeSerious } from './support/axe.ts';

test.beforeEach(({ pageErrors }) => void pageErrors);
// axe over a full popover takes seconds; on a loaded 2-core machine several scans exceed the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** axe inside `selector`. */
const seriousViolations = (page: Page, selector: string) => axeSerious(page, [selector]);

/**
 * Waits for the language panel (a chunk loaded on the trigger's first intent: a loading line holds its place until
 * then) and for the opening fade to end: axe measures contrast on the colours it sees, and mid-fade they are blended
 * with the backdrop.
 */
async function panelSettled(page: Page, selector: string) {
  await expect(page.locator(`${selector} [role="tab"]`).first()).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function setTheme(page: Page, dark: boolean) {
  await page.context().addCookies([
    { name: 'theme', value: dark ? '2' : '0', url: page.url() },
    { name: 'theme_changed', value: '1', url: page.url() },
  ]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
  // The menus are opened once the header is hydrated (a click before it is the page loader's test, early-input).
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
}

const CASES = [
  { name: 'light', path: '/trade/BTC_USDT', dark: false, rateTab: 'Exchange rate' },
  { name: 'dark', path: '/trade/BTC_USDT', dark: true, rateTab: 'Exchange rate' },
  { name: 'Arabic', path: '/ar/trade/BTC_USDT', dark: false, rateTab: 'سعر الصرف' },
  { name: 'Arabic dark', path: '/ar/trade/BTC_USDT', dark: true, rateTab: 'سعر الصرف' },
];

/**
 * The desktop menus take two of the four cases and the phone's modal the other two: every theme × language pair is
 * seen once, and each width with each theme and each language (the covering array of support/display-states.ts).
 */
const DESKTOP_CASES = CASES.filter((c) => c.name === 'dark' || c.name === 'Arabic');
const PHONE_CASES = CASES.filter((c) => c.name === 'light' || c.name === 'Arabic dark');

for (const c of DESKTOP_CASES) {
  test(`${c.name}: settings menu and language menu have no serious axe violations`, async ({ page }) => {
    await page.goto(c.path);
    await setTheme(page, c.dark);

    await page.getByTestId('nav-settings').click();
    await expect(page.locator('.settings-popover')).toBeVisible();
    expect(await seriousViolations(page, '.settings-popover')).toEqual([]);
    expect(await seriousViolations(page, '.site-header')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('nav-language').click();
    await expect(page.locator('.lang-popover')).toBeVisible();
    await panelSettled(page, '.lang-popover');
    expect(await seriousViolations(page, '.lang-popover')).toEqual([]);
    await page.getByRole('tab', { name: c.rateTab }).click();
    await expect(page.getByRole('button', { name: 'EUR', exact: true })).toBeVisible();
    expect(await seriousViolations(page, '.lang-popover')).toEqual([]);
  });
}

test('Turkish confirmation dialog has no serious axe violations', async ({ page }) => {
  await page.goto('/trade/BTC_USDT');
  await page.getByTestId('nav-language').click();
  await page.getByRole('link', { name: 'Türkçe' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test.describe('mobile modal', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const c of PHONE_CASES) {
    test(`${c.name}: language modal has no serious axe violations`, async ({ page }) => {
      await page.goto(c.path);
      await setTheme(page, c.dark);
      await page.getByTestId('nav-language').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await panelSettled(page, '[role="dialog"]');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });
  }
});
