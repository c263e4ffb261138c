/**
 * Code split by first use (SPEC §2 header, §8 'never a broken header'): the first load carries the closed header
 * only; the Radix popover and dialog layers, the menus' content, the messages panel, the drawer's sections and the
 * search modal load on the first intent (hover, focus, pointer down, `/`). These tests hold those chunks back and
 * check that the menus still open on intent (a frame with a loading line), show their content once the chunk
 * arrives, that nothing deferred is fetched before an intent, and that a failed chunk load retries on the next one.
 * In English and Arabic.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Chunks that only an intent may load (file names start with the module name; hashes vary per build). */
const INTENT_CHUNKS = [
  'PopoverLayer',
  'DialogLayer',
  'MenuContent',
  'MarketPanel',
  'MessagesPanel',
  'DrawerContent',
  'SearchModal',
] as const;
type IntentChunk = (typeof INTENT_CHUNKS)[number];

/** Held chunks arrive together on release; on a loaded 2-core machine parsing them can take several seconds. */
const ARRIVAL = { timeout: 20_000 };

const chunkOf = (url: string): IntentChunk | undefined => {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  return INTENT_CHUNKS.find((name) => file.startsWith(`${name}-`) && file.endsWith('.js'));
};

/**
 * Records intent-chunk requests and holds them until `release()`; requests of the `fail` chunks are aborted (a
 * network failure) until `heal()`.
 */
async function holdIntentChunks(page: Page, opts: { fail?: IntentChunk[] } = {}) {
  const requested: IntentChunk[] = [];
  const failing = new Set(opts.fail ?? []);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route: Route) => {
    const chunk = chunkOf(route.request().url());
    if (!chunk) return route.continue();
    requested.push(chunk);
    if (failing.has(chunk)) return route.abort('failed');
    await gate;
    return route.continue();
  });
  return { requested, release, heal: () => failing.clear() };
}

for (const locale of ['en', 'ar'] as const) {
  const home = locale === 'en' ? '/' : '/ar/';

  test.describe(`${locale}`, () => {
    test('the first load fetches no intent chunk; a menu opens on hover while its chunks are held', async ({
      page,
    }) => {
      const held = await holdIntentChunks(page);
      await page.goto(home);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
      await page.waitForLoadState('networkidle');
      expect(held.requested, 'intent chunks fetched before any intent').toEqual([]);

      const trade = page.getByTestId('nav-trade');
      await trade.hover();
      // Open at once: the interim frame with its loading line, named by the trigger.
      await expect(trade).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('chunk-loading').first()).toBeVisible();
      await expect
        .poll(() => held.requested)
        .toEqual(expect.arrayContaining(['PopoverLayer', 'MenuContent']));

      held.release();
      await expect(page.getByTestId('menu-spot')).toBeVisible(ARRIVAL);
      await expect(page.getByTestId('chunk-loading')).toHaveCount(0);
      // The next menu is instant: its code is there.
      await page.getByTestId('nav-more').hover();
      await expect(page.getByTestId('nav-more')).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('chunk-loading')).toHaveCount(0);
    });

    test('keyboard: focus prefetches, Enter opens, Escape closes and focus stays on the trigger', async ({
      page,
    }) => {
      const held = await holdIntentChunks(page);
      await page.goto(home);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
      const trade = page.getByTestId('nav-trade');
      await trade.focus();
      await expect.poll(() => held.requested.includes('PopoverLayer')).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('chunk-loading').first()).toBeVisible();
      held.release();
      await expect(page.getByTestId('menu-spot')).toBeVisible(ARRIVAL);
      await page.keyboard.press('Escape');
      await expect(trade).toHaveAttribute('aria-expanded', 'false');
      await expect(trade).toBeFocused();
    });

    test('a failed chunk load shows a retry line and loads on the next intent; the header keeps working', async ({
      page,
    }) => {
      const held = await holdIntentChunks(page, { fail: ['MenuContent'] });
      held.release();
      await page.goto(home);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
      const trade = page.getByTestId('nav-trade');
      await trade.hover();
      await expect(page.getByTestId('chunk-failed')).toBeVisible();
      // The network is back. Leave and come back: the next intent loads it again.
      held.heal();
      await page.mouse.move(5, 600);
      await expect(trade).toHaveAttribute('aria-expanded', 'false');
      await trade.hover();
      await expect(page.getByTestId('menu-spot')).toBeVisible(ARRIVAL);
      expect(held.requested.filter((c) => c === 'MenuContent').length).toBeGreaterThanOrEqual(2);
    });

    test('`/` opens the search modal frame at once with its chunk held, the modal once it arrives', async ({
      page,
    }) => {
      const held = await holdIntentChunks(page);
      await page.goto(home);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await page.keyboard.press('/');
      await expect.poll(() => held.requested.includes('SearchModal')).toBe(true);
      // Open at once: the modal's frame with its loading line.
      await expect(page.getByTestId('chunk-loading')).toBeVisible();
      held.release();
      await expect(page.getByRole('combobox')).toBeFocused(ARRIVAL);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}

test('phone: the drawer opens with its chunks held and shows its sections once they arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const held = await holdIntentChunks(page);
  await page.goto('/');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('nav-drawer').click();
  await expect(page.getByTestId('chunk-loading').first()).toBeVisible();
  // Vite's preload helper requests a chunk once its dependencies are in, so the request may follow the frame.
  await expect.poll(() => held.requested).toEqual(expect.arrayContaining(['DialogLayer', 'DrawerContent']));
  held.release();
  await expect(page.getByTestId('side-drawer')).toBeVisible(ARRIVAL);
  await expect(page.getByTestId('chunk-loading')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-drawer')).toHaveCount(0);
  await expect(page.getByTestId('nav-drawer')).toBeFocused();
});
