// Search modal (src/search, SPEC §2 'Search modal', §5, §7): opened by the button, '/' and Ctrl+K; results from all
// four lists through the market worker; arrows, Enter, Shift+Enter and the star (SPEC §4 favourites), Escape with
// focus return; recent searches; absent in app webviews; engine faults leave the header working; axe with it open —
// at 1440 and 375 px, light and dark, en and ar (a starred result: e2e/favourites.spec.ts, 375 px, Arabic, dark).
import type { Page } from '@playwright/test';
import { expect, injectFaults, test } from './fixtures.ts';
import { openSite, SITES } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { displayStates, stateName } from './support/display-states.ts';
import { afterFrames } from './support/frames.ts';

/** The modal's dialog element: what the display-state tests scan with axe. */
const MODAL = '[data-testid="search-modal"]';

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

const results = (page: Page) => page.getByTestId('search-result');
/** The grid rows of the modal's market results (role=row: the star cell and the link cell). */
const resultRows = (page: Page) => page.getByTestId('search-list').getByTestId('market-row');

async function typeTerm(page: Page, term: string): Promise<void> {
  await page.getByTestId('search-input').fill(term);
  await expect(page.getByTestId('search-modal')).toBeVisible();
}

test('the button, / and Ctrl+K open the modal with the input focused; Escape closes and focus returns', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  const button = page.getByTestId('nav-search');
  await button.click();
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-modal')).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.locator('body').click({ position: { x: 5, y: 600 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Meta+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
});

test('Escape then Ctrl+K in one moment: the reopened modal keeps focus in its input', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  // Both keys in one task, before the closing modal's deferred focus return runs (a fast typist, or a loaded machine).
  await input.evaluate((el) => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    document.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
    );
  });
  // The closing modal's deferred focus return has had its frames and its task.
  await afterFrames(page, 3);
  await expect(page.getByTestId('search-input')).toBeFocused();
});

test("'/' typed into a text field stays text; Ctrl+K still opens; prices in the trader's fiat", async ({
  page,
  context,
  baseURL,
}) => {
  // Prices in euros (SPEC §4 fiat prices, the cookies of the exchange rate setting): the engine formats them.
  const fiat = { curr_fiat: 'EUR', currency_rate: '1' };
  await context.addCookies(Object.entries(fiat).map(([name, value]) => ({ name, value, url: baseURL! })));
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('btc/usdt');
  await expect(page.getByTestId('search-input')).toHaveValue('btc/usdt');
  await expect(results(page).first()).toHaveAttribute('data-symbol', 'BTC_USDT');
  await expect(results(page).first().locator('.search-option-last')).toContainText('€');
});

test('results from all four lists: pippin → pilot, btc → spot and futures, pre-market by currency', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await typeTerm(page, 'pippin');
  const pilot = page.locator('[data-testid="search-result"][data-kind="pilot"]').first();
  await expect(pilot).toBeVisible();
  await expect(pilot).toHaveAttribute('href', /^\/pilot\/sol-/);
  await expect(pilot).toContainText(/pippin/i);

  await typeTerm(page, 'btc');
  await expect(page.locator('[data-testid="search-result"][data-kind="spot"]').first()).toHaveAttribute(
    'data-symbol',
    'BTC_USDT',
  );
  await expect(page.locator('[data-testid="search-result"][data-kind="futures"]').first()).toHaveAttribute(
    'href',
    '/futures/USDT/BTC_USDT',
  );
  // Each section shows at most 5 rows, then a 'more' entry.
  await expect(page.locator('[data-testid="search-result"][data-kind="spot"]')).toHaveCount(5);
  await expect(page.locator('[data-testid="search-more"][data-kind="spot"]')).toBeVisible();

  const premarket = await page.request.get(
    '/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=1',
    {
      headers: {
        'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value,
      },
    },
  );
  const currency = ((await premarket.json()) as { data: { list: Array<{ currency: string }> } }).data.list[0]!
    .currency;
  await typeTerm(page, currency.toLowerCase());
  await expect(
    page.locator(`[data-testid="search-result"][data-kind="premarket"][data-symbol="${currency}"]`),
  ).toBeVisible();
});

