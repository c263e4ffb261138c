/**
 * First paint and hydration as a visitor sees them (docs/BENCHMARKS.md 'Hydration at 4x'): in Debian's chromium
 * with devtools throttling (CPU 4×; slow 4G — 150 ms latency, 1.6 Mbps down — unless FAST_NET=1), a 390 × 844
 * phone (Lighthouse's mobile user agent, touch; PHONE=0: a desktop window that size, which the server takes for a
 * desktop) and a fresh context per load (cold cache; WARM=1 first visits /trade/BTC_USDT, or the copy's own page,
 * in the same context, so the measured load is a repeat view), loads `/` of the app and `/` of its no-script copy
 * (scripts/no-script-copy.ts: the same server HTML with every script inert, so its first contentful paint is the
 * floor of paint) and `/` of its React floor copy (scripts/react-floor-copy.ts: the same page with its modules
 * swapped for React, React DOM and one commit, loaded the same way, so its hydrated − FCP is the floor of the
 * app's) in turn, PAIRS times (default 6): app, copy, floor, app, copy, floor… Prints the 1-minute load average at
 * the start and the end, and per pair: the app's first contentful paint, its hydrated header (`data-ready`) − that
 * paint, its first-load modules fetched − that paint, the copy's first contentful paint, the floor's hydrated −
 * its first contentful paint, then the medians (a Markdown table). TRACE=file also records one more app load in a Chromium trace (written to file) and prints
 * where the time between its paint and its hydrated header went (scripts/hydration-breakdown.ts).
 *
 * One command: `npx tsx scripts/hydration-timing.ts` serves the build in STATIC_DIR (default dist; run `vite build`
 * first) with `server/start.ts` on a free port and starts the copy itself. Or give the app's base URLs:
 * `tsx scripts/hydration-timing.ts http://127.0.0.1:4624 [http://127.0.0.1:4634]` — each gets its own copy, and the
 * loads interleave across them (each with its own copy and floor). Not part of `npm test`. A page that never hydrates fails the run (60 s time-out).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { hydrationBreakdown, pairsTable, PARTS, type HydrationPair } from './hydration-breakdown.ts';
import type { TraceEvent } from './lighthouse-tasks.ts';
import { startNoScriptCopy, type NoScriptCopy } from './no-script-copy.ts';
import type { PageCopy } from './page-copy.ts';
import { buildReactFloor, startReactFloorCopy } from './react-floor-copy.ts';
import { freePort, startServer, stopServer } from './server-process.ts';

const HOST = '127.0.0.1';
const PAIRS = Math.max(1, Number(process.env.PAIRS ?? process.env.RUNS ?? 6));
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 94 * 1024 };
const READY = 'header.site-header[data-ready="true"]';
/**
 * The phone the loads emulate (PHONE=0: a 390 px desktop window instead): Lighthouse's mobile user agent, so the
 * server guesses a phone's width (server/ssr/page-data.ts) as it does for a visitor's phone, with touch and no hover.
 */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const PHONE = process.env.PHONE !== '0';

