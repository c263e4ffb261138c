// E2E helpers for sub-sites and sessions (SPEC §1, §6): open a page on a sub-site, sign in as a persona through the
// reference server's demo login, and open a header menu. The header's `data-ready` says site and session loaded.
import { readFile } from 'node:fs/promises';
import { expect, type BrowserContext, type Page } from '@playwright/test';
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

/** Where the setup project (e2e/auth.setup.ts) keeps `persona`'s signed-in storage state. */
export function sessionState(persona: string): string {
  return `test-results/.auth/${persona}.json`;
}

/**
 * Starts `page`'s context signed in as `persona` before its first page load: the session cookies of the one sign-in
 * per persona the setup project made (storage state, e2e/auth.setup.ts). No page load and no API call. Do not log
 * out of such a session (it is shared by every test that uses it): tests that log out use `signIn` with an account.
 */
export async function useSession(page: Page, persona: string): Promise<void> {
  const state = JSON.parse(await readFile(sessionState(persona), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await page.context().addCookies(state.cookies);
}

/**
 * Signs in as `persona` on an open page, then reloads. Without `account`, the page takes the persona's shared
 * session (`useSession`); with one, a sign-in of its own through the demo login API (same cookies as the /login
 * page), for tests that log out or need a separate account.
 */
export async function signIn(page: Page, persona: string, account = ''): Promise<void> {
  if (account) {
    const cookies = await page.context().cookies();
    const csrf = cookies.find((c) => c.name === 'csrf_token')?.value;
    if (!csrf) throw new Error('open a page first: no csrf_token cookie');
    const res = await page.request.post('/api/web/v1/usercenter/demo_login', {
      form: { persona, account },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(res.status()).toBe(200);
  } else await useSession(page, persona);
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