test('combobox with a grid: arrows move aria-activedescendant; the star and Shift+Enter star a result without opening it; Enter follows the active result (the first by default)', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  const input = page.getByTestId('search-input');
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(input).toHaveAttribute('aria-haspopup', 'grid');
  await expect(page.getByTestId('search-list')).toHaveAttribute('role', 'grid');
  await typeTerm(page, 'eth');
  const first = resultRows(page).first();
  await expect(first).toHaveAttribute('role', 'row');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await page.keyboard.press('ArrowDown');
  const second = resultRows(page).nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);

  // Shift+Enter stars the active result (told in the field's description); the star of the first row, pressed.
  const url = page.url();
  const [firstSymbol, secondSymbol] = [
    (await first.getAttribute('data-symbol'))!,
    (await second.getAttribute('data-symbol'))!,
  ];
  await expect(input).toHaveAccessibleDescription(/Shift\+Enter/);
  const secondStar = second.getByTestId('favourite-toggle');
  await expect(secondStar).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Shift+Enter');
  await expect(secondStar).toHaveAttribute('aria-pressed', 'true');
  const firstStar = first.getByTestId('favourite-toggle');
  await expect(firstStar).toHaveAttribute('aria-label', /^Add ETH\/.+ to favourites$/);
  await firstStar.click();
  await expect(firstStar).toHaveAttribute('aria-pressed', 'true');
  await expect(firstStar).toHaveAttribute('aria-label', /^Remove ETH\/.+ from favourites$/);
  // Neither press opened the pair, closed the modal or took focus from the field.
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('search-modal')).toBeVisible();
  await expect(input).toBeFocused();
  await page
    .getByTestId('search-modal')
    .screenshot({ path: test.info().outputPath('search-starred-1440-light-en.png') });
  // The favourites group lists both, latest first, as links to the pairs.
  await input.fill('');
  const shown = page.getByTestId('search-favourite');
  await expect(shown).toHaveCount(2);
  expect(await shown.evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')))).toEqual([
    firstSymbol,
    secondSymbol,
  ]);
  // Unstarred (a click, then Shift+Enter on the second row), the group goes.
  await typeTerm(page, 'eth');
  await expect(firstStar).toHaveAttribute('aria-pressed', 'true');
  await firstStar.click();
  await expect(firstStar).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+Enter');
  await expect(secondStar).toHaveAttribute('aria-pressed', 'false');
  await input.fill('');
  await expect(results(page).first()).toBeVisible();
  await expect(shown).toHaveCount(0);

  await typeTerm(page, 'eth');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const href = (await first.getByTestId('search-result').getAttribute('href'))!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[/?]/g, '\\$&')}$`));
});

test("recent searches: a followed term shows when the input is empty; 'Clear' empties the list", async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await typeTerm(page, 'sol');
  await expect(results(page).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('nav-search').click();
  await expect(page.getByTestId('search-recent')).toHaveText(['sol']);
  // Top movers by volume under the recent terms.
  await expect(results(page).first()).toBeVisible();
  await page.getByTestId('search-recent').click();
  await expect(page.getByTestId('search-input')).toHaveValue('sol');
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-recent-clear').click();
  await expect(page.getByTestId('search-recent')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mh_recent_searches'))).toBeNull();
});

test("'more' opens the list's full panel with the term", async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await typeTerm(page, 'usdt');
  await page.locator('[data-testid="search-more"][data-kind="spot"]').click();
  await expect(page.getByTestId('market-search')).toHaveValue('usdt');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
});

test('absent with a device_type query parameter or cookie (app webviews): no button, no chunk', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/SearchModal/.test(r.url())) chunks.push(r.url());
  });
  await openSite(page, SITES.GLOBAL, '/?device_type=ios');
  await expect(page.getByTestId('nav-search')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-modal')).toHaveCount(0);
  await page.context().addCookies([{ name: 'device_type', value: 'android', url: page.url() }]);
  await openSite(page, SITES.GLOBAL, '/');
  await expect(page.getByTestId('nav-search')).toHaveCount(0);
  expect(chunks).toEqual([]);
});

test('EU hides search (SPEC §6)', async ({ page }) => {
  await openSite(page, SITES.EU);
  await expect(page.getByTestId('nav-search')).toHaveCount(0);
});

for (const kind of ['500', 'malformed', 'slow:4500'] as const) {
  test(`market fault ${kind} on every list: the modal says 'No data' (SPEC §8), the header keeps working`, async ({
    page,
    context,
    baseURL,
  }) => {
    await injectFaults(context, baseURL!, {
      '/apiw/v2/market/spots': kind,
      '/apiw/v2/market/futures': kind,
      '/apiw/v2/pilot/markets': kind,
      '/apiw/v2/pre-market/service/currencies/simple-info': kind,
      '/apiw/v2/pre-mint/service/currencies/simple-info': kind,
    });
    await openSite(page, SITES.GLOBAL);
    await page.getByTestId('nav-search').click();
    await typeTerm(page, 'btc');
    await expect(page.getByTestId('search-status')).toHaveText('No data', { timeout: 15_000 });
    await expect(results(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-trade')).toBeVisible();
  });
}

// One test per display state of the covering array (support/display-states.ts: every pair of width, theme and
// language once), so the checks run in parallel. axe looks at the modal: the page behind it is inert (aria-hidden)
// and has its own axe tests (header-a11y).
for (const state of displayStates()) {
  test(`${stateName(state)}: the modal inside the viewport, no sideways scroll, axe clean with results and empty`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: state.width, height: state.width < 768 ? 780 : 900 });
    await openSite(page, SITES.GLOBAL, `${state.prefix}/`);
    await setTheme(page, state.theme);
    await page.getByTestId('nav-search').click();
    await typeTerm(page, 'btc');
    await expect(results(page).first()).toBeVisible();
    const box = (await page.getByTestId('search-modal').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(state.width + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(state.width);
    expect(await seriousViolations(page, [MODAL]), `${stateName(state)} results`).toEqual([]);
    await page.getByTestId('search-input').fill('');
    await expect(results(page).first()).toBeVisible();
    expect(await seriousViolations(page, [MODAL]), `${stateName(state)} empty`).toEqual([]);
  });
}
