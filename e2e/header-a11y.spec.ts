// Accessibility (axe) with each account menu and dialog open: no serious or critical violations.
import { expect, test } from '@playwright/test';
import { openMenu, openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';

const VISITOR_MENUS = ['nav-trade', 'nav-futures', 'nav-buy', 'nav-earn', 'nav-more', 'nav-rewards'];
const ACCOUNT_MENUS = ['nav-assets', 'nav-orders', 'nav-profile'];

for (const id of VISITOR_MENUS) {
  test(`axe: ${id} open`, async ({ page }) => {
    await openSite(page, SITES.GLOBAL);
    await openMenu(page, id);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const id of ACCOUNT_MENUS) {
  test(`axe: ${id} open (signed in)`, async ({ page }) => {
    await useSession(page, 'unverified');
    await openSite(page, SITES.GLOBAL);
    await openMenu(page, id);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: search dialog and fund-wallet drawer open, dark theme too', async ({ page }) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  // The modal itself (its chunk loads on the click), not the interim frame.
  await expect(page.getByRole('combobox')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await page.getByTestId('btn-deposit').click();
  await expect(page.getByTestId('fund-drawer')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: demo login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('[data-persona]')).toHaveCount(8);
  expect(await seriousViolations(page)).toEqual([]);
});
