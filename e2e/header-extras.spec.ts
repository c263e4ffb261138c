// Header extras (src/extras, SPEC §1, §2 'External', §6, §7): demo badge on the testnet, futures-demo, live and
// Telegram links on the main site, the chat-room window, the switch-account module loaded only when signed in on
// the main site, and the CDN check reporting 'cdn access error' when the UI-library file fails; faults leave the
// header working; axe with the switch-account dialog open — 1440 and 375 px, light and dark, en and ar.
import { expect, injectFaults, test } from './fixtures.ts';
import { openSite, signIn, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { displayStates, stateName } from './support/display-states.ts';
import { afterFrames } from './support/frames.ts';

const CDN_FILE = '/cdn/ui-lib/v1/ui-lib.js';
const REPORT = '/api/web/v1/site/error_report';
const ACCOUNTS = '/api/web/v1/usercenter/switch_accounts';

test('main site: futures-demo, live and Telegram links; no demo badge; testnet: demo badge only', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await expect(page.getByTestId('nav-futures-demo')).toHaveAttribute(
    'href',
    'https://testnet.exchange.example/futures/USDT/BTC_USDT',
  );
  await expect(page.getByTestId('nav-live')).toHaveAttribute('href', '/live');
  await expect(page.getByTestId('nav-telegram')).toHaveAttribute(
    'href',
    'https://t.me/exchange_example_bot/app',
  );
  await expect(page.getByTestId('nav-telegram')).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByTestId('demo-trade-badge')).toHaveCount(0);
  await openSite(page, SITES.TESTNET);
  await expect(page.getByTestId('demo-trade-badge')).toBeVisible();
  for (const id of ['nav-futures-demo', 'nav-live', 'nav-telegram'])
    await expect(page.getByTestId(id)).toHaveCount(0);
});

test('chat room opens /groupchat/service?platform=web in a sized window (signed in only)', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await expect(page.getByTestId('nav-chat')).toHaveCount(0);
  await signIn(page, 'vip');
  await page.evaluate(() => {
    (window as unknown as { __opened: string[] }).__opened = [];
    window.open = ((url: string, name: string, features: string) => {
      (window as unknown as { __opened: string[] }).__opened.push(`${url}|${name}|${features}`);
      return null;
    }) as typeof window.open;
  });
  await page.getByTestId('nav-chat').click();
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatch(
    /^\/groupchat\/service\?platform=web\|chatroom\|popup,noopener,noreferrer,width=420,height=640/,
  );
  expect(page.url()).not.toContain('groupchat');
});

test('switch account: module loads only when signed in on the main site; the dialog lists the accounts', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/SwitchAccount-/.test(r.url())) chunks.push(r.url());
  });
  await openSite(page, SITES.GLOBAL);
  await expect(page.getByTestId('nav-search')).toBeVisible();
  expect(chunks).toEqual([]);
  await signIn(page, 'vip');
  await page.getByTestId('nav-switch-account').click();
  const dialog = page.getByTestId('switch-account-dialog');
  await expect(dialog.getByTestId('switch-account-item')).toHaveCount(3);
  await expect(dialog.locator('[aria-current="true"]')).toHaveAttribute('data-uid', '10086001');
  expect(chunks.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('nav-switch-account')).toBeFocused();

  // A sub-account on the main site: the script loads, but the button hides (SPEC §1) unless is_switch_tag is set.
  await signIn(page, 'sub');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('nav-switch-account')).toHaveCount(0);
  await page.context().addCookies([{ name: 'is_switch_tag', value: '1', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('nav-switch-account')).toBeVisible();
});

test('switch account: a click before the list chunk arrives opens the dialog, loading, then the list', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  // The list's chunk held back: the server-rendered button must work with the header's hydration alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/SwitchAccount-/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, 'vip');
  await page.getByTestId('nav-switch-account').click();
  const dialog = page.getByTestId('switch-account-dialog');
  await expect(dialog.getByTestId('chunk-loading')).toBeVisible();
  release();
  await expect(dialog.getByTestId('switch-account-item')).toHaveCount(3);
  await expect(dialog.getByTestId('chunk-loading')).toHaveCount(0);
});

