/**
 * `npm run bench` (targets in docs/BENCHMARKS.md): drives the built app in Debian's chromium for pilot lists of
 * 3,000, 10,000 and 100,000 rows, engine in the worker vs in-thread (`?engine=main`), at 1x and 4x CPU throttle.
 * Prints a table, writes reports/bench.json and docs/BENCHMARKS.md. BENCH_SIZES=3000,10000 and BENCH_THROTTLES=4
 * narrow a run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { renderMarkdown, renderTable } from './report.ts';
import { runCase, type CaseResult, type EngineMode } from './measure.ts';

const SIZES = (process.env.BENCH_SIZES ?? '3000,10000,100000').split(',').map(Number);
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const ENGINES: EngineMode[] = ['worker', 'main'];
const PORT = Number(process.env.BENCH_PORT ?? 4600);
/** docs/BENCHMARKS.md keeps what follows this line across runs. */
const ANALYSIS_MARKER = '<!-- analysis: kept across runs -->';

async function startServer(rows: number): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    env: { ...process.env, PILOT_ROWS: String(rows), PORT: String(PORT), HOST: '127.0.0.1' },
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

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: CaseResult[] = [];
  try {
    for (const rows of SIZES) {
      const server = await startServer(rows);
      try {
        for (const throttle of THROTTLES) {
          for (const engine of ENGINES) {
            process.stdout.write(`bench: ${rows} rows, ${engine}, ${throttle}x … `);
            const started = Date.now();
            const result = await runCase(browser, `http://127.0.0.1:${PORT}`, rows, engine, throttle);
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
  if (SIZES.length === 3 && THROTTLES.length === 2) {
    // Everything after the marker is hand-kept analysis: a new run replaces the figures above it, not the reading.
    const previous = existsSync('docs/BENCHMARKS.md') ? readFileSync('docs/BENCHMARKS.md', 'utf8') : '';
    const kept = previous.includes(ANALYSIS_MARKER)
      ? previous.slice(previous.indexOf(ANALYSIS_MARKER))
      : ANALYSIS_MARKER + '\n';
    writeFileSync('docs/BENCHMARKS.md', renderMarkdown(results, machine) + '\n' + kept);
    console.log('wrote reports/bench.json and docs/BENCHMARKS.md');
  } else console.log('wrote reports/bench.json (partial run: docs/BENCHMARKS.md left as is)');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
