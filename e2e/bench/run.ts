/**
 * `npm run bench` (targets in docs/BENCHMARKS.md): drives the built app in Debian's chromium for pilot lists of
 * 3,000, 10,000 and 100,000 rows, engine in the worker vs in-thread (`?engine=main`) vs the plain-DOM reference
 * (reference-page.ts), at 1x and 4x CPU throttle. Prints the tables, writes reports/bench.json and, for the full
 * matrix, docs/BENCHMARKS.md. Env: BENCH_SIZES=3000,10000, BENCH_THROTTLES=4, BENCH_MODES=worker,reference narrow a
 * run; BENCH_DOCS=0 keeps docs/BENCHMARKS.md as is (a run on a busy machine); BENCH_PORT (default 4600); OUT_DIR is
 * the built app served (default dist, as `vite build` writes it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import type { Browser } from '@playwright/test';
import { loadMarketData } from '../../server/market-data.ts';
import { buildPilotColumns } from '../../server/market-data/pilot-columns.ts';
import { renderMarkdown, renderTable } from './report.ts';
import { runCase, type CaseResult, type Mode } from './measure.ts';
import { CAPTURE_APP_SNAPSHOT, type AppSnapshot } from './reference-page.ts';

const SIZES = (process.env.BENCH_SIZES ?? '3000,10000,100000').split(',').map(Number);
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const ALL_MODES: Mode[] = ['worker', 'main', 'reference'];
const MODES = (process.env.BENCH_MODES ?? ALL_MODES.join(','))
  .split(',')
  .filter((m): m is Mode => (ALL_MODES as string[]).includes(m));
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const STATIC_DIR = process.env.OUT_DIR ?? 'dist';
/** docs/BENCHMARKS.md keeps what follows this line across runs. */
const ANALYSIS_MARKER = '<!-- analysis: kept across runs -->';

async function startServer(rows: number): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PILOT_ROWS: String(rows),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      STATIC_DIR,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // own process group: npx's grandchild (the server) must die with it
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error(`bench server for ${rows} rows did not start on port ${PORT}`);
}

function stopServer(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill();
  }
}

/**
 * One unmeasured visit per server: the server finishes its start-up work (the compact pilot list is compressed once
 * per data version) and the bench takes the app's row markup and CSS for the reference page.
 */
async function warmUpAndCapture(browser: Browser, baseURL: string): Promise<AppSnapshot> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/trade/BTC_USDT`);
    await page.getByTestId('nav-trade').hover();
    await page.getByTestId('menu-pilot').hover();
    await page.getByTestId('market-row').first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(500);
    return (await page.evaluate(CAPTURE_APP_SNAPSHOT)) as AppSnapshot;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: CaseResult[] = [];
  const runStarted = Date.now();
  try {
    for (const rows of SIZES) {
      const server = await startServer(rows);
      try {
        const baseURL = `http://127.0.0.1:${PORT}`;
        const snapshot = await warmUpAndCapture(browser, baseURL);
        // The reference gets the same rows, in the compact form the app's worker receives (docs/API.md).
        const data = MODES.includes('reference')
          ? Buffer.from(
              JSON.stringify({
                code: 200,
                data: buildPilotColumns(loadMarketData({ pilotRows: rows }).pilot),
              }),
            )
          : Buffer.alloc(0);
        for (const throttle of THROTTLES) {
          for (const mode of MODES) {
            process.stdout.write(`bench: ${rows} rows, ${mode}, ${throttle}x … `);
            const started = Date.now();
            const result = await runCase(browser, {
              baseURL,
              rows,
              mode,
              throttle,
              reference: mode === 'reference' ? { snapshot, data } : undefined,
            });
            results.push(result);
            console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
          }
        }
      } finally {
        stopServer(server);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await browser.close();
  }
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: type(),
    node: process.version,
    chromium: browser.version(),
    date: new Date().toISOString(),
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/bench.json', JSON.stringify({ machine, cases: results }, null, 2) + '\n');
  console.log('\n' + renderTable(results));
  console.log(`\nbench: ${results.length} cases in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min`);
  const fullRun = SIZES.length === 3 && THROTTLES.length === 2 && MODES.length === ALL_MODES.length;
  if (fullRun && process.env.BENCH_DOCS !== '0') {
    // Everything after the marker is hand-kept analysis: a new run replaces the figures above it, not the reading.
    const previous = existsSync('docs/BENCHMARKS.md') ? readFileSync('docs/BENCHMARKS.md', 'utf8') : '';
    const kept = previous.includes(ANALYSIS_MARKER)
      ? previous.slice(previous.indexOf(ANALYSIS_MARKER))
      : ANALYSIS_MARKER + '\n';
    writeFileSync('docs/BENCHMARKS.md', renderMarkdown(results, machine) + '\n' + kept);
    console.log('wrote reports/bench.json and docs/BENCHMARKS.md');
  } else console.log('wrote reports/bench.json (partial run or BENCH_DOCS=0: docs/BENCHMARKS.md left as is)');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
