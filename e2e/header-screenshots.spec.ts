// Screenshots of the signed-in header (docs/screenshots/), light theme, on the global, US and EU sites at 1440 px
// (personal centre open) and 375 px, plus a dark global one. Runs only with SHOTS=1:
//   OUT_DIR=dist-h3 npx vite build && SHOTS=1 OUT_DIR=dist-h3 E2E_PORT=4301 npx playwright test e2e/header-screenshots.spec.ts
import { test } from '@playwright/test';
import { openMenu, openSite, signIn, SITES } from './support/account.ts';

test.skip(!process.env.SHOTS, 'screenshots only with SHOTS=1');

const SHOTS = [
  { name: 'global', site: SITES.GLOBAL },
  { name: 'us', site: SITES.US },
  { name: 'eu', site: SITES.EU },
] as const;

for (const { name, site } of SHOTS) {
  test(`header-${name}.png at 1440 px and 375 px`, async ({ page }) => {
    await openSite(page, site);
    await signIn(page, 'vip');
    await openMenu(page, 'nav-profile');
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `docs/screenshots/header-${name}.png`,
      clip: { x: 0, y: 0, width: 1440, height: 600 },
    });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.keyboard.press('Escape');
    await page.mouse.move(200, 650);
    await page.waitForTimeout(400);
    await page.screenshot({
      path: `docs/screenshots/header-${name}-375.png`,
      clip: { x: 0, y: 0, width: 375, height: 160 },
    });
  });
}

test('header-global-dark.png', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await signIn(page, 'vip');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await openMenu(page, 'nav-assets');
  await page.waitForTimeout(300);
  await page.screenshot({
    path: 'docs/screenshots/header-global-dark.png',
    clip: { x: 0, y: 0, width: 1440, height: 520 },
  });
});
