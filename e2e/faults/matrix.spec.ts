/**
 * The fault matrix in the browser (SPEC §8), generated from e2e/faults/table.ts: what only a page can show. The
 * engine's side of the matrix (every market call × every HTTP fault × cold/warm: rows, status, what is stored) runs
 * through the real worker in Vitest (tests/worker/fault-matrix-{cold,warm}.test.ts); docs/TESTING.md maps every case to its home.
 * Here one test checks one fault on every endpoint of a flow at once (one fault per endpoint; each endpoint's
 * consumer is asserted): the page endpoints × every HTTP fault kind, cold (the panels' skeleton ends in 'no data',
 * the header works), and once warm (cached rows painted); the account endpoints × PAGE_ACCOUNT_FAULTS (the sign-in
 * page shows its error, the signed-in header renders, both logouts still end on /login). No uncaught error may
 * happen (the `pageErrors` fixture).
 */
import { test, expect } from '../fixtures.ts';
import { openMenu } from '../support/account.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { applyFaults, editCache, expectHeaderWorks, expectPanel, primeCache } from './harness.ts';
import {
  ACCOUNT_FAULTS,
  CASES_ANNOTATION,
  ENDPOINTS,
  HTTP_FAULTS,
  PANELS,
  rowsOf,
  WARM_PAGE_FAULTS,
  type HttpFault,
  type Panel,
  type Temperature,
} from './table.ts';

const pageRows = rowsOf('page');
const accountRows = rowsOf('account');
const cases = (n: number) => ({ annotation: { type: CASES_ANNOTATION, description: String(n) } });

test.describe.configure({ mode: 'parallel' });

/** The page cases kept: every fault kind cold, WARM_PAGE_FAULTS warm. */
const pageCases: Array<[HttpFault, Temperature]> = [
  ...HTTP_FAULTS.map((f): [HttpFault, Temperature] => [f, 'cold']),
  ...WARM_PAGE_FAULTS.map((f): [HttpFault, Temperature] => [f, 'warm']),
];

for (const [fault, temperature] of pageCases) {
  const warm = temperature === 'warm';
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
}

for (const [fault, temperature] of ACCOUNT_FAULTS) {
  const warm = temperature === 'warm';
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
