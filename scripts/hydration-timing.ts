/**
 * First paint and hydration as a visitor sees them (docs/benchmarks/history.md 'Fourth page-load pass'): loads `/` of two
 * running servers alternately in Debian's chromium with devtools throttling (CPU 4×; slow 4G — 150 ms latency,
 * 1.6 Mbps down — unless FAST_NET=1), a 390 px viewport, a fresh context per load (cold cache; WARM=1 first visits
 * /trade/BTC_USDT in the same context, so the measured load is a repeat view), and prints per server the medians and
 * every load of: first contentful paint (paint timing, ms) and hydrated (the header's `data-ready`, ms since
 * navigation). Usage: `RUNS=5 tsx scripts/hydration-timing.ts http://127.0.0.1:4331 http://127.0.0.1:4332` with two
 * builds served by `server/start.ts` (STATIC_DIR). Not part of `npm test`. A page that never hydrates fails the run
 * (60 s time-out).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

const bases = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 5);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 94 * 1024 };

interface Timing {
  fcp: number;
  hydrated: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** One load of `base`/ in a new context: its first contentful paint and the time the header was hydrated (ms). */
async function load(base: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const ready = page.locator('header.site-header[data-ready="true"]');
    if (process.env.WARM) {
      await page.goto(`${base}/trade/BTC_USDT`);
      await ready.waitFor({ timeout: 60_000 });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (!process.env.FAST_NET) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    await ready.waitFor({ timeout: 60_000 });
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      hydrated: performance.now(),
    }));
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = new Map(bases.map((b) => [b, [] as Timing[]]));
try {
  for (let i = 0; i < RUNS; i++) for (const base of bases) results.get(base)!.push(await load(base));
} finally {
  await browser.close();
}
for (const [base, runs] of results) {
  const fcp = runs.map((r) => Math.round(r.fcp));
  const hydrated = runs.map((r) => Math.round(r.hydrated));
  console.info(
    `${base}: FCP median ${median(fcp)} ms (${fcp.join(' ')}), hydrated median ${median(hydrated)} ms (${hydrated.join(' ')})`,
  );
}