/** Throttles `page` as a mid-range phone on slow 4G (CPU 4×; the network unless FAST_NET=1). */
async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (!process.env.FAST_NET) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** The page's first contentful paint (ms since navigation), waiting for it up to 60 s. */
async function fcpOf(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

interface AppLoad {
  fcp: number;
  hydrated: number;
  modules: number;
}

/**
 * Init script (a string: it runs in the page as written) that keeps, in the page: the first-load module URLs as
 * parsed from the served HTML — the entry script, live or inert, and the modulepreload links, live or inert —
 * before any script adds the lazy chunks' preloads (`mhFirstLoad`); and the moment the header's `data-ready` turns
 * true, seen by a mutation observer in the same task (`mhReady`, ms since navigation), so the figure carries no
 * polling or round-trip delay of the driver, and the driver polls the page only every 100 ms meanwhile.
 */
const APP_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  window.mhFirstLoad = Array.prototype.map.call(
    document.querySelectorAll('script[src][type="module"], script[src][type="mh-deferred-module"], link[rel="modulepreload"], link[data-mh-rel]'),
    function (e) { return new URL(e.getAttribute('src') || e.getAttribute('href'), location.href).href; });
});
new MutationObserver(function (list, observer) {
  if (!document.querySelector('${READY}')) return;
  window.mhReady = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });`;

/** The app's figures once its header is hydrated: paint, hydrated, first-load modules fetched (ms). */
async function appFigures(page: Page): Promise<AppLoad> {
  const handle = await page.waitForFunction(() => (window as { mhReady?: number }).mhReady, null, {
    timeout: 60_000,
    polling: 100,
  });
  const hydrated = (await handle.jsonValue()) as number;
  const fcp = await fcpOf(page);
  // The first-load modules: the entry and the modulepreload links of the page as served (APP_SCRIPT).
  const modules = await page.evaluate(() => {
    const urls = new Set((window as { mhFirstLoad?: string[] }).mhFirstLoad ?? []);
    const ends = performance
      .getEntriesByType('resource')
      .filter((r) => urls.has(r.name))
      .map((r) => (r as PerformanceResourceTiming).responseEnd);
    return ends.length ? Math.max(...ends) : Number.NaN;
  });
  return { fcp, hydrated, modules };
}

/** One load of `url` in a new context (see the module comment); `app` loads wait for the hydrated header. */
async function load(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  warmUrl: string,
  app: boolean,
  tracePath?: string,
): Promise<AppLoad> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...(PHONE ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
  });
  try {
    const page = await context.newPage();
    if (app) await page.addInitScript({ content: APP_SCRIPT });
    if (process.env.WARM) {
      await page.goto(warmUrl);
      if (app) await page.locator(READY).waitFor({ timeout: 60_000 });
      else await fcpOf(page);
    }
    const cdp = await throttle(context, page);
    const events: TraceEvent[] = [];
    if (tracePath) {
      cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
      await cdp.send('Tracing.start', {
        categories:
          'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,toplevel,blink',
        transferMode: 'ReportEvents',
      });
    }
    await page.goto(url, { waitUntil: 'commit' });
    const figures = app ? await appFigures(page) : { fcp: await fcpOf(page), hydrated: NaN, modules: NaN };
    if (tracePath) {
      await new Promise<void>((done) => {
        cdp.once('Tracing.tracingComplete', () => done());
        void cdp.send('Tracing.end');
      });
      writeFileSync(resolve(tracePath), JSON.stringify({ traceEvents: events }));
      const b = hydrationBreakdown(events, figures.fcp, figures.hydrated);
      console.info(
        `\ntrace ${tracePath}: FCP ${Math.round(figures.fcp)} ms, hydrated ${Math.round(figures.hydrated)} ms, ` +
          `modules fetched ${Math.round(figures.modules)} ms; main thread between FCP and hydrated (ms):`,
      );
      for (const p of PARTS) console.info(`  ${p}: ${b.parts[p]}`);
      console.info(`  waiting (network, scheduled tasks): ${b.waitingMs} (window ${b.windowMs})`);
    }
    return figures;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const given = process.argv.slice(2);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  if (given.length === 0) {
    const port = await freePort(HOST);
    const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist');
    server = await startServer({ host: HOST, port, env: { ...process.env, STATIC_DIR } });
    given.push(`http://${HOST}:${port}`);
  }
  const copies: NoScriptCopy[] = [];
  const floors: PageCopy[] = [];
  const floorCode = await buildReactFloor();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const start = loadavg()[0]!;
  const pairs = new Map(given.map((b) => [b, [] as HydrationPair[]]));
  try {
    for (const base of given) {
      copies.push(await startNoScriptCopy(`${base}/`, HOST));
      floors.push(await startReactFloorCopy(`${base}/`, floorCode, HOST));
    }
    for (let i = 0; i < PAIRS; i++)
      for (const [k, base] of given.entries()) {
        const app = await load(browser, `${base}/`, `${base}/trade/BTC_USDT`, true);
        const copy = await load(browser, copies[k]!.url, copies[k]!.url, false);
        const floor = await load(browser, floors[k]!.url, floors[k]!.url, true);
        pairs.get(base)!.push({
          appFcp: app.fcp,
          appHydrated: app.hydrated,
          appModules: app.modules,
          copyFcp: copy.fcp,
          floorFcp: floor.fcp,
          floorHydrated: floor.hydrated,
        });
      }
    const end = loadavg()[0]!;
    const net = process.env.FAST_NET ? 'no network throttling (FAST_NET=1)' : 'slow 4G';
    const device = PHONE ? 'phone (mobile user agent, touch)' : '390 px desktop window (PHONE=0)';
    console.info(
      `CPU 4×, ${net}, ${device}, ${PAIRS} pairs${process.env.WARM ? ', repeat views (WARM=1)' : ''}; ` +
        `1-minute load average ${start.toFixed(1)} at the start, ${end.toFixed(1)} at the end`,
    );
    for (const [base, list] of pairs) console.info(`\n${base}/ (ms since navigation)\n\n${pairsTable(list)}`);
    if (process.env.TRACE)
      await load(browser, `${given[0]}/`, `${given[0]}/trade/BTC_USDT`, true, process.env.TRACE);
  } finally {
    await browser.close();
    for (const c of [...copies, ...floors]) c.server.close();
    if (server) stopServer(server);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
