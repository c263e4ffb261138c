// Side drawer (SPEC §2 'Header elements', §4, §6): below 992 px the top navigation and account menus collapse into
// `nav-drawer`; the drawer opens, shows its sections one at a time, closes on Escape and on the backdrop, returns
// focus, slides from the left in Arabic, and passes axe; at 375 and 768 px (1440 keeps the top nav), light and dark.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { animationsDone } from './support/frames.ts';

/** axe inside the drawer. */
const serious = (page: Page) => seriousViolations(page, ['[data-testid="side-drawer"]']);

// Each width once and each theme once (375 light, 768 dark): the theme decides contrast, the width the layout; the
// drawer's own markup is the same at both widths.
test('drawer at 375 px light and 768 px dark: open, one section at a time, Escape, backdrop, focus return', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  for (const [width, theme] of [
    [375, 'light'],
    [768, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await expect(page.getByTestId('nav-trade')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const trigger = page.getByTestId('nav-drawer');
    await trigger.click();
    const drawer = page.getByTestId('side-drawer');
    await expect(drawer).toBeVisible();
    const trade = drawer.getByTestId('drawer-section-trade');
    const more = drawer.getByTestId('drawer-section-more');
    await trade.click();
    await expect(trade).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByTestId('menu-spot')).toHaveAttribute('href', '/trade/BTC_USDT');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(trade).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.getByTestId('menu-spot')).toHaveCount(0);
    expect(await serious(page), `${width} ${theme}`).toEqual([]);
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(trigger).toBeFocused();
    // Backdrop click closes it too.
    await trigger.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(drawer).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect(page.getByTestId('nav-drawer')).toBeHidden();
  await expect(page.getByTestId('nav-trade')).toBeVisible();
});

test('signed in at 375 px: profile summary, wallet and orders sections, both logouts (SPEC §2, §6)', async ({
  page,
}) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('nav-profile')).toBeHidden();
  await page.getByTestId('nav-drawer').click();
  const drawer = page.getByTestId('side-drawer');
  await expect(drawer.getByTestId('profile-nickname')).toHaveText('Satoshi V.');
  await expect(drawer.getByTestId('profile-uid')).toHaveText('10086001');
  await expect(drawer.getByTestId('copy-uid')).toBeVisible();
  await expect(drawer.getByTestId('vip-card')).toContainText('3');
  await drawer.getByTestId('drawer-section-wallet').click();
  await expect(drawer.getByTestId('menu-funds-spot')).toBeVisible();
  await drawer.getByTestId('drawer-section-orders').click();
  await expect(drawer.getByTestId('menu-orders-spot')).toBeVisible();
  await expect(drawer.getByTestId('menu-funds-spot')).toHaveCount(0);
  await expect(drawer.getByTestId('drawer-logout-device')).toBeVisible();
  await expect(drawer.getByTestId('drawer-logout-all')).toBeVisible();
  await expect(drawer.getByTestId('btn-login')).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
});

test('anonymous on the US site: log in / sign up, no Derivatives (same policy as the header)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await openSite(page, SITES.US);
  await page.getByTestId('nav-drawer').click();
  const drawer = page.getByTestId('side-drawer');
  await expect(drawer.getByTestId('btn-login')).toBeVisible();
  await expect(drawer.getByTestId('btn-signup')).toBeVisible();
  await expect(drawer.getByTestId('drawer-section-trade')).toBeVisible();
  await expect(drawer.getByTestId('drawer-section-futures')).toHaveCount(0);
  await expect(drawer.locator('[data-section="download"]')).toHaveCount(0);
});

test('Arabic: the drawer comes from the left (inline end in RTL)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSite(page, SITES.GLOBAL, '/ar/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByTestId('nav-drawer').click();
  const drawer = page.getByTestId('side-drawer');
  await expect(drawer).toBeVisible();
  await animationsDone(page, '[data-testid="side-drawer"]');
  const box = (await drawer.boundingBox())!;
  expect(Math.round(box.x)).toBe(0);
  expect(await serious(page)).toEqual([]);
});
