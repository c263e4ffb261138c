/**
 * Keystroke trace of the pilot market list (docs/benchmarks/history.md 'Keystroke trace'): serves a built app, opens the
 * Pilot panel at 1440 × 900 with the CPU slowed TRACE_THROTTLE× (default 4), types TRACE_TERMS one key at a time
 * under a Chromium devtools.timeline trace and prints, per keystroke: style recalculations (and elements styled),
 * layout passes (with their dirty objects), paint events and the painted area (px², summed over paint rects), paints
 * of the document's root layer (rects over 1,000,000 px²), hit tests (Chromium's hover update under the resting
 * pointer after a layout), script time and tasks over 50 ms. Usage: `OUT_DIR=dist tsx scripts/keystroke-trace.ts`
 * (TRACE_PORT default 4612, PILOT_ROWS default 100000, TRACE_ROOT = the checkout whose server/start.ts serves OUT_DIR,
 * default the current one; TRACE_PATH the page, default /trade/BTC_USDT). TRACE_SCROLL=1 traces the benchmark's
 * scroll instead (40 wheel steps of 600 px, 40 ms apart) and prints the same figures per step plus the
 * worker replies (`message` events) and rows written.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { waitForAnnouncementSettled } from '../e2e/support/settle.ts';

const PORT = Number(process.env.TRACE_PORT ?? 4612);
const ROOT = resolve(process.env.TRACE_ROOT ?? '.');
const STATIC_DIR = resolve(ROOT, process.env.OUT_DIR ?? 'dist');
const THROTTLE = Number(process.env.TRACE_THROTTLE ?? 4);
const TERMS = (process.env.TRACE_TERMS ?? 'pip,sol,cat').split(',');
/** The page the panel opens on: a trade page by default, `/` (the home page) with TRACE_PATH=/. */
const PATH = process.env.TRACE_PATH ?? '/trade/BTC_USDT';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; elementCount?: number };
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      STATIC_DIR,
      PILOT_ROWS: process.env.PILOT_ROWS ?? '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('trace server did not start');
}

/** Area of a paint event's clip quad, px² (0 when absent). */
function clipArea(e: TraceEvent): number {
  const q = e.args?.data?.clip as number[] | undefined;
  if (!q || q.length < 8) return 0;
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
}

/** Per-keystroke figures from the renderer main thread's events in [from, to) µs. */
function figures(events: TraceEvent[], mainTid: number, from: number, to: number) {
  const on = events.filter((e) => e.tid === mainTid && e.ts >= from && e.ts < to);
  const layouts = on.filter((e) => e.name === 'Layout' && e.ph === 'X');
  const paints = events.filter((e) => e.name === 'Paint' && e.ts >= from && e.ts < to);
  const tasks = on.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  const script = on
    .filter((e) =>
      ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch'].includes(e.name),
    )
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const hitTests = on.filter((e) => e.name === 'HitTest');
  /** Main-thread ms of the events called `name`, one decimal. */
  const ms = (name: string) =>
    Math.round(on.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 100) / 10;
  return {
    styleRecalcs: on.filter((e) => e.name === 'UpdateLayoutTree').length,
    elementsStyled: on
      .filter((e) => e.name === 'UpdateLayoutTree')
      .reduce((sum, e) => sum + Number(e.args?.elementCount ?? 0), 0),
    layouts: layouts.length,
    dirtyObjects: layouts.map((e) => Number(e.args?.beginData?.dirtyObjects ?? 0)),
    hitTests: hitTests.length,
    hitTestMs: Math.round(hitTests.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 100) / 10,
    /** Paints of a rect over 1,000,000 px² (the document's root layer at 1440 × 900 and more). */
    rootPaints: paints.filter((e) => clipArea(e) > 1_000_000).length,
    layoutMs: Math.round(layouts.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 100) / 10,
    styleMs: ms('UpdateLayoutTree'),
    prePaintMs: ms('PrePaint'),
    /** Layerize and Commit: the compositor's share of the main thread (grows with the composited layers). */
    layerizeMs: ms('Layerize'),
    commitMs: ms('Commit'),
    paints: paints.length,
    paintAreaPx2: Math.round(paints.reduce((sum, e) => sum + clipArea(e), 0)),
    largestPaint: paints.reduce((max, e) => Math.max(max, clipArea(e)), 0),
    scriptMs: Math.round(script / 100) / 10,
    mainMs:
      Math.round(on.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0) / 100) / 10,
    longTasks: tasks.length,
  };
}

