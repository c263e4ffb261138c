/**
 * One benchmark case (`npm run bench`): a fresh browser context at one CPU throttle (CDP), with the pilot list of N
 * rows, for one mode: the app with its engine in the worker, the app in-thread (`?engine=main`), or the plain-DOM
 * reference (reference-page.ts, built from the app's own row markup and CSS). Returns the figures of
 * reports/bench.json; docs/BENCHMARKS.md says how each is taken.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { INSTALL_KEY_PROBE, INSTALL_PROBES, START_FRAME_SAMPLER, WATCH_PILOT_OPEN } from './page-probes.ts';
import { referencePageHtml, type AppSnapshot } from './reference-page.ts';

export type Mode = 'worker' | 'main' | 'reference';

export interface TaskFigures {
  longTasks: number;
  totalBlockingMs: number;
}

export interface CaseResult {
  rows: number;
  mode: Mode;
  throttle: number;
  keyToRowsP50Ms: number | null;
  keyToRowsP95Ms: number | null;
  keystrokes: number;
  paintedKeystrokes: number;
  typing: TaskFigures;
  /** `scrolledPx`: how far the wheel moved the list; 0 means the list did not scroll and the figures are void. */
  scrolling: TaskFigures & { framesOver20msPct: number | null; frames: number; scrolledPx: number };
  refresh: (TaskFigures & { refreshed: boolean }) | null;
  workerSearchP50Ms: number | null;
  workerSearchP95Ms: number | null;
  searches: number;
  maxMessageBytes: number | null;
  /** Pointer-enter on the Pilot entry → first row, after a reload with the cache filled (at this throttle). */
  warmFirstRowsMs: number | null;
  /** The same on a first visit (empty cache, unthrottled: always 1x). */
  coldFirstRowsMs: number | null;
}

/** Queries typed a character at a time: show_pair fragments and an address prefix (pilot search, SPEC §5). */
export const QUERIES = ['pip', 'sol', 'pump', 'cat', 'moon', 'dfh5'];
const KEY_GAP_MS = 120;
/** Keystrokes still open this long after the last key of a query are taken as unchanged lists, ms. */
const UNCHANGED_AFTER_MS = 2000;
/** Served by the bench only (Playwright routes), at the app's origin. */
export const REFERENCE_PATH = '/__bench/reference.html';
export const REFERENCE_DATA_PATH = '/__bench/pilot.json';

