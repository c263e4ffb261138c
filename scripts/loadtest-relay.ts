/**
 * The relay case of `npm run loadtest` (docs/BENCHMARKS.md 'Upstream relay'; docs/API.md 'Market sources'): the
 * server as `npm start` runs it with MARKET_SOURCE=gate LIVE_SOURCE=gate, pointed at the fake upstream
 * (scripts/fake-upstream.ts) in this process with RELAY_PAIRS spot pairs (default 1,000) and Gate's 3 USDT
 * contracts. LOADTEST_LIVE_CLIENTS browser sockets (default 200) subscribe to spot and futures; once the server's
 * upstream sockets are subscribed, the fake sends LOADTEST_RELAY_RATE updates a second (default 2,000, one Gate frame
 * each, every pair in turn) for LOADTEST_RELAY_DURATION seconds (default 30).
 *
 * Upstream-to-socket lag: for each tick a browser socket receives, its receive time − the time the fake sent that
 * pair's price (one clock: one machine). The ticks are parsed on RELAY_SAMPLED sockets (20; the others count
 * messages only), so the load tool's own parsing does not become the lag it measures. Printed with the upstream
 * frames the server read, the frames it dropped (its /metrics), the socket disconnects and the server's RSS before
 * and after. Targets: p99 lag ≤ 250 ms, dropped 0, no disconnect.
 */
import { LiveServerMessage } from '../common/wire/live.ts';
import { startFakeUpstream } from './fake-upstream.ts';
import { mb, openLiveClients, serverRss } from './live-clients.ts';
import { freePort, startServer, stopServer } from './server-process.ts';

const HOST = '127.0.0.1';
const RATE = Number(process.env.LOADTEST_RELAY_RATE ?? 2000);
const DURATION_S = Number(process.env.LOADTEST_RELAY_DURATION ?? 30);
const CLIENTS = Number(process.env.LOADTEST_LIVE_CLIENTS ?? 200);
const PAIRS = Number(process.env.RELAY_PAIRS ?? 1000);
const SAMPLED = Math.min(20, CLIENTS);
/** Lag histogram: 1 ms buckets up to this, the last bucket holding everything above, ms. */
const MAX_LAG_MS = 10_000;

/** The sum of the series of `name` in a /metrics text. */
function metricSum(text: string, name: string): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Quantile `q` of a 1 ms histogram. */
function histogramQuantile(h: Uint32Array, total: number, q: number): number {
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let ms = 0; ms < h.length; ms++) if ((seen += h[ms]!) >= rank) return ms;
  return NaN;
}

/** Runs the relay case against a server of its own built from `staticDir`; returns the missed target or null. */
export async function relayCase(staticDir: string): Promise<string | null> {
  const fake = await startFakeUpstream({ extraSpotPairs: Math.max(0, PAIRS - 10) });
  const port = await freePort(HOST);
  const base = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...fake.env,
    STATIC_DIR: staticDir,
    MARKET_SOURCE: 'gate',
    LIVE_SOURCE: 'gate',
  };
  delete env.MH_FAULTS;
  delete env.PILOT_ROWS;
  console.info(`loadtest: relay: starting server/start.ts on ${base} against the fake upstream …`);
  const server = await startServer({ host: HOST, port, env, timeoutMs: 120_000 });
  const metrics = async () => (await fetch(`${base}/metrics`)).text();
  const waitFor = async (what: string, check: (text: string) => boolean) => {
    const until = Date.now() + 30_000;
    while (!check(await metrics())) {
      if (Date.now() > until) throw new Error(`relay: timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  try {
    await waitFor('the first poll', (t) => t.includes('masthead_upstream_list_age_seconds{list="spot"}'));
    const rssBefore = await serverRss(base);
    const sent = new Map<string, number>();
    const histogram = new Uint32Array(MAX_LAG_MS + 1);
    let measured = 0;
    const onTicks = (text: string, receivedAt: number) => {
      const message = LiveServerMessage.parse(JSON.parse(text));
      if (message.type !== 'ticks') return;
      for (const [key, price] of message.ticks) {
        const at = sent.get(`${key} ${price}`);
        if (at === undefined) continue; // a walked tick (BTC-settled contracts), or before the stream
        histogram[Math.min(MAX_LAG_MS, Math.max(0, receivedAt - at))]!++;
        measured++;
      }
    };
    const sampled = await openLiveClients(base, SAMPLED, ['spot', 'futures'], onTicks);
    const rest = await openLiveClients(base, CLIENTS - SAMPLED, ['spot', 'futures']);
    await waitFor(
      'the upstream subscriptions',
      (t) =>
        t.includes('masthead_upstream_connected{source="gate",market="spot"} 1') &&
        t.includes('masthead_upstream_connected{source="gate",market="futures"} 1'),
    );
    const framesBefore = metricSum(await metrics(), 'masthead_upstream_messages_total');
    let updates = 0;
    const stop = fake.stream(RATE, (key, price, at) => {
      sent.set(`${key} ${price}`, at);
      updates++;
    });
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    stop();
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    const [a, b] = await Promise.all([sampled.close(), rest.close()]);
    const text = await metrics();
    const frames = metricSum(text, 'masthead_upstream_messages_total') - framesBefore;
    const dropped = metricSum(text, 'masthead_upstream_dropped_total');
    const rssAfter = await serverRss(base);
    const p50 = histogramQuantile(histogram, measured, 0.5);
    const p99 = histogramQuantile(histogram, measured, 0.99);
    const disconnects = a.disconnects + b.disconnects;
    console.info(
      `\nrelay: fake upstream at ${RATE.toLocaleString('en')} updates/s over ${PAIRS.toLocaleString('en')} spot pairs ` +
        `+ 3 contracts, ${CLIENTS} sockets on spot + futures (${SAMPLED} parsed), ${seconds.toFixed(0)} s`,
    );
    console.info(
      '| updates sent/s | upstream frames read | ticks measured | p50 lag ms | p99 lag ms | dropped | disconnects | socket messages | RSS before → after MB |',
    );
    console.info('|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    console.info(
      `| ${Math.round(updates / seconds).toLocaleString('en')} | ${frames.toLocaleString('en')} | ` +
        `${measured.toLocaleString('en')} | ${p50} | ${p99} | ${dropped} | ${disconnects} | ` +
        `${(a.messages + b.messages).toLocaleString('en')} | ${mb(rssBefore)} → ${mb(rssAfter)} |`,
    );
    const ok = measured > 0 && p99 <= 250 && dropped === 0 && disconnects === 0;
    return ok ? null : 'relay: want p99 upstream-to-socket lag ≤ 250 ms, dropped 0 and no disconnect';
  } finally {
    stopServer(server);
    await fake.close();
  }
}
