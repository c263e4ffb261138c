/**
 * One benchmark case (`npm run bench`): a fresh browser context on the built app, the pilot panel with N rows, the
 * engine in the worker or in-thread (`?engine=main`), CPU throttled by CDP. Returns the figures of
 * reports/bench.json.
 */
import type { Browser, Page } from '@playwright/test';
import { INSTALL_PROBES, START_FRAME_SAMPLER, WATCH_PILOT_OPEN } from './page-probes.ts';

export type EngineMode = 'worker' | 'main';

export interface CaseResult {
  rows: number;
  engine: EngineMode;
  throttle: number;
  keyToRowsP50Ms: number | null;
  keyToRowsP95Ms: number | null;
  keystrokes: number;
  paintedKeystrokes: number;
  typing: TaskFigures;
  scrolling: TaskFigures & { framesOver20msPct: number | null; frames: number };
  refresh: TaskFigures & { refreshed: boolean };
  workerSearchP50Ms: number | null;
  workerSearchP95Ms: number | null;
  searches: number;
  maxMessageBytes: number | null;
  warmFirstRowsMs: number | null;
}

export interface TaskFigures {
  longTasks: number;
  totalBlockingMs: number;
}

/** Queries typed a character at a time: show_pair fragments and an address prefix (pilot search, SPEC §5). */
export const QUERIES = ['pip', 'sol', 'pump', 'cat', 'moon', 'dfh5'];
const KEY_GAP_MS = 120;

/** p-th percentile (0–100) of a list, nearest-rank; null for an empty list. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function now(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

async function tasksBetween(page: Page, from: number, to: number): Promise<TaskFigures> {
  const tasks = await page.evaluate(
    () => (window as unknown as { __MH_LONGTASKS__: Array<[number, number]> }).__MH_LONGTASKS__,
  );
  const inWindow = tasks.filter(([start]) => start >= from && start <= to);
  return {
    longTasks: inWindow.length,
    totalBlockingMs: Math.round(inWindow.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
  };
}

async function openPilotPanel(page: Page): Promise<void> {
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-pilot').hover();
  await page.getByTestId('market-search').waitFor();
}

async function firstRow(page: Page, timeout = 60_000): Promise<void> {
  await page.getByTestId('market-row').first().waitFor({ timeout });
}

/** Runs one case against `baseURL` (a server started with PILOT_ROWS = rows). */
export async function runCase(
  browser: Browser,
  baseURL: string,
  rows: number,
  engine: EngineMode,
  throttle: number,
): Promise<CaseResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTALL_PROBES });
  // A trade page, not '/': the home page's announcement bar arrives after load and would move the header mid-hover.
  const url = `${baseURL}/trade/BTC_USDT${engine === 'main' ? '?engine=main' : ''}`;
  await page.goto(url);
  // Cold visit fills the IndexedDB cache (unthrottled, not measured).
  await openPilotPanel(page);
  await firstRow(page);
  await page.waitForTimeout(1500); // let the cache write settle
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });

  // Warm reload: first rows after the panel opens, painted from IndexedDB.
  await page.reload();
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-pilot').waitFor();
  await page.evaluate(WATCH_PILOT_OPEN);
  await page.getByTestId('menu-pilot').hover();
  await firstRow(page);
  const warm = await page.evaluate(() => {
    const w = window as unknown as { __MH_OPEN_AT__: number | null; __MH_FIRST_ROW_AT__: number | null };
    return w.__MH_OPEN_AT__ !== null && w.__MH_FIRST_ROW_AT__ !== null
      ? w.__MH_FIRST_ROW_AT__ - w.__MH_OPEN_AT__
      : null;
  });
  await page.waitForTimeout(1000);

  // Typing: six queries, a character at a time.
  const search = page.getByTestId('market-search');
  await page.evaluate(() => {
    (window as unknown as { __MH_BENCH_PAINTS__: unknown[] }).__MH_BENCH_PAINTS__ = [];
  });
  const typingFrom = await now(page);
  let keystrokes = 0;
  for (const query of QUERIES) {
    await search.fill('');
    await page.waitForTimeout(300);
    for (const ch of query) {
      await page.keyboard.type(ch);
      keystrokes++;
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page
      .waitForFunction(
        (q) =>
          (
            (window as unknown as { __MH_BENCH_PAINTS__?: Array<{ term: string }> }).__MH_BENCH_PAINTS__ ?? []
          ).some((p) => p.term === q),
        query,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
  }
  const typingTo = await now(page);
  const paints = await page.evaluate(
    () =>
      (
        window as unknown as {
          __MH_BENCH_PAINTS__: Array<{ term: string; inputAt: number; paintedAt: number }>;
        }
      ).__MH_BENCH_PAINTS__,
  );
  const latencies = paints.filter((p) => p.term !== '').map((p) => p.paintedAt - p.inputAt);
  const typing = await tasksBetween(page, typingFrom, typingTo);

  // Scrolling the full list with the wheel.
  await search.fill('');
  await firstRow(page);
  await page.waitForTimeout(500);
  const list = page.getByTestId('market-list');
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(START_FRAME_SAMPLER);
  const scrollFrom = await now(page);
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const scrollTo = await now(page);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __MH_FRAMES__: number[]; __MH_FRAMES_STOP__: boolean };
    w.__MH_FRAMES_STOP__ = true;
    return w.__MH_FRAMES__.slice(1);
  });
  const scrolling = {
    ...(await tasksBetween(page, scrollFrom, scrollTo)),
    frames: frames.length,
    framesOver20msPct: frames.length
      ? Math.round((1000 * frames.filter((f) => f > 20).length) / frames.length) / 10
      : null,
  };

  // A refresh of the open list (forced revalidation; the version push re-queries the open panel in place).
  const refreshFrom = await now(page);
  const refreshed = await page.evaluate(async () => {
    const engine = (window as unknown as { __MH_ENGINE__?: { refresh?: (k: string) => Promise<void> } })
      .__MH_ENGINE__;
    if (!engine?.refresh) return false;
    await engine.refresh('pilot');
    return true;
  });
  await page.waitForTimeout(1500);
  const refresh = { ...(await tasksBetween(page, refreshFrom, await now(page))), refreshed };

  const stats = await page.evaluate(async () => {
    const engine = (
      window as unknown as {
        __MH_ENGINE__?: { stats: () => Promise<{ searchMs: number[]; maxMessageBytes: number }> };
      }
    ).__MH_ENGINE__;
    return engine ? engine.stats() : null;
  });
  await context.close();
  return {
    rows,
    engine,
    throttle,
    keyToRowsP50Ms: round(percentile(latencies, 50)),
    keyToRowsP95Ms: round(percentile(latencies, 95)),
    keystrokes,
    paintedKeystrokes: latencies.length,
    typing,
    scrolling,
    refresh,
    workerSearchP50Ms: round(percentile(stats?.searchMs ?? [], 50)),
    workerSearchP95Ms: round(percentile(stats?.searchMs ?? [], 95)),
    searches: stats?.searchMs.length ?? 0,
    maxMessageBytes: stats?.maxMessageBytes ?? null,
    warmFirstRowsMs: round(warm),
  };
}

function round(v: number | null): number | null {
  return v === null ? null : Math.round(v * 10) / 10;
}