/** p-th percentile (0–100) of a list, nearest-rank; null for an empty list. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One decimal, or null. */
export const round = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10);
/** The page's performance.now(), ms. */
export const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** Long tasks (and their total blocking time over 50 ms) that started between `from` and `to` (page ms). */
export async function tasksBetween(page: Page, from: number, to: number): Promise<TaskFigures> {
  const tasks = await page.evaluate(
    () => (window as unknown as { __MH_LONGTASKS__: Array<[number, number]> }).__MH_LONGTASKS__,
  );
  const inWindow = tasks.filter(([start]) => start >= from && start <= to);
  return {
    longTasks: inWindow.length,
    totalBlockingMs: Math.round(inWindow.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
  };
}

/** Waits for the first market row, ms timeout. */
export const firstRow = (page: Page, timeout = 60_000) =>
  page.getByTestId('market-row').first().waitFor({ timeout });

/** Hovers the Pilot entry with the open watch installed; returns pointer-enter → first row, ms. */
async function openPilotTimed(page: Page): Promise<number | null> {
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-pilot').waitFor();
  await page.evaluate(WATCH_PILOT_OPEN);
  await page.getByTestId('menu-pilot').hover();
  await page.getByTestId('market-search').waitFor();
  await firstRow(page);
  return page.evaluate(() => {
    const w = window as unknown as { __MH_OPEN_AT__: number | null; __MH_FIRST_ROW_AT__: number | null };
    return w.__MH_OPEN_AT__ !== null && w.__MH_FIRST_ROW_AT__ !== null
      ? w.__MH_FIRST_ROW_AT__ - w.__MH_OPEN_AT__
      : null;
  });
}

/**
 * Six queries typed a character at a time; keystroke-to-rows from the key probe, long tasks in the window. After each
 * query the keys still open are waited for UNCHANGED_AFTER_MS (2 s), or, with `minUnchangedMs`, for three times the
 * slowest key painted so far in this run, at least `minUnchangedMs` and at most 2 s: a key whose rows equal the
 * previous key's never closes, and a page that paints in 100 ms need not be waited on for 2 s per such key.
 */
export async function typeQueries(page: Page, minUnchangedMs = UNCHANGED_AFTER_MS) {
  const search = page.getByTestId('market-search');
  await page.evaluate(() => void ((window as unknown as { __MH_KEYS__: unknown[] }).__MH_KEYS__.length = 0));
  const from = await now(page);
  const latencies: number[] = [];
  let keystrokes = 0;
  for (const query of QUERIES) {
    await search.fill('');
    // Timed on purpose (this measures time): a trader's pause between queries, so each query starts on a quiet page.
    await page.waitForTimeout(300);
    await page.evaluate(
      () => void ((window as unknown as { __MH_KEYS__: unknown[] }).__MH_KEYS__.length = 0),
    );
    await search.focus();
    for (const ch of query) {
      await page.keyboard.press(ch);
      keystrokes++;
      // The typing rhythm under measurement: keys KEY_GAP_MS apart, as a trader types.
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page
      .waitForFunction(
        () =>
          (
            window as unknown as { __MH_KEYS__: Array<{ paintedAt: number | null; superseded: boolean }> }
          ).__MH_KEYS__.every((k) => k.paintedAt !== null || k.superseded),
        undefined,
        // A key whose rows equal the previous key's changes no DOM and never closes: after this wait it counts
        // as not painted (the `painted keys` column), rather than as a latency.
        {
          timeout: Math.min(UNCHANGED_AFTER_MS, Math.max(minUnchangedMs, 3 * Math.max(0, ...latencies))),
        },
      )
      .catch(() => undefined);
    await collectKeys(page, latencies);
  }
  const typing = await tasksBetween(page, from, await now(page));
  return { keystrokes, typing, latencies };
}

/** A typeQueries result as figures: key→rows p50 and p95 (ms, one decimal), keys typed and painted, long tasks. */
export function typingFigures(t: Awaited<ReturnType<typeof typeQueries>>) {
  return {
    keyToRowsP50Ms: round(percentile(t.latencies, 50)),
    keyToRowsP95Ms: round(percentile(t.latencies, 95)),
    keystrokes: t.keystrokes,
    paintedKeystrokes: t.latencies.length,
    typing: t.typing,
  };
}

async function collectKeys(page: Page, into: number[]): Promise<void> {
  const keys = await page.evaluate(
    () => (window as unknown as { __MH_KEYS__: Array<{ at: number; paintedAt: number | null }> }).__MH_KEYS__,
  );
  for (const k of keys) if (k.paintedAt !== null) into.push(k.paintedAt - k.at);
}

/** Wheel-scrolls the full list (40 × 600 px): frame intervals and long tasks. */
export async function scrollList(page: Page) {
  const list = page.getByTestId('market-list');
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(START_FRAME_SAMPLER);
  const from = await now(page);
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 600);
    // The scroll rhythm under measurement: a wheel step every 40 ms.
    await page.waitForTimeout(40);
  }
  // The frames of the last steps fall inside the measured window.
  await page.waitForTimeout(300);
  const to = await now(page);
  const scrolledPx = await list.evaluate((el) => el.scrollTop);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __MH_FRAMES__: number[]; __MH_FRAMES_STOP__: boolean };
    w.__MH_FRAMES_STOP__ = true;
    return w.__MH_FRAMES__.slice(1);
  });
  return {
    ...(await tasksBetween(page, from, to)),
    frames: frames.length,
    scrolledPx,
    framesOver20msPct: frames.length
      ? Math.round((1000 * frames.filter((f) => f > 20).length) / frames.length) / 10
      : null,
  };
}

