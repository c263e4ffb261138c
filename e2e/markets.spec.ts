/**
 * Spot and futures market panels on real data, worker to screen (SPEC §4, §5, §9).
 */
import type { Locator, Page } from '@playwright/test';
import { ROW_HEIGHT_PX } from '../common/market-list-geometry.ts';
import { test, expect, openPanel, rowSymbols } from './fixtures.ts';

/** Opens Trade → Spot on the home page; returns the list once its first row shows. */
async function openSpotList(page: Page) {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  return page.getByTestId('market-list');
}

/** Row index of each shown row in DOM order (its slot's translateY ÷ the row height). */
function shownRowOrder(list: Locator): Promise<number[]> {
  return list.evaluate(
    (el, rowPx) =>
      [...el.querySelectorAll('.market-row-slot')]
        .filter((s) => s.matches('[data-testid="market-row"]'))
        .map((s) => Math.round(new DOMMatrix(getComputedStyle(s).transform).m42 / rowPx)),
    ROW_HEIGHT_PX,
  );
}

/** Row index of the focused row, or null when focus is not on a row. */
function focusedRowIndex(page: Page): Promise<number | null> {
  return page.evaluate((rowPx) => {
    const slot = document.activeElement?.closest('.market-row-slot');
    return slot ? Math.round(new DOMMatrix(getComputedStyle(slot).transform).m42 / rowPx) : null;
  }, ROW_HEIGHT_PX);
}

