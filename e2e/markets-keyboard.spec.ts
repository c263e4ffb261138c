/**
 * The keyboard-first market list (SPEC §9 keyboard; WAI-ARIA combobox with aria-activedescendant): from a panel's
 * search field, arrows, PageDown/PageUp (9 rows), Home and End move one active row, scrolled into view, and Enter
 * opens it. On the spot list of the default server (~2,900 pairs) and on a pilot list of 100,000 rows, served by a
 * server of this spec's own (PILOT_ROWS=100000) on E2E_PORT + 60.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { ROW_HEIGHT_PX } from '../common/market-list-geometry.ts';
import { test, expect, openPanel } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

/** The active row as the search field names it: its index (from its id) and the element, or null. */
async function activeRow(page: Page): Promise<{ index: number; row: Locator } | null> {
  const id = await page.getByTestId('market-search').getAttribute('aria-activedescendant');
  if (!id) return null;
  const index = Number(/-row-(\d+)$/.exec(id)?.[1]);
  return { index, row: page.locator(`[id="${id}"]`) };
}

/** The active row's index once it is `want`; then checks it is marked, announced and inside the viewport. */
async function expectActive(page: Page, want: number): Promise<Locator> {
  await expect.poll(async () => (await activeRow(page))?.index).toBe(want);
  const { row } = (await activeRow(page))!;
  await expect(row).toHaveAttribute('data-active', 'true');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  // The row holds its link and its star (SPEC §4 favourites), so the list is a grid of rows.
  await expect(row).toHaveAttribute('role', 'row');
  await expect(row).toHaveAttribute('data-testid', 'market-row');
  // Scrolled into view: the whole row lies inside the list's 530 px viewport.
  await expect
    .poll(async () => {
      const list = (await page.getByTestId('market-list').boundingBox())!;
      const box = (await row.boundingBox())!;
      return box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
    })
    .toBe(true);
  // One active row only.
  await expect(page.locator('[data-testid="market-list"] [data-active="true"]')).toHaveCount(1);
  return row;
}

/** Opens Trade → `entry` and focuses the panel's search field once its first row shows. */
async function openList(page: Page, entry: string): Promise<Locator> {
  await page.goto('/');
  await openPanel(page, 'nav-trade', entry);
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  const search = page.getByTestId('market-search');
  await search.focus();
  return search;
}

test.describe('spot list from the keyboard', () => {
  test('the search field is a combobox controlling the listbox; arrows, page keys, Home and End move the active row (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const search = await openList(page, 'menu-spot');
    const list = page.getByTestId('market-list');
    await expect(search).toHaveAttribute('role', 'combobox');
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toHaveAttribute('role', 'grid');
    expect(await search.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await activeRow(page)).toBeNull();

    await page.keyboard.press('ArrowDown');
    await expectActive(page, 0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expectActive(page, 2);
    await page.keyboard.press('ArrowUp');
    await expectActive(page, 1);
    await page.keyboard.press('PageDown');
    await expectActive(page, 10);
    await page.keyboard.press('PageDown');
    await expectActive(page, 19);
    await page.keyboard.press('PageUp');
    await expectActive(page, 10);

    await page.keyboard.press('End');
    const total = await list.evaluate((el, rowPx) => Math.round(el.scrollHeight / rowPx), ROW_HEIGHT_PX);
    expect(total).toBeGreaterThan(2000);
    await expectActive(page, total - 1);
    await expect
      .poll(() => list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expectActive(page, total - 1);
    await page.keyboard.press('Home');
    await expectActive(page, 0);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
    // Focus never left the field.
    await expect(search).toBeFocused();
  });

  test('hover and keyboard share the active row; a new term resets it; Enter opens the active pair (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    const search = await openList(page, 'menu-spot');
    const rows = page.getByTestId('market-row');
    // The pointer on the fourth row makes it active; ArrowDown goes on from there.
    const fourth = page.locator('.market-row-slot').nth(3).locator('a.market-row');
    await fourth.hover();
    await expectActive(page, 3);
    await search.focus();
    await page.keyboard.press('ArrowDown');
    await expectActive(page, 4);
    // The pointer rests on the field (still inside the open menu) while the trader types.
    await search.hover();

    await search.pressSequentially('eth', { delay: 30 });
    await expect.poll(async () => activeRow(page)).toBeNull();
    await expect(page.locator('[data-testid="market-list"] [data-active="true"]')).toHaveCount(0);
    await expect.poll(async () => (await rows.first().getAttribute('data-symbol')) ?? '').toMatch(/^ETH_/i);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const row = await expectActive(page, 1);
    const href = (await row.locator('a.market-row').getAttribute('href'))!;
    expect(href).toMatch(/^\/trade\/[A-Z0-9]+_[A-Z]+$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
  });

  test('axe: no serious or critical violation with an active row (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    await openList(page, 'menu-spot');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await expectActive(page, 9);
    expect(await seriousViolations(page, ['[data-testid="market-panel-spot"]'])).toEqual([]);
  });
});

const PILOT_PORT = Number(process.env.E2E_PORT ?? 4173) + 60;
const PILOT_ROWS = 100_000;

test.describe('pilot list of 100,000 rows from the keyboard', () => {
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = spawn('npx', ['tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PILOT_ROWS: String(PILOT_ROWS),
        PORT: String(PILOT_PORT),
        HOST: '127.0.0.1',
        STATIC_DIR: process.env.OUT_DIR ?? 'dist',
      },
      stdio: 'ignore',
      detached: true, // its own process group: npx's child, the server, goes with it
    });
    const deadline = Date.now() + 100_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${PILOT_PORT}/`)).ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`pilot server did not start on port ${PILOT_PORT}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    server = null;
  });

  test('End, arrows, page keys, Home and Enter across 100,000 rows (SPEC §9)', async ({
    page,
    pageErrors: _,
  }) => {
    // The first window of 100,000 rows on a loaded machine: the bench gives it 120 s too (e2e/bench/run.ts).
    test.setTimeout(240_000);
    await page.goto(`http://127.0.0.1:${PILOT_PORT}/`);
    await openPanel(page, 'nav-trade', 'menu-pilot');
    await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 120_000 });
    const search = page.getByTestId('market-search');
    await search.focus();
    const list = page.getByTestId('market-list');
    await expect
      .poll(() => list.evaluate((el, rowPx) => Math.round(el.scrollHeight / rowPx), ROW_HEIGHT_PX))
      .toBe(PILOT_ROWS);

    await page.keyboard.press('End');
    await expectActive(page, PILOT_ROWS - 1);
    await page.keyboard.press('ArrowUp');
    await expectActive(page, PILOT_ROWS - 2);
    await page.keyboard.press('PageUp');
    await expectActive(page, PILOT_ROWS - 11);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expectActive(page, PILOT_ROWS - 1);
    await page.keyboard.press('Home');
    await expectActive(page, 0);
    for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowDown');
    const row = await expectActive(page, 12);
    const href = (await row.locator('a.market-row').getAttribute('href'))!;
    expect(href.length).toBeGreaterThan(1);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname + url.search === href || url.href === href);
  });
});
