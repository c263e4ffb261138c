/**
 * SPEC §8: a failed, malformed or slow market response leaves the header working with no uncaught
 * error, and a reload after one good visit paints rows from IndexedDB even when the API answers 500.
 */
import { test, expect, injectFaults, openPanel, rowSymbols } from './fixtures.ts';

const SPOTS = '/apiw/v2/market/spots';
const TABS = '/apiw/v2/common/tabs';

test('after one visit, a reload paints rows from IndexedDB while the API answers 500 (SPEC §5 cache)', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  // A whole first visit: the tabs answer too (rows can paint first; tabs not yet answered are not yet cached).
  await expect(page.getByRole('tab').first()).toBeVisible();
  const before = await rowSymbols(page);

  await injectFaults(context, baseURL!, { [SPOTS]: '500', [TABS]: '500' });
  await page.reload();
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  expect((await rowSymbols(page)).slice(0, 5)).toEqual(before.slice(0, 5));
  await expect(page.getByRole('tab').first()).toBeVisible();
});

for (const [name, kind] of [
  ['a 500', '500'],
  ['a malformed JSON body', 'malformed'],
] as const) {
  test(`${name} with no cache leaves the header working and shows no data (SPEC §8)`, async ({
    page,
    context,
    baseURL,
    pageErrors: _,
  }) => {
    await injectFaults(context, baseURL!, { [SPOTS]: kind });
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(page.getByTestId('market-empty')).toBeVisible();
    // The rest of the header still works: the futures panel loads its own list.
    await page.keyboard.press('Escape');
    await openPanel(page, 'nav-futures', 'menu-futures-usdt');
    // A cold futures load after the failed spot load; generous under a loaded 2-core CI machine.
    await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  });
}

test('an answer slower than 4 s times out, leaving the header working (SPEC §9 4000 ms)', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  test.setTimeout(45_000);
  await injectFaults(context, baseURL!, { [SPOTS]: 'slow:9000' });
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  // While the request is pending: the skeleton; after the 4 s time-out: the no-data placeholder.
  await expect(page.getByTestId('market-empty')).toBeVisible({ timeout: 8_000 });
  await expect(page.getByTestId('nav-futures')).toBeEnabled();
  await page.getByTestId('market-search').fill('eth');
  await expect(page.getByTestId('market-empty')).toBeVisible();
});
