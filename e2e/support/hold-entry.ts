/**
 * Holding the app's entry chunk in an e2e test, so a server-rendered page stays as the server sent it (painted, not
 * hydrated) until the test lets it go: the page loader's early input and the `data-ready` marker are tested this way.
 */
import type { Page } from '@playwright/test';

/** Holds every request for the entry chunk (`/assets/index-*.js`) of `page` until the returned `release()`. */
export async function holdEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/assets/index-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