test.describe('spot panel', () => {
  test('Trade → Spot shows the real spot pairs with price, change and volume (SPEC §3)', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    const rows = page.getByTestId('market-row');
    await expect(rows.first()).toBeVisible();
    const first = rows.first();
    await expect(first.locator('a.market-row')).toHaveAttribute('href', /^\/trade\/[A-Z0-9]+_[A-Z]+$/);
    await expect(first.locator('.market-row-last')).not.toHaveText('');
    await expect(first.locator('.market-row-change')).toHaveText(/%/);
    // The list is the whole real snapshot (2,918 pairs); the tabs come from the tabs endpoint.
    await expect(page.getByRole('tab').first()).toBeVisible();
  });

  test('typing "eth" puts ETH pairs first (SPEC §5 base-equals tier)', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    await page.getByTestId('market-search').pressSequentially('eth', { delay: 30 });
    // The rows of "et" (typed a moment before) also start with ETH_ pairs, so the whole order is what is waited for:
    // ETH_ first, and every base-equals row before any other.
    const ethFirst = (symbols: string[]) => {
      const bases = symbols.map((s) => s.split('_')[0]!.toUpperCase());
      const firstOther = bases.findIndex((b) => b !== 'ETH');
      return bases[0] === 'ETH' && firstOther > 0 && !bases.slice(firstOther).includes('ETH');
    };
    await expect.poll(async () => ethFirst(await rowSymbols(page))).toBe(true);
  });

  test('quote matches ("usdt") come after base matches (SPEC §5)', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    await page.getByTestId('market-search').fill('usdt');
    await expect.poll(async () => (await rowSymbols(page))[0]).toMatch(/^USDT_/i);
    const symbols = await rowSymbols(page);
    const bases = symbols.map((s) => s.split('_')[0]!.toUpperCase());
    const firstQuoteOnly = bases.findIndex((b) => !b.includes('USDT'));
    expect(firstQuoteOnly).toBeGreaterThan(0);
    expect(bases.slice(firstQuoteOnly).every((b) => !b.includes('USDT'))).toBe(true);
    expect(symbols[firstQuoteOnly]).toMatch(/_USDT$/i);
  });

  test('search covers every pair whatever tab is selected (SPEC §5)', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    await tabs.nth(count - 1).click();
    await page.getByTestId('market-search').fill('btc');
    await expect.poll(async () => (await rowSymbols(page))[0]).toMatch(/^BTC_/i);
  });

  test('the DOM never holds more than 40 rows while scrolling; View all appears at scrollTop ≥ 450 (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const list = await openSpotList(page);
    await expect(page.getByTestId('market-view-all')).toHaveCount(0);
    for (const top of [200, 449, 450, 5000, 40000, 120000]) {
      await list.evaluate((el, y) => {
        el.scrollTop = y;
        el.dispatchEvent(new Event('scroll'));
      }, top);
      await expect(page.getByTestId('market-row').first()).toBeVisible();
      expect(await page.getByTestId('market-row').count()).toBeLessThanOrEqual(40);
      if (top >= 450) await expect(page.getByTestId('market-view-all')).toBeVisible();
      else await expect(page.getByTestId('market-view-all')).toHaveCount(0);
    }
  });

  test('rows take no hover while the wheel scrolls, and a press right after a step opens the row under it (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const list = await openSpotList(page);
    const box = (await list.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + 100];
    const rows = list.locator('.market-list-rows');
    // The hold lasts until the list is still for a moment: record it as it happens rather than poll for it (a poll
    // on a loaded machine can come after the hold has ended).
    await rows.evaluate((el) => {
      const w = window as { __held?: number };
      w.__held = 0;
      new MutationObserver(() => {
        if ((el as HTMLElement).style.pointerEvents === 'none') w.__held! += 1;
      }).observe(el, { attributes: true, attributeFilter: ['style'] });
    });
    const holds = () => page.evaluate(() => (window as { __held?: number }).__held ?? 0);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 600);
    await expect.poll(holds).toBeGreaterThan(0);
    // As soon as the pointer moves (or the list is still), rows take hover again.
    await page.mouse.move(x, y + 5);
    await expect(rows).toHaveCSS('pointer-events', 'auto');
    // A Ctrl-click right after a step opens the row in a new tab and leaves this page as it is, as on a row that
    // was never held (whether the press lands during the hold or after it, the outcome must be the same).
    await page.mouse.wheel(0, 600);
    // The press must land on a row, not on a slot still waiting for its row from the worker (a skeleton: nothing to
    // open), which a loaded machine shows for a moment after a step: wait for the step and for its rows.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="market-list"]')!.scrollTop >= 1200,
    );
    await expect(
      list.locator('.market-row-slot:not([aria-hidden]) .market-row-skeleton:not([hidden])'),
    ).toHaveCount(0);
    const before = page.url();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await page.keyboard.down('Control');
        await page.mouse.down();
        await page.mouse.up();
        await page.keyboard.up('Control');
      })(),
    ]);
    await expect(tab).toHaveURL(/\/trade\/[A-Z0-9]+_[A-Z]+$/);
    await tab.close();
    expect(page.url()).toBe(before);
    // The step's scroll event comes between the button going down and up (a loaded machine's order): the hold
    // begins during the press, the release lands on the list, and the click still opens the row under it.
    await expect(rows).toHaveCSS('pointer-events', 'auto');
    const heldBefore = await holds();
    await page.keyboard.down('Control');
    await page.mouse.down();
    await list.evaluate((el, rowPx) => {
      el.scrollTop += rowPx * 3;
      el.dispatchEvent(new Event('scroll'));
    }, ROW_HEIGHT_PX);
    // (The hold may already have ended by the release on a loaded machine: the click must follow the row either way.)
    await expect.poll(holds).toBeGreaterThan(heldBefore);
    const [racedTab] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await page.mouse.up();
        await page.keyboard.up('Control');
      })(),
    ]);
    await expect(racedTab).toHaveURL(/\/trade\/[A-Z0-9]+_[A-Z]+$/);
    await racedTab.close();
    expect(page.url()).toBe(before);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="market-list"]')!.scrollTop >= 1800,
      undefined,
      { polling: 'raf' },
    );
    // The row whose box holds the pointer (hit testing skips the held rows).
    const href = await page.evaluate(
      ([px, py]) =>
        [...document.querySelectorAll('a.market-row')]
          .find((a) => {
            const r = a.getBoundingClientRect();
            return r.top <= py! && py! < r.bottom && r.left <= px! && px! < r.right;
          })
          ?.getAttribute('href'),
      [x, y + 5],
    );
    expect(href).toMatch(/^\/trade\/[A-Z0-9]+_[A-Z]+$/);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page).toHaveURL(new RegExp(`${href!}$`));
  });

  test('an unmatched search shows the no-data placeholder (SPEC §8)', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await openPanel(page, 'nav-trade', 'menu-spot');
    await page.getByTestId('market-search').fill('zzzzqqqxx');
    await expect(page.getByTestId('market-empty')).toBeVisible();
    await expect(page.getByTestId('market-row')).toHaveCount(0);
  });

  test('after a scroll, Tab and Shift+Tab walk the rows in visual order though slots do not move while scrolling (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const list = await openSpotList(page);
    const domOrder = () => shownRowOrder(list);
    const focusedIndex = () => focusedRowIndex(page);
    // Slot moves show as mutation records that remove a node (moveBefore/insertBefore); creating a slot only adds.
    // The steps run inside the page, 150 ms apart (under the 1 s reading-order pause, and long enough for an idle slice
    // to run a pass that did not wait), so test-runner round trips on a slow machine cannot stretch a pause past 1 s.
    const movedWhileScrolling = await list.evaluate(async (el) => {
      const moves: number[] = [];
      const container = el.querySelector('.market-row-slot')!.parentElement!;
      const observer = new MutationObserver((records) => {
        if (records.some((r) => r.removedNodes.length > 0)) moves.push(performance.now());
      });
      observer.observe(container, { childList: true });
      for (const y of [600, 1200, 1800, 2400, 5000]) {
        el.scrollTop = y;
        el.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const end = performance.now();
      // Let the records of the last step arrive, then stop observing.
      await new Promise((resolve) => setTimeout(resolve, 0));
      observer.disconnect();
      return moves.filter((t) => t <= end).length;
    });
    // The slots were written in place: none moved in the DOM while the list scrolled.
    expect(movedWhileScrolling).toBe(0);
    await expect.poll(async () => (await domOrder()).length).toBeGreaterThan(20);
    const scrolled = await domOrder();
    await list.focus();
    await page.keyboard.press('Tab');
    let prev = (await focusedIndex())!;
    expect(prev).toBe(Math.min(...scrolled));
    for (let k = 0; k < 12; k++) {
      await page.keyboard.press('Tab');
      const now = (await focusedIndex())!;
      expect(now).toBe(prev + 1);
      prev = now;
    }
    // Shift+Tab from after the list (the View all link) lands on the last row in visual order, then walks up.
    await list.evaluate((el) => {
      el.scrollTop = 8000;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.getByTestId('market-view-all').focus();
    await expect.poll(async () => (await domOrder()).length).toBeGreaterThan(20);
    const shown = await domOrder();
    await page.keyboard.press('Shift+Tab');
    prev = (await focusedIndex())!;
    expect(prev).toBe(Math.max(...shown));
    for (let k = 0; k < 5; k++) {
      await page.keyboard.press('Shift+Tab');
      const now = (await focusedIndex())!;
      expect(now).toBe(prev - 1);
      prev = now;
    }
    // Reading order: once the list is still (1 s, then an idle slice), DOM order is row order without any focus.
    await page.getByTestId('market-search').focus();
    await list.evaluate((el) => {
      el.scrollTop = 3000;
      el.dispatchEvent(new Event('scroll'));
    });
    await expect
      .poll(async () => {
        const order = await domOrder();
        return order.length > 20 && order.every((v, k) => k === 0 || v > order[k - 1]!);
      })
      .toBe(true);
  });

  test('with a row focused from the keyboard the wheel still scrolls, focus stays in the list and Tab goes on in row order (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const list = await openSpotList(page);
    const scrollTop = () => list.evaluate((el) => el.scrollTop);
    await list.evaluate((el) => {
      el.scrollTop = 1200;
      el.dispatchEvent(new Event('scroll'));
    });
    await expect.poll(async () => (await shownRowOrder(list)).length).toBeGreaterThan(20);
    const window = await shownRowOrder(list);
    await list.focus();
    await page.keyboard.press('Tab');
    // The first row of the window (an overscan row: the browser scrolls it into view).
    expect(await focusedRowIndex(page)).toBe(Math.min(...window));
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    // A short step keeps the focused row in the window; the steps after it take it out. Each step must stay where
    // the wheel left it once the list has settled and its reading-order pass (1 s of stillness) has run: a moved
    // focused slot would make the browser scroll it back into view.
    for (const step of [120, 600, 600, 600]) {
      const before = await scrollTop();
      await page.mouse.wheel(0, step);
      await expect.poll(scrollTop).toBeGreaterThanOrEqual(before + step - 1);
      // The reading-order pass has run once the shown slots are in row order again (1 s after the list is still).
      await expect
        .poll(async () => {
          const order = await shownRowOrder(list);
          return order.every((row, i) => i === 0 || row > order[i - 1]!);
        })
        .toBe(true);
      expect(await scrollTop()).toBeGreaterThanOrEqual(before + step - 1);
      if (step === 120) {
        // Still on a row: Tab moves to the next row in row order though the slots rotated under it.
        const prev = (await focusedRowIndex(page))!;
        await page.keyboard.press('Tab');
        expect(await focusedRowIndex(page)).toBe(prev + 1);
        await page.mouse.move(box.x + box.width / 2, box.y + 210);
      }
    }
    // The focused row left the window: focus is on the list, and Tab takes the window's first row.
    await expect(list).toBeFocused();
    const last = await shownRowOrder(list);
    await page.keyboard.press('Tab');
    expect(await focusedRowIndex(page)).toBe(Math.min(...last));
  });

  test('keyboard: Enter opens Trade, focusing Spot shows its panel, Escape closes (SPEC §2)', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/');
    await page.getByTestId('nav-trade').focus();
    await page.keyboard.press('Enter');
    const spot = page.getByTestId('menu-spot');
    await expect(spot).toBeVisible();
    await spot.focus();
    await expect(page.getByTestId('market-search')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(spot).toBeHidden();
    await expect(page.getByTestId('nav-trade')).toBeFocused();
  });

  test('rows link under the language prefix and the page shows the route (/zh)', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/zh/trade/BTC_USDT');
    await expect(page.getByTestId('page-route')).toHaveText('/trade/BTC_USDT');
    await openPanel(page, 'nav-trade', 'menu-spot');
    const link = page.getByTestId('market-row').first().locator('a.market-row');
    await expect(link).toHaveAttribute('href', /^\/zh\/trade\//);
    await link.click();
    await expect(page).toHaveURL(/\/zh\/trade\/[A-Z0-9]+_[A-Z]+$/);
  });
});

test.describe('futures panel', () => {
  test('Futures → USDT-M shows real contracts linking to /futures/USDT/{PAIR} (SPEC §2)', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/');
    await openPanel(page, 'nav-futures', 'menu-futures-usdt');
    const first = page.getByTestId('market-row').first();
    await expect(first).toBeVisible();
    await expect(first.locator('a.market-row')).toHaveAttribute('href', /^\/futures\/USDT\/[A-Z0-9]+_USDT$/);
    await page.getByTestId('market-search').fill('btc');
    await expect.poll(async () => (await rowSymbols(page))[0]).toBe('BTC_USDT');
  });
});
