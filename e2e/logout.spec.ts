// Logout end to end (SPEC §4, §7, §8): this device (POST, form-encoded) and all devices (GET logoutAll), the
// 'Logging out' indicator, cookie cleanup and the redirect to {lang_prefix}/login; a failing logout still cleans up.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openMenu, openSite, signIn, SITES } from './support/account.ts';

async function sessionCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((n) => n === 'pver' || n === 'sign');
}

async function loginWithPage(page: Page, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/login?sub_website_id=0`);
  await page.locator('[data-persona="vip"]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await expect(page.getByTestId('nav-profile')).toBeVisible();
}

test('log out of this device: indicator, POST form, cookies cleared, back to /login', async ({
  page,
  context,
}) => {
  await loginWithPage(page);
  expect((await sessionCookies(context)).sort()).toEqual(['pver', 'sign']);
  // Hold the call until the indicator has been seen: the page leaves for /login as soon as it answers, so a
  // sample taken after a fixed delay could miss it on a fast or a loaded machine.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/web/v1/usercenter/logout', async (route) => {
    await held;
    await route.continue();
  });
  const request = page.waitForRequest((r) => r.url().endsWith('/api/web/v1/usercenter/logout'));
  await openMenu(page, 'nav-profile');
  await page.getByTestId('logout-device').click();
  await expect(page.getByTestId('logging-out')).toHaveText('Logging out');
  release();
  const req = await request;
  expect(req.method()).toBe('POST');
  expect(req.headers()['content-type']).toContain('application/x-www-form-urlencoded');
  expect(req.headers()['x-csrf-token']).toBeTruthy();
  await page.waitForURL((u) => u.pathname === '/login');
  expect(await sessionCookies(context)).toEqual([]);
  await expect(page.getByTestId('btn-login')).toBeVisible();
  await expect(page.locator('[data-persona="vip"]')).toBeVisible();
});

test('logout keeps the language prefix: /zh → /zh/login', async ({ page }) => {
  await loginWithPage(page, '/zh');
  await openMenu(page, 'nav-profile');
  await page.getByTestId('logout-device').click();
  await page.waitForURL((u) => u.pathname === '/zh/login');
});

test('log out of all devices ends the other device too', async ({ browser, baseURL }) => {
  const account = `all-${Date.now()}-${Math.random()}`;
  const a = await browser.newContext({ baseURL });
  const b = await browser.newContext({ baseURL });
  const pa = await a.newPage();
  const pb = await b.newPage();
  for (const p of [pa, pb]) {
    await openSite(p, SITES.GLOBAL);
    await signIn(p, 'vip', account);
  }
  const request = pa.waitForRequest((r) => r.url().endsWith('/api/web/v1/usercenter/logoutAll'));
  await openMenu(pa, 'nav-profile');
  await pa.getByTestId('logout-all').click();
  expect((await request).method()).toBe('GET');
  await pa.waitForURL((u) => u.pathname === '/login');
  await pb.reload();
  await expect(pb.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(pb.getByTestId('btn-login')).toBeVisible();
  await expect(pb.getByTestId('nav-profile')).toHaveCount(0);
  await a.close();
  await b.close();
});

test('a failing logout is only logged; cleanup still happens (SPEC §8)', async ({
  page,
  context,
  baseURL,
}) => {
  await loginWithPage(page);
  await context.addCookies([
    { name: 'mh_faults', value: encodeURIComponent('/api/web/v1/usercenter/logout=500'), url: baseURL! },
  ]);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await openMenu(page, 'nav-profile');
  await page.getByTestId('logout-device').click();
  await page.waitForURL((u) => u.pathname === '/login');
  expect(await sessionCookies(context)).toEqual([]);
  expect(warnings.some((w) => w.includes('logout'))).toBe(true);
  await expect(page.getByTestId('btn-login')).toBeVisible();
});
