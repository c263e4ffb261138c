// Accessibility (axe) with each account menu and dialog open: no serious or critical violations.
import { expect, test, type Page } from '@playwright/test';
import { closeMenus, openMenu, openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';

const VISITOR_MENUS = ['nav-trade', 'nav-futures', 'nav-buy', 'nav-earn', 'nav-more', 'nav-rewards'];
const ACCOUNT_MENUS = ['nav-assets', 'nav-orders', 'nav-profile'];

/**
 * axe on the whole page once, then on the header with each menu open in turn (the open menu's content is portalled
 * out of the header, so it is scanned by its own id): one page load for a persona's menus instead of one per menu.
 */
async function menusClean(page: Page, ids: readonly string[]): Promise<void> {
  // About 2 s a menu on a quiet machine (open, load its chunk, scan): the default 30 s is for one state.
  test.setTimeout(30_000 + ids.length * 10_000);
  expect(await seriousViolations(page), 'whole page, menus closed').toEqual([]);
  for (const id of ids) {
    await openMenu(page, id);
    const contentId = await page.getByTestId(id).getAttribute('aria-controls');
    const scope = ['header.site-header', ...(contentId ? [`[id="${contentId}"]`] : [])];
    expect.soft(await seriousViolations(page, scope), `${id} open`).toEqual([]);
    await closeMenus(page);
  }
}

test(`axe: the visitor's page, then ${VISITOR_MENUS.join(', ')} open`, async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await menusClean(page, VISITOR_MENUS);
});

test(`axe: a signed-in page, then ${ACCOUNT_MENUS.join(', ')} open`, async ({ page }) => {
  await useSession(page, 'unverified');
  await openSite(page, SITES.GLOBAL);
  await menusClean(page, ACCOUNT_MENUS);
});

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
