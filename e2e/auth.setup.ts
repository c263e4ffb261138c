/**
 * Signs in once per demo persona (SPEC §6) before the suite, through the reference server's demo login, and keeps
 * each session's cookies as a Playwright storage state in test-results/.auth/ (support/account.ts `sessionState`).
 * Tests that only read a signed-in page start from that state instead of signing in again; tests that log out sign
 * in on their own (a logout ends the session for every page that shares it).
 */
import { expect, test as setup } from '@playwright/test';
import { DEMO_PERSONAS } from '../common/domain/personas.ts';
import { sessionState } from './support/account.ts';

setup.describe.configure({ mode: 'parallel' });

for (const persona of DEMO_PERSONAS) {
  setup(`sign in as ${persona}`, async ({ page }) => {
    await page.request.get('/robots.txt');
    const res = await page.request.get('/');
    expect(res.ok()).toBe(true);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value;
    expect(csrf, 'a page load sets the csrf_token cookie').toBeTruthy();
    const login = await page.request.post('/api/web/v1/usercenter/demo_login', {
      form: { persona, account: '' },
      headers: { 'X-CSRF-Token': csrf! },
    });
    expect(login.status()).toBe(200);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['pver', 'sign']));
    await page.context().storageState({ path: sessionState(persona) });
  });
}
