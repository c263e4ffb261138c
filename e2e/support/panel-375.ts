// The one narrow state the market-panel specs share (favourites.spec.ts, live.spec.ts): 375 px, Arabic, dark, the
// search modal open on 'usdt'. At 375 px the panels live in the search modal ('more' opens a list's panel).
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Opens `/ar` at 375 px in the dark theme and the search modal with the term 'usdt'; returns the search input. */
export async function openSearch375ArDark(page: Page, context: BrowserContext, baseURL: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await context.addCookies([
    { name: 'theme', value: '2', url: baseURL },
    { name: 'theme_changed', value: '1', url: baseURL },
  ]);
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await page.getByTestId('nav-search').click();
  const input = page.getByTestId('search-input');
  await input.fill('usdt');
  return input;
}

/** From the open search modal, opens the spot list's panel ('more') and waits for its first row. */
export async function openSpotPanelFromSearch(page: Page): Promise<void> {
  await page.locator('[data-testid="search-more"][data-kind="spot"]').click();
  await expect(page.getByTestId('market-row').first()).toBeVisible();
}
