// E2E helpers for sub-sites and sessions (SPEC §1, §6): open a page on a sub-site, sign in as a persona through the
// reference server's demo login, and open a header menu. The header's `data-ready` says site and session loaded.
import { expect, type Page } from '@playwright/test';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { waitForAnnouncementSettled } from './settle.ts';

/** Sub-site ids (SPEC §1), from the one table in common/domain/sub-sites.ts. */
export const SITES = SUB_SITE;

/**
 * Opens `path` on sub-site `site` (query on first load; the cookie keeps it) and waits for the header data and
 * the announcement bar's outcome (support/settle.ts).
 */
export async function openSite(page: Page, site: number, path = '/'): Promise<void> {
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${sep}sub_website_id=${site}`);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-sub-site', String(site));
  await waitForAnnouncementSettled(page);
}

/** Signs in as `persona` with the demo login API (same cookies as the /login page), then reloads. */
export async function signIn(page: Page, persona: string, account = ''): Promise<void> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'csrf_token')?.value;
  if (!csrf) throw new Error('open a page first: no csrf_token cookie');
  const res = await page.request.post('/api/web/v1/usercenter/demo_login', {
    form: { persona, account },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('nav-profile')).toBeVisible();
  await waitForAnnouncementSettled(page);
}

/** How long an opener waits for a lazily loaded menu or panel chunk to show (set-up, not a SPEC budget), ms. */
export const CHUNK_WAIT_MS = 15_000;

/**
 * Opens a header menu by hovering its trigger; returns once it is open and its content is in (no chunk still
 * loading inside: menu content is loaded on the first intent and shows a loading line meanwhile). Waits for the
 * hydrated header and the announcement bar's outcome first (support/settle.ts), so the trigger does not move away
 * from the pointer.
 */
export async function openMenu(page: Page, testId: string): Promise<void> {
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await waitForAnnouncementSettled(page);
  const trigger = page.getByTestId(testId);
  await trigger.hover();
  await expect(trigger).toHaveAttribute('data-state', 'open');
  const contentId = await trigger.getAttribute('aria-controls');
  if (!contentId) return;
  const content = page.locator(`[id="${contentId}"]`);
  await expect(content).toBeVisible({ timeout: CHUNK_WAIT_MS });
  await expect(content.getByTestId('chunk-loading')).toHaveCount(0, { timeout: CHUNK_WAIT_MS });
}

/** Closes whatever menu is open (Escape, then move the pointer away). */
export async function closeMenus(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 600);
}
