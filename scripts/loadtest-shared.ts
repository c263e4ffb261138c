/**
 * `npm run loadtest`'s shared-state cases (docs/BENCHMARKS.md 'Two instances and Redis'):
 *
 * - two instances: a redis-server of its own (scripts/redis-process.ts) and two `server/start.ts` sharing it
 *   (REDIS_URL, one MH_SECRET, TICKS_PER_S=LOADTEST_TICKS); the server-rendered `/` under LOADTEST_CONNECTIONS
 *   clients per instance (both at once), then LOADTEST_SHARED_SOCKETS live sockets (default 400) split across them
 *   for LOADTEST_SHARED_DURATION seconds (default 30): requests/s, p99 page latency, p50/p99 tick lag (receive time −
 *   the relaying instance's `sentAt`), errors and disconnects, the RSS of each instance and of Redis. Targets: zero
 *   errors and disconnects, p99 tick lag ≤ 1,000 ms, exactly one producer.
 * - SSR in one process, before and after concurrent rendering, in the same run: the same `/` load on one server with
 *   SSR_CONCURRENCY=1 (one render at a time, as before) and unbounded, interleaved A/B/A/B.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { mb, openLiveClients, quantile, serverRss } from './live-clients.ts';
import { startRedis } from './redis-process.ts';
import { freePort, startServer, stopServer } from './server-process.ts';

const HOST = '127.0.0.1';
const SECRET = 'loadtest-shared-secret-0123456789abcdef';

/** Settings of the shared cases (from loadtest.ts). */
export interface SharedOptions {
  staticDir: string;
  connections: number;
  durationS: number;
  ticksPerS: number;
  sockets: number;
  liveDurationS: number;
}

async function startAt(env: NodeJS.ProcessEnv) {
  const port = await freePort(HOST);
  const child = await startServer({ host: HOST, port, env, timeoutMs: 120_000 });
  return { base: `http://${HOST}:${port}`, child };
}

async function metricSum(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((s, l) => s + Number(l.split(' ').at(-1)), 0);
}

/** autocannon on `base/` with browser-like headers; the page needs no cookie. */
async function pageLoad(base: string, connections: number, durationS: number) {
  const r = await autocannon({
    url: `${base}/`,
    connections,
    duration: durationS,
    timeout: 30,
    headers: {
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
    },
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** The two-instance case; returns the missed targets. */
export async function sharedCase(o: SharedOptions): Promise<string[]> {
  const redis = await startRedis();
  const env = (seed: string): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      STATIC_DIR: o.staticDir,
      REDIS_URL: redis.url,
      MH_SECRET: SECRET,
      TICKS_PER_S: String(o.ticksPerS),
      LIVE_SEED: seed,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mh-load-')),
    };
    delete e.MH_FAULTS;
    return e;
  };
  const servers = await Promise.all([startAt(env('1')), startAt(env('2'))]);
  const missed: string[] = [];
  try {
    const [a, b] = servers.map((s) => s.base) as [string, string];
    const pages = await Promise.all([a, b].map((base) => pageLoad(base, o.connections, o.durationS)));
    const rssAfterPages = await Promise.all([a, b].map(serverRss));
    const half = Math.floor(o.sockets / 2);
    const pools = [
      await openLiveClients(a, half, ['spot', 'futures']),
      await openLiveClients(b, o.sockets - half, ['spot', 'futures']),
    ];
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, o.liveDurationS * 1000));
    const stats = await Promise.all(pools.map((p) => p.close()));
    const seconds = (performance.now() - t0) / 1000;
    const holders = (
      await Promise.all([a, b].map((base) => metricSum(base, 'masthead_live_upstream_held')))
    ).reduce((x, y) => x + y, 0);
    const rss = await Promise.all([a, b].map(serverRss));
    const redisRss = Number(
      /used_memory_rss:(\d+)/.exec(
        execFileSync('redis-cli', ['-p', String(redis.port), 'info', 'memory'], { encoding: 'utf8' }),
      )?.[1] ?? NaN,
    );
    console.info(
      `\ntwo instances + Redis: SSR / at ${o.connections} clients per instance for ${o.durationS} s (both at once), then ` +
        `${o.sockets} live sockets (spot + futures) split across them at TICKS_PER_S=${o.ticksPerS} for ${seconds.toFixed(0)} s`,
    );
    console.info(
      '| instance | SSR req/s | p50 ms | p99 ms | errors | tick batches/s | p50 lag ms | p99 lag ms | disconnects | RSS after pages → after live MB |',
    );
    console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    ['A', 'B'].forEach((name, i) => {
      const p = pages[i]!;
      const s = stats[i]!;
      console.info(
        `| ${name} | ${Math.round(p.rps)} | ${p.p50} | ${p.p99} | ${p.errors} | ${Math.round(s.tickBatches / seconds)} | ` +
          `${quantile(s.lags, 0.5)} | ${quantile(s.lags, 0.99)} | ${s.disconnects} | ${mb(rssAfterPages[i]!)} → ${mb(rss[i]!)} |`,
      );
    });
    console.info(`producers (masthead_live_upstream_held summed): ${holders}; Redis RSS ${mb(redisRss)} MB`);
    const lags = stats.flatMap((s) => s.lags);
    if (pages.some((p) => p.errors > 0)) missed.push('shared: SSR errors');
    if (stats.some((s) => s.disconnects > 0 || s.invalid > 0 || s.tickBatches === 0))
      missed.push('shared: live disconnects or no ticks');
    if (quantile(lags, 0.99) > 1000) missed.push('shared: want p99 tick lag ≤ 1,000 ms');
    if (holders !== 1) missed.push(`shared: want exactly one producer, saw ${holders}`);
  } finally {
    for (const s of servers) stopServer(s.child);
    redis.remove();
  }
  return missed;
}

/** SSR throughput of one process, one render at a time (before) and concurrent (after), interleaved. */
export async function ssrBeforeAfter(o: SharedOptions): Promise<void> {
  const env = (concurrency: string): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      STATIC_DIR: o.staticDir,
      TICKS_PER_S: '0',
      SSR_CONCURRENCY: concurrency,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mh-load-')),
    };
    delete e.MH_FAULTS;
    delete e.REDIS_URL;
    return e;
  };
  const rows: string[] = [];
  for (const round of [1, 2]) {
    for (const [label, concurrency] of [
      ['before: one render at a time (SSR_CONCURRENCY=1)', '1'],
      ['after: 2 renders in flight (SSR_CONCURRENCY=2)', '2'],
      ['after: unbounded (SSR_CONCURRENCY=0)', '0'],
    ] as const) {
      const s = await startAt(env(concurrency));
      try {
        const r = await pageLoad(s.base, o.connections, o.durationS);
        const failed = await metricSum(s.base, 'masthead_render_failures_total');
        rows.push(
          `| ${round} | ${label} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${failed} |`,
        );
      } finally {
        stopServer(s.child);
      }
    }
  }
  console.info(`\nSSR / in one process, ${o.connections} clients, ${o.durationS} s per run, interleaved`);
  console.info('| round | mode | req/s | p50 ms | p99 ms | errors | renders failed (shell served) |');
  console.info('|---:|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.info(r);
}