test('switch account on a regional site: the module never loads', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/SwitchAccount-/.test(r.url())) chunks.push(r.url());
  });
  await useSession(page, 'vip');
  await openSite(page, SITES.UK);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('nav-switch-account')).toHaveCount(0);
  expect(chunks).toEqual([]);
});

for (const kind of ['500', 'malformed', 'slow:4500'] as const) {
  test(`switch-account list fault ${kind}: 'no other accounts', header working`, async ({
    page,
    context,
    baseURL,
  }) => {
    await injectFaults(context, baseURL!, { [ACCOUNTS]: kind });
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL);
    await page.getByTestId('nav-switch-account').click();
    await expect(page.getByTestId('switch-account-dialog')).toContainText('No other accounts', {
      timeout: 10_000,
    });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-trade')).toBeVisible();
  });
}

test("CDN check: 5 s after load a failing UI-library file is reported as 'cdn access error'", async ({
  page,
}) => {
  test.setTimeout(40_000);
  const reports: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(REPORT)) reports.push(r.postDataJSON());
  });
  await page.route(`**${CDN_FILE}`, (route) => route.fulfill({ status: 503, body: 'down' }));
  const started = Date.now();
  await openSite(page, SITES.GLOBAL);
  await expect.poll(() => reports.length, { timeout: 15_000 }).toBe(1);
  expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  expect(reports[0]).toMatchObject({ message: 'cdn access error', source: 'cdn-check', url: CDN_FILE });
  await expect(page.getByTestId('nav-trade')).toBeVisible();
});

test('CDN check: a working CDN reports nothing', async ({ page }) => {
  test.setTimeout(40_000);
  let fetched = 0;
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(CDN_FILE)) fetched++;
    if (r.url().endsWith(REPORT)) reports.push(r.url());
  });
  const answered = page.waitForEvent('requestfinished', {
    predicate: (r) => r.url().endsWith(CDN_FILE),
    timeout: 15_000,
  });
  await openSite(page, SITES.GLOBAL);
  await answered;
  expect(fetched).toBe(1);
  // A failed check reports in the task that reads that answer: some frames and a task later it would be sent.
  await afterFrames(page, 3);
  expect(reports).toEqual([]);
});

for (const state of displayStates()) {
  test(`${stateName(state)}: no sideways scroll; axe with the switch dialog open (the header below 768 px)`, async ({
    page,
  }) => {
    await useSession(page, 'vip');
    await page.setViewportSize({ width: state.width, height: 900 });
    await openSite(page, SITES.GLOBAL, `${state.prefix}/`);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), state.theme);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(state.width);
    if (state.width >= 768) {
      await page.getByTestId('nav-switch-account').click();
      await expect(page.getByTestId('switch-account-item')).toHaveCount(3);
      expect(await seriousViolations(page, ['[role="dialog"]']), stateName(state)).toEqual([]);
    } else {
      // Below 768 px the switch button folds away (hide-sm); the signed-in header itself must still pass axe.
      await expect(page.getByTestId('nav-switch-account')).toBeHidden();
      expect(await seriousViolations(page, ['header.site-header']), stateName(state)).toEqual([]);
    }
  });
}

test('strict CSP: search modal, pay-with picker, switch dialog and the CDN check run with zero violations', async ({
  page,
}) => {
  test.setTimeout(40_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
  let cdnFetched = false;
  page.on('requestfinished', (r) => {
    if (r.url().endsWith(CDN_FILE)) cdnFetched = true;
  });
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-input').fill('pippin');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-buy').hover();
  await page.getByTestId('paywith-trigger').click();
  await expect(page.getByTestId('paywith-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 800);
  await page.getByTestId('nav-switch-account').click();
  await expect(page.getByTestId('switch-account-item').first()).toBeVisible();
  await expect.poll(() => cdnFetched, { timeout: 15_000 }).toBe(true);
  const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...consoleErrors, ...seen]).toEqual([]);
});
