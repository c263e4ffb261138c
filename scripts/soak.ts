/**
 * `npm run soak`: the reference server's memory over a long run with the live stream on (docs/BENCHMARKS.md 'Live
 * socket: load and soak'). Starts its own `server/start.ts` on a free loopback port (default TICKS_PER_S, the stream
 * on), opens SOAK_CLIENTS live ticker sockets (default 50) subscribed to every list, loads pages (the server-rendered
 * app page in a few locales, SOAK_PAGE_LOOPS sequential loops, default 2) for SOAK_DURATION seconds (default 600),
 * and samples the server's RSS from its own /metrics every SOAK_SAMPLE seconds (default 10). Prints the samples and
 * whether RSS is flat after the warm-up (SOAK_WARMUP seconds, default 120): the least-squares slope of the samples
 * after it, times their span, within 5 % of their mean. Exit code 1 when it is not flat, a socket dropped, or a page
 * load failed. Loopback only and bounded in time; the server is stopped on exit.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIVE_LISTS } from '../common/wire/live.ts';
import { mb, openLiveClients, quantile, serverRss } from './live-clients.ts';
import { freePort, startServer, stopServer } from './server-process.ts';

const HOST = '127.0.0.1';
const DURATION_S = Number(process.env.SOAK_DURATION ?? 600);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
const PAGE_LOOPS = Number(process.env.SOAK_PAGE_LOOPS ?? 2);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE ?? 10);
const WARMUP_S = Number(process.env.SOAK_WARMUP ?? 120);
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist');
const PAGES = ['/', '/zh/', '/ja/', '/tr/', '/es/'];
/** Largest growth over the post-warm-up span counted as flat, fraction of the mean RSS. */
const FLAT_FRACTION = 0.05;

/** Least-squares slope of `ys` over `xs` (units of y per unit of x). */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den ? num / den : 0;
}

async function main(): Promise<void> {
  if (!existsSync(resolve(STATIC_DIR, 'index.html'))) {
    throw new Error(`${STATIC_DIR}/index.html is missing; run \`npm run build\` first`);
  }
  const port = await freePort(HOST);
  const base = `http://${HOST}:${port}`;
  console.info(`soak: starting server/start.ts on ${base} for ${DURATION_S} s …`);
  const env: NodeJS.ProcessEnv = { ...process.env, STATIC_DIR };
  delete env.MH_FAULTS;
  delete env.TICKS_PER_S; // the default rate: the stream as `npm start` runs it
  const server = await startServer({ host: HOST, port, env, timeoutMs: 120_000 });
  process.once('SIGINT', () => {
    stopServer(server);
    process.exit(130);
  });
  const samples: { t: number; rss: number }[] = [];
  let pages = 0;
  let pageFailures = 0;
  let stats;
  try {
    const t0 = performance.now();
    const elapsed = () => (performance.now() - t0) / 1000;
    samples.push({ t: 0, rss: await serverRss(base) });
    const pool = await openLiveClients(base, CLIENTS, [...LIVE_LISTS]);
    const end = t0 + DURATION_S * 1000;
    const loop = async (offset: number) => {
      for (let i = offset; performance.now() < end; i++) {
        try {
          const res = await fetch(base + PAGES[i % PAGES.length]!, { headers: { 'accept-encoding': 'br' } });
          await res.arrayBuffer();
          if (res.ok) pages++;
          else pageFailures++;
        } catch {
          pageFailures++;
        }
      }
    };
    const sampler = (async () => {
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, SAMPLE_S * 1000));
        const sample = { t: elapsed(), rss: await serverRss(base) };
        samples.push(sample);
        console.info(`soak: ${sample.t.toFixed(0)} s RSS ${mb(sample.rss)} MB, ${pages} pages`);
      }
    })();
    await Promise.all([...Array.from({ length: PAGE_LOOPS }, (_, i) => loop(i)), sampler]);
    stats = await pool.close();
  } finally {
    stopServer(server);
  }
  const after = samples.filter((s) => s.t >= WARMUP_S);
  const rate =
    after.length >= 2
      ? slope(
          after.map((s) => s.t),
          after.map((s) => s.rss),
        )
      : NaN;
  const span = after.length >= 2 ? after.at(-1)!.t - after[0]!.t : 0;
  const mean = after.reduce((a, s) => a + s.rss, 0) / Math.max(1, after.length);
  const growth = rate * span;
  const flat = Number.isFinite(growth) && Math.abs(growth) <= FLAT_FRACTION * mean;
  const rss = samples.map((s) => s.rss);
  console.info(
    `\nsoak: ${DURATION_S} s, ${CLIENTS} live sockets on ${LIVE_LISTS.join(' + ')} (default TICKS_PER_S), ` +
      `${PAGE_LOOPS} page loops, Node ${process.version}`,
  );
  console.info(
    '| pages | page failures | live messages | p99 lag ms | disconnects | RSS start / min / max / end MB | slope after warm-up | flat |',
  );
  console.info('|---:|---:|---:|---:|---:|---|---|---|');
  console.info(
    `| ${pages.toLocaleString('en')} | ${pageFailures} | ${stats.messages.toLocaleString('en')} | ` +
      `${quantile(stats.lags, 0.99)} | ${stats.disconnects} | ${mb(rss[0]!)} / ${mb(Math.min(...rss))} / ` +
      `${mb(Math.max(...rss))} / ${mb(rss.at(-1)!)} | ${((rate * 60) / 1e6).toFixed(2)} MB/min | ${flat ? 'yes' : 'no'} |`,
  );
  console.info(`samples (s: MB): ${samples.map((s) => `${s.t.toFixed(0)}: ${mb(s.rss)}`).join(', ')}`);
  process.exitCode = flat && stats.disconnects === 0 && pageFailures === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error('soak:', err);
  process.exit(1);
});
