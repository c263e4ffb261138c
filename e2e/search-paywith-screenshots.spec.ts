// Screenshots of the search modal (results from several lists, the first starred) and the pay-with picker for the README
// (docs/screenshots/search*.png, paywith*.png): 1440 and 375 px, light and dark, en and ar. Runs only with SHOTS=1:
//   OUT_DIR=dist-10b npx vite build && SHOTS=1 OUT_DIR=dist-10b E2E_PORT=4211 npx playwright test e2e/search-paywith-screenshots.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { openMenu, openSite, SITES } from './support/account.ts';
import { animationsDone } from './support/frames.ts';

test.skip(!process.env.SHOTS, 'screenshots only with SHOTS=1');

const VARIANTS = [
  { suffix: '', lang: '', theme: 'light' },
  { suffix: '-dark', lang: '', theme: 'dark' },
  { suffix: '-ar', lang: '/ar', theme: 'light' },
  { suffix: '-ar-dark', lang: '/ar', theme: 'dark' },
] as const;

async function prepare(page: Page, lang: string, theme: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 780 });
  await openSite(page, SITES.GLOBAL, `${lang}/`);
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
}

for (const v of VARIANTS) {
  for (const width of [1440, 375]) {
    const tail = `${v.suffix}${width === 375 ? '-375' : ''}`;
    test(`search${tail}.png`, async ({ page }) => {
      await prepare(page, v.lang, v.theme, width);
      await page.getByTestId('nav-search').click();
      // 'sol' matches spot pairs, futures contracts and pilot tokens.
      await page.getByTestId('search-input').fill('sol');
      await expect(page.locator('[data-testid="search-result"][data-kind="pilot"]').first()).toBeVisible();
      // A starred result (SPEC §4 favourites) beside unstarred ones.
      const star = page.getByTestId('search-list').getByTestId('favourite-toggle').first();
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await animationsDone(page, '[role="dialog"]');
      await page.screenshot({ path: `docs/screenshots/search${tail}.png` });
    });
    if (width === 1440)
      test(`paywith${tail}.png`, async ({ page }) => {
        await prepare(page, v.lang, v.theme, width);
        await openMenu(page, 'nav-buy');
        await page.getByTestId('paywith-trigger').click();
        await expect(page.getByTestId('paywith-panel')).toHaveAttribute('data-status', 'ready');
        await animationsDone(page, '[data-testid="paywith-panel"]');
        await page.screenshot({
          path: `docs/screenshots/paywith${tail}.png`,
          clip: { x: 0, y: 0, width, height: 620 },
        });
      });
  }
}
