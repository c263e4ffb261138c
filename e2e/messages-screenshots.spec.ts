// Screenshots of the message dropdown and the announcement bar (docs/screenshots/), 1440 and 375 px, light and dark,
// en and ar. Runs only with SHOTS=1:
//   OUT_DIR=dist-10a npx vite build && SHOTS=1 OUT_DIR=dist-10a E2E_PORT=4210 npx playwright test e2e/messages-screenshots.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { openSite, signIn, SITES } from './support/account.ts';
import { afterFrames, animationsDone } from './support/frames.ts';

test.skip(!process.env.SHOTS, 'screenshots only with SHOTS=1');

async function openMessages(page: Page, tab: 'platform' | 'trade' | 'markets'): Promise<void> {
  await page.getByTestId('nav-messages').hover();
  await expect(page.getByTestId('messages-panel')).toBeVisible();
  await page.getByTestId(`messages-tab-${tab}`).click();
  await expect(page.getByTestId('message-item').first()).toBeVisible();
  // A pointer user sees no focus ring: drop the focus the click left on the tab.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await animationsDone(page, '[data-testid="messages-panel"]');
}

const SHOTS = [
  { name: 'messages', path: '/', theme: 'light', tab: 'trade' },
  { name: 'messages-dark', path: '/', theme: 'dark', tab: 'platform' },
  { name: 'messages-ar', path: '/ar/', theme: 'light', tab: 'markets' },
  { name: 'messages-ar-dark', path: '/ar/', theme: 'dark', tab: 'trade' },
] as const;

for (const shot of SHOTS) {
  test(`${shot.name}.png at 1440 px and 375 px`, async ({ page }) => {
    await openSite(page, SITES.GLOBAL, shot.path);
    await signIn(page, 'vip');
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), shot.theme);
    await openMessages(page, shot.tab);
    await page.screenshot({
      path: `docs/screenshots/${shot.name}.png`,
      clip: { x: 0, y: 0, width: 1440, height: 560 },
    });
    await page.mouse.move(5, 700);
    await page.setViewportSize({ width: 375, height: 700 });
    await afterFrames(page);
    await openMessages(page, shot.tab);
    await page.screenshot({
      path: `docs/screenshots/${shot.name}-375.png`,
      clip: { x: 0, y: 0, width: 375, height: 560 },
    });
  });
}
