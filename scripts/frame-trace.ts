/**
 * Per-frame CPU of the benchmark's scroll (e2e/bench/measure.ts scrollList: 40 wheel steps of 600 px, 40 ms apart)
 * in the built app's pilot list and in the bench's plain-DOM reference page (e2e/bench/reference-page.ts), traced
 * one after the other in the same browser at FRAME_THROTTLE× CPU (default 1). A frame's figure is the renderer main
 * thread's CPU time (`tdur`) of its `ProxyMain::BeginMainFrame`, which other processes' load does not inflate; a
 * frame over 4.17 ms of CPU at 1x is a frame over 16.7 ms at 4x. Prints, per page: frames, mean/p50/p95 frame CPU,
 * frames over 4.17 ms, layout dirty objects, and the main thread's whole CPU over the scroll.
 * Usage: `OUT_DIR=dist tsx scripts/frame-trace.ts` (FRAME_PORT default 4613, PILOT_ROWS default 100000,
 * FRAME_PAGES=app,reference, FRAME_RUNS=1; FRAME_CSS: extra CSS on the app's page; FRAME_DEBUG=N: the N longest
 * frames with their parts, on stderr). Read app and reference of the same run together: the machine's load moves
 * both.
 */
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { CAPTURE_APP_SNAPSHOT, referencePageHtml, type AppSnapshot } from '../e2e/bench/reference-page.ts';
import { REFERENCE_DATA_PATH, REFERENCE_PATH } from '../e2e/bench/measure.ts';
import { loadMarketData } from '../server/market-data.ts';
import { buildPilotColumns } from '../server/market-data/pilot-columns.ts';
import { startServer, stopServer } from './server-process.ts';

const PORT = Number(process.env.FRAME_PORT ?? 4613);
const STATIC_DIR = resolve(process.env.OUT_DIR ?? 'dist');
const THROTTLE = Number(process.env.FRAME_THROTTLE ?? 1);
const ROWS = Number(process.env.PILOT_ROWS ?? 100000);
const PAGES = (process.env.FRAME_PAGES ?? 'app,reference').split(',');
const RUNS = Number(process.env.FRAME_RUNS ?? 1);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

const round = (v: number) => Math.round(v * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
};

