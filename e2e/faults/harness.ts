/**
 * Helpers of the fault matrix: faults per path (the server's `mh_faults` cookie, or a route abort for network
 * errors), the market panels' checks, and IndexedDB stubs and edits. IndexedDB faults reach the worker, which has
 * its own global, by prefixing the worker's script with the stub when the test serves it (a Playwright route on the
 * worker chunk); the page itself gets the same stub through `addInitScript` (the in-thread engine). Nothing here
 * changes production code or behaviour.
 */
import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import { openPanel } from '../fixtures.ts';
import { PANELS, type HttpFault, type Panel } from './table.ts';

/** The worker's IndexedDB database and object store (workers/market/io/idb-store.ts). */
const WORKER_DB = 'masthead-market';
/** How long a panel may take to show rows or 'no data' after it opens (SPEC §8 / the matrix's bound). */
export const PANEL_BUDGET_MS = 5_000;

type Matcher = (url: URL) => boolean;
type Handler = (route: Route) => Promise<void>;
/** The network-error routes applyFaults added, per context (other routes, such as worker stubs, stay). */
const aborts = new WeakMap<BrowserContext, Array<[Matcher, Handler]>>();

/** Applies `fault` to every path in `paths` for this context (replacing earlier faults; `[]` clears them). */
export async function applyFaults(
  context: BrowserContext,
  baseURL: string,
  paths: string[],
  fault: HttpFault,
) {
  await context.clearCookies({ name: 'mh_faults' });
  for (const [matcher, handler] of aborts.get(context) ?? []) await context.unroute(matcher, handler);
  aborts.set(context, []);
  if (paths.length === 0) return;
  if (fault === 'network') {
    for (const path of paths) {
      const matcher: Matcher = (u) => u.pathname === path;
      const handler: Handler = (route) => route.abort('failed');
      aborts.get(context)!.push([matcher, handler]);
      await context.route(matcher, handler);
    }
    return;
  }
  const value = paths.map((p) => `${p}=${fault}`).join(',');
  await context.addCookies([{ name: 'mh_faults', value: encodeURIComponent(value), url: baseURL }]);
}

/** Waits until the header has its data and its navigation can be used. */
export async function expectHeaderWorks(page: Page) {
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('nav-trade')).toBeVisible();
  await expect(page.getByTestId('nav-futures')).toBeEnabled();
}

/**
 * Opens `panel` and expects rows (`withRows`) or the 'no data' placeholder within `budgetMs` (default
 * PANEL_BUDGET_MS). Only visible elements count (a panel opened before may still be in the DOM, hidden).
 */
export async function expectPanel(page: Page, panel: Panel, withRows: boolean, budgetMs = PANEL_BUDGET_MS) {
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 700);
  const [nav, entry] = PANELS[panel];
  await openPanel(page, nav, entry);
  const target = page
    .getByTestId(withRows ? 'market-row' : 'market-empty')
    .filter({ visible: true })
    .first();
  await expect(target, `${panel}: ${withRows ? 'rows' : 'no data'}`).toBeVisible({ timeout: budgetMs });
}

/** Priming is set-up, not the check: a healthy cold load gets more time on a loaded CI machine. */
const PRIME_BUDGET_MS = 15_000;

/**
 * Loads `url` (default `/`) and has the page's market engine fetch the tab menus and every list at once, through
 * the handle a page opted in to test hooks exposes (`window.__MH_ENGINE__`, src/markets/engine-client.ts), so the
 * engine caches every list (SPEC §9 cache names) — the same fetch-and-store path a panel takes, without opening
 * four panels one after another. Callers wait for the stored entries with editCache.
 */
export async function primeCache(page: Page, url = '/') {
  await page.addInitScript(() => {
    (window as unknown as { __MH_TEST_HOOKS__?: boolean }).__MH_TEST_HOOKS__ = true;
  });
  await page.goto(url);
  await expectHeaderWorks(page);
  await page.evaluate(primeEngine, { kinds: Object.keys(PANELS), budgetMs: PRIME_BUDGET_MS });
}

/** Runs in the page: waits for the engine (started once the page is idle), then fetches tabs and every list. */
function primeEngine(a: { kinds: string[]; budgetMs: number }): Promise<void> {
  type Engine = { tabs(kind: string): Promise<unknown>; refresh(kind: string): Promise<void> };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const engine = (window as unknown as { __MH_ENGINE__?: Engine }).__MH_ENGINE__;
      if (engine) {
        // Panel names are the engine's list kinds (spot, pilot, premarket, futures).
        Promise.all([engine.tabs('spot'), ...a.kinds.map((k) => engine.refresh(k))]).then(
          () => resolve(),
          reject,
        );
      } else if (performance.now() - started > a.budgetMs)
        reject(new Error('the market engine did not start'));
      else setTimeout(poll, 50);
    };
    poll();
  });
}