/** Serves the reference page and its data at the app's origin for this context. */
export async function routeReference(
  context: BrowserContext,
  snap: AppSnapshot,
  data: Buffer,
): Promise<void> {
  const html = referencePageHtml(snap);
  // By path: the live cases load the page with a query (`?live`), which a glob would not match.
  await context.route(
    (url) => url.pathname === REFERENCE_PATH,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await context.route(`**${REFERENCE_DATA_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: data }),
  );
}

/** What a case needs besides the browser: the server, and for the reference its snapshot and data. */
export interface CaseSetup {
  baseURL: string;
  rows: number;
  mode: Mode;
  throttle: number;
  /** Reference mode: the app snapshot and the compact pilot JSON of the same rows. */
  reference?: { snapshot: AppSnapshot; data: Buffer };
}

/** Runs one case. */
export async function runCase(browser: Browser, s: CaseSetup): Promise<CaseResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTALL_PROBES + INSTALL_KEY_PROBE });
  const cdp = await context.newCDPSession(page);
  let cold: number | null = null;
  let warm: number | null = null;

  if (s.mode === 'reference') {
    await routeReference(context, s.reference!.snapshot, s.reference!.data);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: s.throttle });
    await page.goto(`${s.baseURL}${REFERENCE_PATH}`);
    await page.waitForFunction(
      () => (window as unknown as { __REF_READY__?: boolean }).__REF_READY__,
      undefined,
      {
        timeout: 120_000,
      },
    );
  } else {
    // A trade page, not '/': the home page's announcement bar arrives after load and would move the header.
    await page.goto(`${s.baseURL}/trade/BTC_USDT${s.mode === 'main' ? '?engine=main' : ''}`);
    cold = await openPilotTimed(page); // first visit, empty cache, unthrottled
    await page.waitForTimeout(s.mode === 'main' ? 3000 : 1500); // let the cache write settle
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: s.throttle });
    await page.reload();
    warm = await openPilotTimed(page);
    // The warm open's follow-up work (index build, warm-up) ends before the typing is measured.
    await page.waitForTimeout(1000);
  }

  const typed = typingFigures(await typeQueries(page));
  await page.getByTestId('market-search').fill('');
  await firstRow(page);
  // The list settles after the cleared search before the scroll is measured.
  await page.waitForTimeout(500);
  const scrolling = await scrollList(page);

  let refresh: CaseResult['refresh'] = null;
  let stats: { searchMs: number[]; maxMessageBytes: number } | null = null;
  if (s.mode !== 'reference') {
    // A refresh of the open list (forced revalidation; the open panel is re-queried in place).
    const from = await now(page);
    const refreshed = await page.evaluate(async () => {
      const engine = (window as unknown as { __MH_ENGINE__?: { refresh?: (k: string) => Promise<void> } })
        .__MH_ENGINE__;
      if (!engine?.refresh) return false;
      await engine.refresh('pilot');
      return true;
    });
    // The window over which the refresh's main-thread work is counted (it measures time).
    await page.waitForTimeout(1500);
    refresh = { ...(await tasksBetween(page, from, await now(page))), refreshed };
    stats = await page.evaluate(async () => {
      const engine = (
        window as unknown as {
          __MH_ENGINE__?: { stats: () => Promise<{ searchMs: number[]; maxMessageBytes: number }> };
        }
      ).__MH_ENGINE__;
      return engine ? engine.stats() : null;
    });
  }
  await context.close();
  return {
    rows: s.rows,
    mode: s.mode,
    throttle: s.throttle,
    ...typed,
    scrolling,
    refresh,
    workerSearchP50Ms: round(percentile(stats?.searchMs ?? [], 50)),
    workerSearchP95Ms: round(percentile(stats?.searchMs ?? [], 95)),
    searches: stats?.searchMs.length ?? 0,
    maxMessageBytes: stats?.maxMessageBytes ?? null,
    warmFirstRowsMs: round(warm),
    coldFirstRowsMs: round(cold),
  };
}
