/**
 * `npm run lighthouse` (after `vite build`): Lighthouse 13 on the built app, mobile default settings (simulated
 * throttling: slow 4G, 4× CPU), performance category only. Starts its own `server/start.ts` on a free loopback port
 * (STATIC_DIR, default dist; its SSR bundle as `npm start` uses it), runs Lighthouse LH_RUNS times (default 2) on
 * LH_PATH (default `/`) with Debian's chromium (CHROME_PATH, default /usr/bin/chromium), keeps the best run by score,
 * writes reports/lighthouse.json (the best run's figures, every run's figures, the full best LHR) and replaces the
 * "Page load" section of docs/BENCHMARKS.md (between its page-load markers) with a table beside the targets.
 * Not part of `npm test`. A run Lighthouse could not record is retried (two extra attempts). Exit code 1 when no run
 * was recorded or a target is missed (LH_NO_FAIL=1: only the former). LH_TRACE=1 also writes each run's trace to
 * reports/lighthouse-trace-N.json and prints its main-thread tasks over 12.5 ms observed (scripts/lighthouse-tasks.ts),
 * the ones that block at 4x.
 *
 * The reference (LH_REFERENCE=0 leaves it out): after each app run, one run on the page's no-script copy
 * (scripts/no-script-copy.ts: the same server HTML and headers, every script inert, on its own port), so the report
 * shows in the same run what Chrome and the markup alone cost on this machine (TBT above all).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { freePort, startServer, stopServer } from './server-process.ts';
import { startNoScriptCopy } from './no-script-copy.ts';
import { longTasks, type TraceEvent } from './lighthouse-tasks.ts';
import {
  bestOf,
  bytesOf,
  firstLoadFiles,
  meetsTargets,
  pageLoadSection,
  replaceSection,
  type PageLoadFigures,
  type ViteManifest,
} from './lighthouse-report.ts';

const HOST = '127.0.0.1';
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist');
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 2));
const PATH = process.env.LH_PATH ?? '/';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const BENCHMARKS = resolve('docs/BENCHMARKS.md');
const REPORT = resolve('reports/lighthouse.json');

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * The figures of one Lighthouse result: score 0–100, times in ms, CLS unitless, bytes as transferred; `firstLoad` is
 * the set of first-load files of the build (paths under the site root).
 */
function figuresOf(lhr: Lhr, firstLoad: ReadonlySet<string>): PageLoadFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytes = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes: bytes('script'),
    firstLoadScriptBytes: bytesOf(
      (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] })
        ?.items ?? [],
      firstLoad,
    ),
    totalBytes: audit('total-byte-weight'),
    ...workerOf(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * The market worker's script in the run: its body as served (the build's precompressed `.br` file, the encoding
 * Chromium asks for) and what Lighthouse recorded (headers only, see PageLoadFigures.worker); nothing when the run
 * started no worker or the build has no such file.
 */
function workerOf(lhr: Lhr): Pick<PageLoadFigures, 'worker'> {
  const items =
    (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] })
      ?.items ?? [];
  const worker = items.find((i) => /\/assets\/[\w.-]*worker-[\w-]+\.js$/.test(new URL(i.url).pathname));
  if (!worker) return {};
  const file = resolve(STATIC_DIR, `.${new URL(worker.url).pathname}.br`);
  if (!existsSync(file)) return {};
  return { worker: { servedBytes: statSync(file).size, recordedBytes: worker.transferSize ?? 0 } };
}

/** One Lighthouse run on `url` in a fresh Chromium; null when Lighthouse could not record it. */
async function runOnce(url: string): Promise<{ lhr: Lhr; trace?: TraceEvent[] } | null> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result || result.lhr.runtimeError) {
      console.warn(`${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
      return null;
    }
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    return { lhr: result.lhr, trace: trace?.traceEvents };
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  if (!existsSync(resolve(STATIC_DIR, 'index.html')))
    throw new Error(`no build in ${STATIC_DIR}: run vite build`);
  const manifest = JSON.parse(
    readFileSync(resolve(STATIC_DIR, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const firstLoad = new Set(firstLoadFiles(manifest).js);
  const load = loadavg()[0];
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}${PATH}`;
  console.info(`lighthouse: serving ${STATIC_DIR} on ${url}`);
  const server = await startServer({
    host: HOST,
    port,
    env: { ...process.env, STATIC_DIR },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const runs: { figures: PageLoadFigures; lhr: Lhr }[] = [];
  const references: (PageLoadFigures | undefined)[] = [];
  const reference = process.env.LH_REFERENCE === '0' ? null : await startNoScriptCopy(url);
  const printTasks = (trace: TraceEvent[] | undefined) => {
    for (const t of longTasks(trace ?? []))
      console.info(
        `  task at ${t.atMs} ms, ${t.durMs} ms:`,
        t.top.map((e) => `${e.name} ${e.ms} ms ${e.detail}`.trim()).join(' | '),
      );
  };
  try {
    // A run that Lighthouse itself could not record (e.g. NO_NAVSTART on a starved machine) is retried, up to two
    // extra attempts in all; the figures come only from recorded runs.
    for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + 2; attempt++) {
      const result = await runOnce(url);
      if (!result) continue;
      const figures = figuresOf(result.lhr, firstLoad);
      console.info(`run ${runs.length + 1}:`, figures);
      if (process.env.LH_TRACE === '1') {
        mkdirSync(resolve('reports'), { recursive: true });
        writeFileSync(
          resolve(`reports/lighthouse-trace-${runs.length + 1}.json`),
          JSON.stringify({ traceEvents: result.trace ?? [] }),
        );
        printTasks(result.trace);
      }
      runs.push({ figures, lhr: result.lhr });
      if (!reference) continue;
      // The reference right after the app's run, so both see the same machine; a failed one is left out.
      const ref = await runOnce(reference.url);
      if (!ref) continue;
      const refFigures = figuresOf(ref.lhr, firstLoad);
      console.info(`reference ${runs.length}:`, refFigures);
      if (process.env.LH_TRACE === '1') printTasks(ref.trace);
      references[runs.length - 1] = refFigures;
    }
  } finally {
    stopServer(server);
    reference?.server.close();
  }
  if (runs.length === 0) throw new Error('Lighthouse recorded no run');
  const best = bestOf(runs);
  mkdirSync(resolve('reports'), { recursive: true });
  writeFileSync(
    REPORT,
    JSON.stringify(
      {
        url: PATH,
        measuredAt: new Date().toISOString(),
        loadAverage: load,
        best: best.figures,
        runs: runs.map((r) => r.figures),
        reference: references,
        lhr: best.lhr,
      },
      null,
      2,
    ),
  );
  const section = pageLoadSection(
    best.figures,
    runs.length,
    new Date(),
    load,
    reference ? { app: runs.map((r) => r.figures), reference: runs.map((_, k) => references[k]) } : undefined,
  );
  writeFileSync(BENCHMARKS, replaceSection(readFileSync(BENCHMARKS, 'utf8'), section));
  console.info(section);
  if (!meetsTargets(best.figures) && process.env.LH_NO_FAIL !== '1') process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