/** An edit of stored entries (see idbEdit). */
export type CacheEdit = 'stale' | 'corrupt' | 'otherLanguage';

/** Resolves once `names` are all stored in database `db`, then rewrites each entry by `edit` (in the page). */
export async function editCache(page: Page, names: string[], edit: CacheEdit, db = WORKER_DB): Promise<void> {
  await expect
    .poll(() => page.evaluate(idbKeys, db), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(names));
  await page.evaluate(idbEdit, { db, names, edit });
}

function idbKeys(db: string): Promise<string[]> {
  return new Promise((resolve) => {
    const open = indexedDB.open(db);
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains('cache')) return (conn.close(), resolve([]));
      const req = conn.transaction('cache').objectStore('cache').getAllKeys();
      req.onsuccess = () => (conn.close(), resolve(req.result.map(String)));
      req.onerror = () => (conn.close(), resolve([]));
    };
  });
}

/**
 * Runs in the page (no eval under the CSP, so the edits are written out): `stale` ages an entry past CACHE_FRESH_MS
 * (10 min) so the next load revalidates and meets the fault; `corrupt` adds rows the SPEC §5 check passes but the
 * wire schemas reject (null rows, {} rows, a pilot text column whose offsets run past its text); `otherLanguage`
 * marks it as stored for `de`.
 */
function idbEdit(a: { db: string; names: string[]; edit: CacheEdit }): Promise<void> {
  type Entry = { savedAt: number; lang: string; data: Record<string, unknown> | unknown[] };
  const change = (entry: Entry): Entry => {
    if (a.edit === 'stale') entry.savedAt -= 11 * 60 * 1000;
    if (a.edit === 'otherLanguage') entry.lang = 'de';
    if (a.edit !== 'corrupt') return entry;
    const d = entry.data as Record<string, unknown>;
    if (Array.isArray(entry.data)) entry.data = [null, ...entry.data];
    else if (Array.isArray(d.list)) d.list = [null, {}, ...d.list];
    else if (Array.isArray(d.BTC)) d.BTC = [null, ...d.BTC];
    else if (Array.isArray(d.premint)) d.premint = [{}, ...d.premint];
    else if (d.show_pair && typeof d.show_pair === 'object') {
      // The pilot entry keeps text packed ({text, ends}): offsets that run past the text.
      const packed = d.show_pair as { text: string };
      packed.text = packed.text.slice(0, 1);
    }
    return entry;
  };
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(a.db);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const conn = open.result;
      const tx = conn.transaction('cache', 'readwrite');
      const os = tx.objectStore('cache');
      for (const name of a.names) {
        const req = os.get(name);
        req.onsuccess = () => void os.put(change(req.result as Entry), name);
      }
      tx.oncomplete = () => (conn.close(), resolve());
      tx.onerror = () => (conn.close(), reject(tx.error));
    };
  });
}

/** IndexedDB stubs, as script text run before the app (page) or prefixed to the worker chunk. */
export const IDB_STUBS = {
  /** `indexedDB.open` throws (IndexedDB disabled by policy, some private modes). */
  throwing: `indexedDB.open = () => { throw new DOMException('IndexedDB disabled (test stub)', 'InvalidStateError'); };`,
  /** `indexedDB.open` returns a request that never fires (a blocked upgrade, a wedged profile). */
  hanging: 'indexedDB.open = () => ({});',
  /** Every put fails with QuotaExceededError (a full disk or origin quota). */
  quota: `IDBObjectStore.prototype.put = function () { throw new DOMException('quota (test stub)', 'QuotaExceededError'); };`,
} as const;

/** Runs `script` first in the page and in the market worker of `context` (see the module comment). */
export async function stubEverywhere(context: BrowserContext, page: Page, script: string) {
  await page.addInitScript(script);
  await context.route(/\/assets\/market\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${script}\n${await response.text()}` });
  });
}

/** Removes the Worker constructor before the app runs, as a browser without workers (or a CSP) would. */
export const NO_WORKER = 'Object.defineProperty(window, "Worker", { value: undefined, configurable: true });';
