// Visual regression of the signed-in header (SPEC §2 'Header elements', §6 per-site items, §9 breakpoints 1440 and
// 375): the global, US and EU sites at 1440 px with the personal centre open and at 375 px, and the global site in
// dark with the wallet menu open, each compared with its committed baseline (`toHaveScreenshot`, in
// e2e/header-screenshots.spec.ts-snapshots/, one per project and platform).
//
// Deterministic by construction: a still market (playwright.config.ts runs the server with TICKS_PER_S=0), fixed
// personas, the fonts pinned to Noto Sans (Debian's fonts-noto-core, which scripts/ensure-chromium.sh installs with
// chromium; the test fails with a clear message when it is missing), animations and the caret off (Playwright's
// `animations: 'disabled'`, `caret: 'hide'`), and the pointer parked where it opened the menu.
//
// After an intended visual change, update the baselines and commit them:
//   npm run e2e:update-screenshots
// (= a build, then `npx playwright test e2e/header-screenshots.spec.ts --update-snapshots`). With SHOTS=1 the same
// tests also write the README's images to docs/screenshots/.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openMenu, openSite, signIn, SITES } from './support/account.ts';
import { animationsDone } from './support/frames.ts';

/** Share of pixels that may differ from the baseline (anti-aliasing of another chromium build), 0–1. */
const MAX_DIFF_PIXEL_RATIO = 0.005;

const SHOTS = [
  { name: 'global', site: SITES.GLOBAL },
  { name: 'us', site: SITES.US },
  { name: 'eu', site: SITES.EU },
] as const;

/**
 * The one font stack of the screenshots: the page's own stack without its machine-dependent heads (Inter,
 * system-ui); the monospace figures use Noto Sans too (no monospace font is installed everywhere the suite runs).
 */
const PINNED_FONTS = `:root {
  --font: 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans Arabic', sans-serif;
  --mono: 'Noto Sans', sans-serif;
}`;

/** Pins the fonts and waits until they are loaded; fails when Noto Sans is not installed. */
async function pinFonts(page: Page): Promise<void> {
  await page.addStyleTag({ content: PINNED_FONTS });
  const ok = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans"');
  });
  expect(ok, "Noto Sans is missing: install Debian's fonts-noto-core (scripts/ensure-chromium.sh)").toBe(
    true,
  );
}

/** Compares `clip` of the page with baseline `name` and, with SHOTS=1, writes it to docs/screenshots/ too. */
async function compare(
  page: Page,
  name: string,
  clip: { x: number; y: number; width: number; height: number },
): Promise<void> {
  await expect(page).toHaveScreenshot(`${name}.png`, {
    clip,
    maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
    animations: 'disabled',
    caret: 'hide',
  });
  if (process.env.SHOTS) await page.screenshot({ path: `docs/screenshots/${name}.png`, clip });
}

for (const { name, site } of SHOTS) {
  test(`header-${name}: 1440 px with the personal centre open, and 375 px, match their baselines`, async ({
    page,
  }) => {
    await openSite(page, site);
    await signIn(page, 'vip');
    await pinFonts(page);
    await openMenu(page, 'nav-profile');
    await animationsDone(page, '.popover');
    await compare(page, `header-${name}`, { x: 0, y: 0, width: 1440, height: 600 });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.keyboard.press('Escape');
    await page.mouse.move(200, 650);
    // No wait on animations here: the phone's announcement marquee runs forever (toHaveScreenshot stops it).
    await expect(page.getByTestId('nav-profile')).toHaveAttribute('data-state', 'closed');
    await compare(page, `header-${name}-375`, { x: 0, y: 0, width: 375, height: 160 });
  });
}

test('header-global-dark: 1440 px with the wallet menu open matches its baseline', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await signIn(page, 'vip');
  await pinFonts(page);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await openMenu(page, 'nav-assets');
  await animationsDone(page, '.popover');
  await compare(page, 'header-global-dark', { x: 0, y: 0, width: 1440, height: 520 });
});
