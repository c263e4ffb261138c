// The message centre (SPEC §2 'Messages dropdown', §4 loads once on first hover, §6 signed in only, §8, §9 sizes):
// tabs, one request per tab, resolved links, keyboard, faults and axe, at 1440 and 375 px, light and dark, en and ar.
import type { Page, Request } from '@playwright/test';
import { NOTICE_TAB_TYPES } from '../common/domain/notice-types.ts';
import { MESSAGES_API } from '../common/wire/endpoints.ts';
import { expect, injectFaults, test } from './fixtures.ts';
import { openSite, signIn, SITES, useSession } from './support/account.ts';
import { seriousViolations as axeSerious } from './support/axe.ts';

/** Records the notice calls of `page`; returns the live list. */
function noticeCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === MESSAGES_API.noticeRecord) calls.push(r);
  });
  return calls;
}

async function openBell(page: Page): Promise<void> {
  await page.getByTestId('nav-messages').hover();
  await expect(page.getByTestId('messages-panel')).toBeVisible();
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/** Axe over the header and the dropdown (the page body and footer have their own checks). */
const seriousViolations = (page: Page) => axeSerious(page, ['header.site-header', '.messages-popover']);

for (const { locale, prefix } of [
  { locale: 'en', prefix: '' },
  { locale: 'ar', prefix: '/ar' },
]) {
  test(`${locale}: three tabs load once each, 10 items at most, links under the language prefix`, async ({
    page,
  }) => {
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL, `${prefix}/`);
    const calls = noticeCalls(page);
    await openBell(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    await expect(page.getByTestId('messages-tab-platform')).toHaveAttribute('aria-selected', 'true');
    const items = page.getByTestId('message-item');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThanOrEqual(10);
    expect(calls).toHaveLength(1);
    const query = new URL(calls[0]!.url()).searchParams;
    expect(query.get('type')).toBe(NOTICE_TAB_TYPES.platform.join(','));
    expect([query.get('page'), query.get('size')]).toEqual(['1', '10']);

    await page.getByTestId('messages-tab-trade').click();
    await expect(page.locator('[data-testid="message-item"][data-type="future"]').first()).toBeVisible();
    await expect(page.locator('[data-type="future"]').first()).toHaveAttribute(
      'href',
      new RegExp(`^${prefix}/futures/USDT/[A-Z0-9]+_USDT$`),
    );
    await page.getByTestId('messages-tab-markets').click();
    await expect(page.locator('[data-type="market"]').first()).toHaveAttribute(
      'href',
      new RegExp(`^${prefix}/trade/[A-Z0-9]+_USDT$`),
    );
    await page.getByTestId('messages-tab-platform').click();
    // Leave, come back: every tab was asked exactly once (SPEC §4).
    await page.mouse.move(5, 600);
    await expect(page.getByTestId('messages-panel')).toBeHidden();
    await openBell(page);
    await page.getByTestId('messages-tab-trade').click();
    expect(calls.map((c) => new URL(c.url()).searchParams.get('type'))).toEqual([
      NOTICE_TAB_TYPES.platform.join(','),
      NOTICE_TAB_TYPES.trade.join(','),
      NOTICE_TAB_TYPES.markets.join(','),
    ]);

    for (const href of await items.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))) {
      expect(href.startsWith(`${prefix}/`) || href.startsWith('https://')).toBe(true);
    }
    await expect(page.getByTestId('messages-all')).toHaveAttribute('href', `${prefix}/reminder`);
    await expect(page.getByTestId('messages-settings')).toHaveAttribute('href', `${prefix}/reminder/config`);
    // Preview text is plain text and times are relative (Intl.RelativeTimeFormat in the page's locale).
    await expect(items.first().locator('.message-time')).not.toBeEmpty();
  });
}

test('sizes (SPEC §9), viewports 1440 and 375, light and dark: panel inside the viewport, no sideways scroll', async ({
  page,
}) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  for (const width of [1440, 375]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await setTheme(page, theme);
      await page.mouse.move(5, 700);
      await expect(page.getByTestId('nav-messages')).toBeVisible();
      await openBell(page);
      const panel = page.locator('.messages-popover');
      const box = (await panel.boundingBox())!;
      expect(box.width).toBe(width >= 400 ? 352 : Math.min(352, width - 16));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const list = page.getByRole('tabpanel').locator('.messages-list');
      await expect(list).toBeVisible();
      expect((await list.boundingBox())!.height).toBeCloseTo(313, 0); // sub-pixel layout: within 0.5 px
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await page.mouse.move(5, 700);
      await expect(page.getByTestId('messages-panel')).toBeHidden();
    }
  }
});

test('keyboard: focus opens, ArrowDown enters the tabs, arrows switch tabs, Escape returns to the bell', async ({
  page,
}) => {
  await useSession(page, 'unverified');
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-messages').focus();
  await expect(page.getByTestId('messages-panel')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('messages-tab-platform')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('messages-tab-trade')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('message-item').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('messages-panel')).toBeHidden();
  await expect(page.getByTestId('nav-messages')).toBeFocused();
});

test('the bell is still a link to /reminder, and anonymous visitors get no bell and no notice call (SPEC §6)', async ({
  page,
}) => {
  const calls = noticeCalls(page);
  await openSite(page, SITES.GLOBAL);
  await expect(page.getByTestId('btn-login')).toBeVisible();
  await expect(page.getByTestId('nav-messages')).toHaveCount(0);
  expect(calls).toHaveLength(0);
  await signIn(page, 'vip');
  await page.getByTestId('nav-messages').click();
  await expect(page.getByTestId('page-route')).toHaveText('/reminder');
});

for (const kind of ['500', 'malformed', 'slow:5000']) {
  test(`fault ${kind}: the list is empty ('no data') and the header keeps working (SPEC §8)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL);
    await injectFaults(context, baseURL!, { [MESSAGES_API.noticeRecord]: kind });
    await openBell(page);
    await expect(page.getByTestId('messages-empty')).toBeVisible({ timeout: 8000 });
    await expect(page.getByTestId('message-item')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 600);
    await page.getByTestId('nav-profile').hover();
    await expect(page.getByTestId('nav-profile')).toHaveAttribute('data-state', 'open');
  });
}

test('axe: no serious or critical violations with the dropdown open, light in English and dark in Arabic', async ({
  page,
}) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  for (const [path, theme] of [
    ['/', 'light'],
    ['/ar/', 'dark'],
  ] as const) {
    if (path !== '/') {
      await page.goto(path);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
    }
    await setTheme(page, theme);
    await openBell(page);
    await expect(page.getByTestId('message-item').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 600);
  }
});
