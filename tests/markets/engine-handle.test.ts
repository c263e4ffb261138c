// The page's engine handle (src/markets/engine-client.ts getMarketEngine): a production page has no
// `window.__MH_ENGINE__`; only a page that a test or benchmark opted in (`window.__MH_TEST_HOOKS__ = true`, set before
// the app's scripts) gets it. Node has no Worker, so the page's engine runs in-thread here, as in such a browser.
import { afterEach, describe, expect, it, vi } from 'vitest';

type PageGlobals = { __MH_TEST_HOOKS__?: unknown; __MH_ENGINE__?: { stats(): Promise<unknown> } };

/** Stubs the page globals getMarketEngine reads and loads a fresh copy of the module (one engine per page). */
async function bootPage(hooks: unknown): Promise<PageGlobals> {
  const page: PageGlobals = hooks === undefined ? {} : { __MH_TEST_HOOKS__: hooks };
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', { cookie: '', visibilityState: 'visible', addEventListener: () => {} });
  vi.stubGlobal('location', { pathname: '/', search: '', origin: 'http://masthead.test' });
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // 'market worker unavailable; running in-thread'
  vi.resetModules();
  const { getMarketEngine } = await import('../../src/markets/engine-client');
  await getMarketEngine();
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the engine handle on window', () => {
  it('is absent on a production page (no opt-in)', async () => {
    const page = await bootPage(undefined);
    expect('__MH_ENGINE__' in page).toBe(false);
  });

  it('is absent when the opt-in is anything but true', async () => {
    for (const hooks of ['1', 'true', 1, {}]) expect('__MH_ENGINE__' in (await bootPage(hooks))).toBe(false);
  });

  it('is the running engine on a page a test opted in', async () => {
    const page = await bootPage(true);
    expect(page.__MH_ENGINE__).toBeDefined();
    expect(await page.__MH_ENGINE__!.stats()).toMatchObject({ realm: 'main' });
  });
});