async function openApp(browser: Browser, baseURL: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${baseURL}/trade/BTC_USDT`);
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-pilot').hover();
  await page.getByTestId('market-row').first().waitFor({ timeout: 90_000 });
  // FRAME_CSS: extra CSS for the app's page only (a variant to compare against the unchanged reference).
  if (process.env.FRAME_CSS) await page.addStyleTag({ content: process.env.FRAME_CSS });
  return page;
}

async function openReference(
  browser: Browser,
  baseURL: string,
  snap: AppSnapshot,
  data: Buffer,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const html = referencePageHtml(snap);
  await context.route(`**${REFERENCE_PATH}`, (r) =>
    r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await context.route(`**${REFERENCE_DATA_PATH}`, (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: data }),
  );
  const page = await context.newPage();
  await page.goto(`${baseURL}${REFERENCE_PATH}`);
  await page.waitForFunction(
    () => (window as unknown as { __REF_READY__?: boolean }).__REF_READY__,
    undefined,
    {
      timeout: 120_000,
    },
  );
  return page;
}

async function traceScroll(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.waitForTimeout(1500);
  const list = page.getByTestId('market-list');
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'cc', 'benchmark'],
  });
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const buffer = await browser.stopTracing();
  const scrolledPx = await list.evaluate((el) => el.scrollTop);
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The reference has no wheel listener: the scroll events mark the main thread and the scroll's span.
  const scrolls = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll');
  const mainTid = scrolls[0]?.tid ?? 0;
  const from = (scrolls[0]?.ts ?? 0) - 20_000;
  const to = (scrolls.at(-1)?.ts ?? from) + 300_000;
  const on = events.filter((e) => e.tid === mainTid && e.ts >= from && e.ts < to);
  const frames = on.filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X');
  const cpu = frames.map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
  const layouts = on.filter((e) => e.name === 'Layout' && e.ph === 'X');
  const tasks = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const byName = new Map<string, number>();
  for (const e of on.filter((e) => e.ph === 'X'))
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  const sum = (name: string) => round(byName.get(name) ?? 0);
  if (process.env.FRAME_DEBUG) {
    // The longest frames (wall time) with what ran inside them, and the rAF-to-rAF gaps they sit in.
    const longest = [...frames]
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, Number(process.env.FRAME_DEBUG));
    for (const f of longest) {
      const inside = on.filter((e) => e !== f && e.ph === 'X' && e.ts >= f.ts && e.ts < f.ts + (f.dur ?? 0));
      const parts = new Map<string, number>();
      for (const e of inside) parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      const top = [...parts]
        .filter(([n]) =>
          [
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'PrePaint',
            'Layerize',
            'EventDispatch',
            'FireAnimationFrame',
            'FunctionCall',
            'HitTest',
            'ScrollLayer',
            'Commit',
            'UpdateLayer',
            'IntersectionObserverController::computeIntersections',
          ].includes(n),
        )
        .map(([n, v]) => `${n} ${v.toFixed(1)}`)
        .join(', ');
      const recalcs = inside
        .filter((e) => e.name === 'UpdateLayoutTree')
        .map(
          (e) =>
            `${((e.dur ?? 0) / 1000).toFixed(1)}ms/${String((e.args as { elementCount?: number } | undefined)?.elementCount ?? '?')}`,
        )
        .join(' ');
      const types = inside
        .filter((e) => e.name === 'EventDispatch')
        .map((e) => String(e.args?.data?.type))
        .join(' ');
      console.error(
        `frame +${((f.ts - from) / 1000).toFixed(0)} ms wall ${((f.dur ?? 0) / 1000).toFixed(1)} cpu ${((f.tdur ?? 0) / 1000).toFixed(1)}: ${top} [${types}] recalcs ${recalcs}`,
      );
    }
  }
  return {
    scrolledPx,
    frames: frames.length,
    frameCpuMean: round(cpu.reduce((s, v) => s + v, 0) / (cpu.length || 1)),
    frameCpuP50: round(pct(cpu, 50)),
    frameCpuP95: round(pct(cpu, 95)),
    framesOver4_17: cpu.filter((v) => v > 4.17).length,
    framesCpuTotal: round(cpu.reduce((s, v) => s + v, 0)),
    mainCpuTotal: round(tasks.reduce((s, e) => s + (e.tdur ?? e.dur ?? 0) / 1000, 0)),
    layoutDirtyObjects: layouts.reduce((s, e) => s + Number(e.args?.beginData?.dirtyObjects ?? 0), 0),
    layoutMs: sum('Layout'),
    styleMs: sum('UpdateLayoutTree'),
    paintMs: sum('Paint'),
    prePaintMs: sum('PrePaint'),
    layerizeMs: sum('Layerize'),
    scriptMs: round(
      ['FunctionCall', 'EventDispatch', 'FireAnimationFrame', 'TimerFire'].reduce(
        (s, n) => s + (byName.get(n) ?? 0),
        0,
      ),
    ),
  };
}

const server = await startServer({
  host: '127.0.0.1',
  port: PORT,
  env: { ...process.env, STATIC_DIR, PILOT_ROWS: String(ROWS) },
  timeoutMs: 90_000,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const baseURL = `http://127.0.0.1:${PORT}`;
  const warm = await openApp(browser, baseURL);
  await warm.waitForTimeout(500);
  const snap = (await warm.evaluate(CAPTURE_APP_SNAPSHOT)) as AppSnapshot;
  await warm.close();
  const data = Buffer.from(
    JSON.stringify({ code: 200, data: buildPilotColumns(loadMarketData({ pilotRows: ROWS }).pilot) }),
  );
  for (let run = 0; run < RUNS; run++) {
    for (const which of PAGES) {
      const page =
        which === 'reference'
          ? await openReference(browser, baseURL, snap, data)
          : await openApp(browser, baseURL);
      const r = await traceScroll(page);
      console.log(JSON.stringify({ page: which, outDir: process.env.OUT_DIR ?? 'dist', ...r }));
      await page
        .context()
        .close()
        .catch(() => undefined);
      await page.close().catch(() => undefined);
    }
  }
} finally {
  await browser.close();
  stopServer(server);
}