/** TRACE_DEBUG: prints one keystroke's long tasks with their biggest children and every paint rect. */
function debugDump(events: TraceEvent[], mainTid: number, from: number, to: number) {
  const on = events.filter((e) => e.ts >= from && e.ts < to);
  for (const t of on.filter((e) => e.tid === mainTid && e.name === 'RunTask' && (e.dur ?? 0) > 8_000)) {
    const inside = on.filter(
      (e) =>
        e.tid === mainTid &&
        e.ts >= t.ts &&
        e.ts < t.ts + (t.dur ?? 0) &&
        e !== t &&
        (e.dur ?? 0) > Number(process.env.TRACE_MIN_US ?? 2000),
    );
    console.log(`task +${((t.ts - from) / 1000).toFixed(1)} ms ${((t.dur ?? 0) / 1000).toFixed(1)} ms`);
    for (const e of inside.slice(0, 25)) {
      const d = e.args?.data ?? {};
      const what = [d.functionName, d.url, d.type, d.frame ? '' : ''].filter(Boolean).join(' ');
      console.log(`   ${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${what}`);
    }
  }
  const byName = new Map<string, number>();
  for (const e of on.filter((e) => e.tid === mainTid && e.ph === 'X'))
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
  console.log(
    [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`)
      .join(' | '),
  );
  for (const e of on.filter((e) => e.name === 'Layout' && e.tid === mainTid)) {
    const roots =
      (e.args as { endData?: { layoutRoots?: unknown[] } } | undefined)?.endData?.layoutRoots ?? [];
    console.log(
      `layout ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(e.args?.beginData)} roots ${roots.length}`,
    );
  }
  for (const e of on.filter((e) => e.name === 'EventDispatch' && (e.dur ?? 0) > 1000)) {
    console.log(
      `event ${String(e.args?.data?.type)} ${((e.dur ?? 0) / 1000).toFixed(1)} ms at +${((e.ts - from) / 1000).toFixed(1)}`,
    );
    for (const c of on.filter(
      (c) => c.tid === mainTid && c !== e && c.ts >= e.ts && c.ts < e.ts + (e.dur ?? 0) && (c.dur ?? 0) > 500,
    )) {
      const d = c.args?.data ?? {};
      console.log(
        `     ${c.name} ${((c.dur ?? 0) / 1000).toFixed(1)} ${String(d.functionName ?? d.type ?? '')} ${String(
          d.url ?? '',
        )
          .split('/')
          .pop()}`,
      );
    }
  }
  for (const e of on.filter((e) => e.name === 'FunctionCall' && (e.dur ?? 0) > 1000)) {
    const d = e.args?.data ?? {};
    console.log(
      `fn ${((e.dur ?? 0) / 1000).toFixed(1)} ${String(d.functionName)} ${String(d.url).split('/').pop()}:${String(d.lineNumber)}`,
    );
  }
  for (const e of on.filter((e) => e.name === 'Paint')) {
    console.log(
      `paint layer ${String(e.args?.data?.layerId)} node ${String(e.args?.data?.nodeId)} clip ${JSON.stringify(e.args?.data?.clip)}`,
    );
  }
}

async function typeTraced(page: Page, term: string) {
  const search = page.getByTestId('market-search');
  await search.fill('');
  await page.waitForTimeout(1500);
  await search.focus();
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  const marks: number[] = [];
  for (const ch of term) {
    marks.push(await page.evaluate(() => performance.timeOrigin * 1000 + performance.now() * 1000));
    await page.keyboard.press(ch);
    await page.waitForTimeout(400);
  }
  marks.push(await page.evaluate(() => performance.timeOrigin * 1000 + performance.now() * 1000));
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // Trace timestamps are monotonic µs; align them on the first keydown's EventDispatch.
  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const mainTid = keydowns[0]?.tid ?? 0;
  const starts = keydowns.map((e) => e.ts);
  if (process.env.TRACE_DEBUG)
    debugDump(events, mainTid, starts[0] ?? 0, starts[1] ?? (starts[0] ?? 0) + 400_000);
  return starts.map((start, k) => figures(events, mainTid, start, starts[k + 1] ?? start + 400_000));
}

/** The benchmark's scroll (e2e/bench/measure.ts scrollList) under a trace: figures per wheel step. */
async function scrollTraced(page: Page) {
  const list = page.getByTestId('market-list');
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  const steps = 40;
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const wheels = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'wheel');
  const mainTid = wheels[0]?.tid ?? 0;
  const from = wheels[0]?.ts ?? 0;
  const to = (wheels.at(-1)?.ts ?? from) + 300_000;
  const f = figures(events, mainTid, from, to);
  const on = events.filter((e) => e.tid === mainTid && e.ts >= from && e.ts < to);
  const count = (type: string) =>
    on.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === type).length;
  const per = (n: number) => Math.round((n / steps) * 10) / 10;
  if (process.env.TRACE_DEBUG) debugDump(events, mainTid, from, to);
  return {
    steps,
    scrolledPx: await list.evaluate((el) => el.scrollTop),
    scrollEvents: count('scroll'),
    workerReplies: count('message'),
    layoutsPerStep: per(f.layouts),
    largestDirtyObjects: f.dirtyObjects.length ? Math.max(...f.dirtyObjects) : 0,
    layoutMsPerStep: per(f.layoutMs),
    paintsPerStep: per(f.paints),
    paintAreaPx2PerStep: per(f.paintAreaPx2),
    largestPaintPx2: f.largestPaint,
    scriptMsPerStep: per(f.scriptMs),
    mainMsPerStep: per(f.mainMs),
    longTasks: f.longTasks,
  };
}

/** Types TRACE_TERMS under a trace and prints the per-keystroke figures and their averages. */
async function traceTyping(page: Page) {
  const rows: Array<ReturnType<typeof figures>> = [];
  for (const term of TERMS) rows.push(...(await typeTraced(page, term)));
  const avg = (pick: (r: (typeof rows)[number]) => number) =>
    Math.round((rows.reduce((s, r) => s + pick(r), 0) / rows.length) * 10) / 10;
  console.log(JSON.stringify({ keystrokes: rows.length, perKey: rows }, null, 1));
  console.log(
    JSON.stringify({
      keystrokes: rows.length,
      styleRecalcs: avg((r) => r.styleRecalcs),
      layouts: avg((r) => r.layouts),
      dirtyObjectsPerLayout: avg((r) => (r.dirtyObjects.length ? Math.max(...r.dirtyObjects) : 0)),
      dirtyObjectsPerKey: avg((r) => r.dirtyObjects.reduce((a, b) => a + b, 0)),
      elementsStyled: avg((r) => r.elementsStyled),
      hitTests: avg((r) => r.hitTests),
      hitTestMs: avg((r) => r.hitTestMs),
      rootPaints: avg((r) => r.rootPaints),
      paints: avg((r) => r.paints),
      paintAreaPx2: avg((r) => r.paintAreaPx2),
      largestPaintPx2: avg((r) => r.largestPaint),
      layoutMs: avg((r) => r.layoutMs),
      styleMs: avg((r) => r.styleMs),
      prePaintMs: avg((r) => r.prePaintMs),
      layerizeMs: avg((r) => r.layerizeMs),
      commitMs: avg((r) => r.commitMs),
      scriptMs: avg((r) => r.scriptMs),
      mainMs: avg((r) => r.mainMs),
      longTasks: rows.reduce((s, r) => s + r.longTasks, 0),
    }),
  );
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}${PATH}`);
  // On `/` the announcement bar arrives after hydration and moves the header: hover once it has settled.
  await page.locator('header.site-header[data-ready="true"]').waitFor();
  await waitForAnnouncementSettled(page);
  await page.getByTestId('nav-trade').hover();
  await page.getByTestId('menu-pilot').hover();
  await page.getByTestId('market-row').first().waitFor({ timeout: 90_000 });
  // TRACE_CSS: extra CSS to compare containment/layer variants without a rebuild.
  if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  if (process.env.TRACE_SCROLL) {
    await page.waitForTimeout(1500);
    console.log(JSON.stringify(await scrollTraced(page), null, 1));
  } else await traceTyping(page);
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
