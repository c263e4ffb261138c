// README screenshots of the footer and the side drawer (docs/screenshots/): footer-global.png (1440 px),
// footer-uk.png (a regulated region: UK disclaimers and the promotion notice), drawer-mobile.png (375 px, signed in,
// a section open). With SHOTS_ALL=1 also a review set (375/768/1440 × light/dark × en/ar) in test-results/shots-9.
// Runs only with SHOTS=1:
//   OUT_DIR=dist-9 npx vite build && SHOTS=1 OUT_DIR=dist-9 E2E_PORT=4209 npx playwright test e2e/footer-screenshots.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { openSite, signIn, SITES } from './support/account.ts';
import { afterFrames, animationsDone } from './support/frames.ts';

test.skip(!process.env.SHOTS, 'screenshots only with SHOTS=1');

async function footerShot(page: Page, path: string) {
  // The sticky header would cover the top of an element shot.
  await page.addStyleTag({ content: '.site-header { position: static !important; }' });
  const footer = page.getByTestId('site-footer');
  await footer.scrollIntoViewIfNeeded();
  await afterFrames(page);
  await footer.screenshot({ path });
}

test('footer-global.png and footer-uk.png at 1440 px', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await expect(page.getByTestId('footer-qr')).toBeVisible();
  await expect(page.locator('.footer-popular .footer-link').first()).toBeVisible();
  await footerShot(page, 'docs/screenshots/footer-global.png');
  await openSite(page, SITES.UK);
  await footerShot(page, 'docs/screenshots/footer-uk.png');
});

test('drawer-mobile.png at 375 px (signed in, Trade open)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSite(page, SITES.GLOBAL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'vip');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('nav-drawer').click();
  await page.getByTestId('drawer-section-trade').click();
  await page.getByTestId('side-drawer').evaluate((el) => el.scrollTo(0, 0));
  await animationsDone(page, '[data-testid="side-drawer"]');
  await page.screenshot({ path: 'docs/screenshots/drawer-mobile.png' });
});

const REVIEW = process.env.SHOTS_ALL ? [375, 768, 1440] : [];
for (const width of REVIEW) {
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'ar'] as const) {
      test(`review ${width} ${theme} ${lang}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await openSite(page, SITES.GLOBAL, lang === 'ar' ? '/ar/' : '/');
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        const dir = `test-results/shots-9/${width}-${theme}-${lang}`;
        await page.screenshot({ path: `${dir}-top.png` });
        await footerShot(page, `${dir}-footer.png`);
        if (width < 992) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.getByTestId('nav-drawer').click();
          await page.getByTestId('drawer-section-more').click();
          await animationsDone(page, '[data-testid="side-drawer"]');
          await page.screenshot({ path: `${dir}-drawer.png` });
        }
      });
    }
  }
}
