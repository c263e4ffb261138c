// Screenshots of the open spot market panel (README): node scripts/screenshot-panel.mjs BASE_URL OUT_DIR
import { chromium } from '@playwright/test';
const [base = 'http://127.0.0.1:5173', out = 'docs/screenshots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, width, theme] of [
  ['spot-panel', 1440, 'light'],
  ['spot-panel-dark', 1440, 'dark'],
  ['spot-panel-1024-dark', 1024, 'dark'],
]) {
  const context = await browser.newContext({ viewport: { width, height: 820 } });
  await context.addCookies([
    { name: 'theme', value: theme === 'dark' ? '2' : '0', url: base },
    { name: 'theme_changed', value: '1', url: base },
  ]);
  const page = await context.newPage();
  await page.goto(base + '/');
  // The server-rendered header hydrates after the first paint: hover and click once it is interactive.
  await page.locator('header.site-header[data-ready="true"]').waitFor();
  // Below 768 px the top menus live in the side drawer (docs/screenshots/drawer-mobile.png), so widths start at 1024.
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-spot').hover();
  await page.getByTestId('market-row').first().waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png` });
  await context.close();
}
await browser.close();
