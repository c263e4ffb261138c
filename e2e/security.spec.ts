/**
 * The security headers in the browser (docs/SECURITY.md 'V3.4'): the app runs under its strict Content-Security-Policy
 * with zero violations in every state opened here (market panels, settings, language and region, personal centre
 * signed in), the headers are on the page answer, and a cross-origin page cannot frame it.
 */
import type { Page } from '@playwright/test';
import { expect, openPanel, test } from './fixtures.ts';
import { openMenu, openSite, SITES, useSession } from './support/account.ts';

test.beforeEach(({ pageErrors }) => void pageErrors);

/** Collects `securitypolicyviolation` events (document) and CSP console errors (page and worker). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

test('every header state runs with zero CSP violations', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/trade/BTC_USDT');
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');

  // Market panels: spot, then futures (worker fetches, icons, tabs).
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  await page.mouse.move(5, 600);
  await openPanel(page, 'nav-futures', 'menu-futures-usdt');
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 600);

  // Display settings, then the language and region menu with both tabs.
  await page.getByTestId('nav-settings').click();
  await expect(page.locator('.settings-popover')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-language').click();
  await expect(page.locator('.lang-popover')).toBeVisible();
  await page.getByRole('tab', { name: 'Exchange rate' }).click();
  await expect(page.getByRole('button', { name: 'EUR', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await violations()).toEqual([]);
});

test('language modal (mobile) and the personal centre signed in: zero CSP violations', async ({ page }) => {
  const violations = await watchCsp(page);
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('logout-device')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  // The server-rendered header: a click before hydration has no handler to reach (wait as a trader's page would).
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await page.getByTestId('nav-language').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the page answer carries the security headers', async ({ page }) => {
  const res = await page.goto('/');
  const h = res!.headers();
  const csp = h['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "connect-src 'self'",
    "worker-src 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options']).toBe('DENY');
  // Plain http: no HSTS (it would pin https on a host that has none).
  expect(h['strict-transport-security']).toBeUndefined();
});

test('the market worker script carries the CSP; page scripts carry only nosniff and CORP', async ({
  page,
}) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || /\.js(\?|$)/.test(res.url()))
      scripts.push({ url: res.url(), headers: res.headers() });
  });
  await page.goto('/trade/BTC_USDT');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  const worker = scripts.find((s) => /\.worker-[\w-]+\.js$/.test(new URL(s.url).pathname));
  expect(worker, 'the built worker keeps the name the server recognises').toBeDefined();
  expect(worker!.headers['content-security-policy']).toContain("connect-src 'self'");
  const pageScripts = scripts.filter((s) => s !== worker && new URL(s.url).pathname.startsWith('/assets/'));
  expect(pageScripts.length).toBeGreaterThan(1);
  for (const s of pageScripts) {
    expect(s.headers['x-content-type-options'], s.url).toBe('nosniff');
    expect(s.headers['cross-origin-resource-policy'], s.url).toBe('same-origin');
    expect(s.headers['content-security-policy'], s.url).toBeUndefined();
  }
});

test('a cross-origin page cannot frame the app', async ({ page, baseURL }) => {
  await page.route('http://framer.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>framer</title><iframe id="f" src="${baseURL}/" width="800" height="600"></iframe>`,
    }),
  );
  await page.goto('http://framer.test/', { waitUntil: 'load' });
  const child = page.frames().find((f) => f !== page.mainFrame());
  expect(child).toBeDefined();
  // Refused by frame-ancestors: Chromium swaps the frame for its error page instead of the app.
  await expect.poll(() => child!.url()).toMatch(/^chrome-error:/);
  expect(await child!.locator('header.site-header').count()).toBe(0);
});
