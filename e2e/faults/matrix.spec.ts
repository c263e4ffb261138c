/**
 * The fault matrix in the browser (SPEC §8), generated from e2e/faults/table.ts: every endpoint the browser calls ×
 * every HTTP fault, cold and warm, plus the IndexedDB cases in idb.spec.ts. One test checks one fault on every
 * endpoint of a flow at once (one fault per endpoint; each endpoint's consumer is asserted), so the run stays short:
 * the header works, every market panel shows cached rows (warm) or 'no data' (cold) within 5 s, the sign-in page
 * shows its error, a logout still ends on /login, and no uncaught error happens (the `pageErrors` fixture).
 */
import { test, expect } from '../fixtures.ts';
import { openMenu } from '../support/account.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { applyFaults, editCache, expectHeaderWorks, expectPanel, primeCache } from './harness.ts';
import {
  CASES_ANNOTATION,
  ENDPOINTS,
  HTTP_FAULTS,
  PANELS,
  rowsOf,
  TEMPERATURES,
  type Panel,
} from './table.ts';

const pageRows = rowsOf('page');
const accountRows = rowsOf('account');
const cases = (n: number) => ({ annotation: { type: CASES_ANNOTATION, description: String(n) } });

test.describe.configure({ mode: 'parallel' });

for (const temperature of TEMPERATURES) {
  const warm = temperature === 'warm';
  for (const fault of HTTP_FAULTS) {
    test(
      `page endpoints × ${fault}, ${temperature}: header works, panels show ${warm ? 'cached rows' : 'no data'}`,
      cases(pageRows.length),
      async ({ page, context, baseURL, pageErrors: _ }) => {
        test.setTimeout(60_000);
        if (warm) {
          await primeCache(page);
          await editCache(page, Object.values(CACHE_NAMES), 'stale');
        }
        await applyFaults(
          context,
          baseURL!,
          pageRows.map(([, r]) => r.path),
          fault,
        );
        await page.goto('/');
        await expectHeaderWorks(page);
        for (const panel of Object.keys(PANELS) as Panel[]) await expectPanel(page, panel, warm);
        // The header keeps working after the faults: a menu still opens.
        await page.keyboard.press('Escape');
        await expectHeaderWorks(page);
      },
    );

    test(
      `account endpoints × ${fault}, ${temperature}: sign-in error, signed-in header, both logouts`,
      cases(accountRows.length),
      async ({ page, context, baseURL, pageErrors: _ }) => {
        test.setTimeout(60_000);
        const signInWithPage = async () => {
          await page.locator('[data-persona="vip"]').click();
          await page.waitForURL((u) => !u.pathname.endsWith('/login'));
          await expectHeaderWorks(page);
          await expect(page.getByTestId('nav-profile')).toBeVisible();
        };
        const logOut = async (testId: 'logout-device' | 'logout-all') => {
          await openMenu(page, 'nav-profile');
          await page.getByTestId(testId).click();
          await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
        };
        await page.goto('/login');
        if (warm) {
          await signInWithPage();
          await logOut('logout-device');
        }
        await applyFaults(context, baseURL!, [ENDPOINTS.demoLogin.path], fault);
        await page.locator('[data-persona="vip"]').click();
        await expect(page.getByTestId('login-error')).toBeVisible({ timeout: 6_000 });
        expect(new URL(page.url()).pathname).toBe('/login');

        const signedIn = accountRows.map(([, r]) => r.path).filter((p) => p !== ENDPOINTS.demoLogin.path);
        await applyFaults(context, baseURL!, signedIn, fault);
        await signInWithPage();
        await logOut('logout-device');
        await signInWithPage();
        await logOut('logout-all');
        await expect(page.locator('[data-persona="vip"]')).toBeVisible();
      },
    );
  }
}
