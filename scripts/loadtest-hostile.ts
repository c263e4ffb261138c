/**
 * The hostile case of `npm run loadtest` (docs/BENCHMARKS.md 'Hostile clients'; docs/SECURITY.md 'Live socket',
 * 'Edge'): 50 well-behaved HTTP clients (autocannon on the spot list, LOADTEST_CONNECTIONS) and 20 well-behaved live
 * sockets on spot and futures, from 127.0.0.1, measured twice for LOADTEST_HOSTILE_DURATION seconds each (default
 * 30): alone, then while three attacks run from other loopback addresses —
 *
 * - blind pong (127.0.0.2): 90 live sockets that subscribe to every list, never read and send random pongs; each one
 *   the server cuts is opened again at once;
 * - one-address flood (127.0.0.3): 1,000 idle live sockets wanted from one address, the refused ones retried every
 *   2 s;
 * - slowloris (127.0.0.4): 300 connections trickling one header line every 2 s, each one cut opened again.
 *
 * It prints the good clients' requests/s, p99 and errors in both phases, the live lag and disconnects, what the attacks
 * achieved (longest blind socket, flood sockets held, longest slowloris connection) and the server's refusals and
 * closes by reason. Targets: the good clients see no error and no disconnect, a blind socket lives < 30 s, the flood
 * holds ≤ LIVE_MAX_PER_ADDRESS sockets, a slowloris connection lives < 30 s.
 */
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { LIVE_API } from '../common/wire/live.ts';
import { marketUrl } from '../common/wire/endpoints.ts';
import { blindClient, slowlorisClient, type HostileConnection, type Target } from './hostile-clients.ts';
import { mb, openLiveClients, quantile, serverRss } from './live-clients.ts';

const DURATION_S = Number(process.env.LOADTEST_HOSTILE_DURATION ?? 30);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 50);
const GOOD_LIVE = 20;
const BLIND = 90;
const FLOOD = 1000;
const SLOWLORIS = 300;

interface Phase {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  liveP99: number;
  liveBatches: number;
  disconnects: number;
}

/** The well-behaved load for DURATION_S: autocannon on the spot list, and GOOD_LIVE live sockets. */
async function goodClients(base: string, headers: Record<string, string>): Promise<Phase> {
  const pool = await openLiveClients(base, GOOD_LIVE, ['spot', 'futures']);
  const r = await autocannon({
    url: base + marketUrl('spot'),
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  const live = await pool.close();
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    liveP99: quantile(live.lags, 0.99),
    liveBatches: live.tickBatches,
    disconnects: live.disconnects,
  };
}

/** Keeps `count` connections of `make` open until stopped: each one that closes (or fails to open) is replaced. */
function sustain(count: number, make: () => Promise<HostileConnection>, retryMs: number) {
  const open = new Set<HostileConnection>();
  const lifetimes: number[] = [];
  let failures = 0;
  let stopped = false;
  const keep = async (): Promise<void> => {
    while (!stopped) {
      let c: HostileConnection;
      try {
        c = await make();
      } catch {
        failures++;
        await new Promise((r) => setTimeout(r, retryMs));
        continue;
      }
      open.add(c);
      await new Promise((r) => c.socket.once('close', r));
      open.delete(c);
      if (!stopped) lifetimes.push(Date.now() - c.openedAt);
    }
  };
  const loops = Array.from({ length: count }, keep);
  return {
    open,
    lifetimes,
    failures: () => failures,
    async stop() {
      stopped = true;
      for (const c of open) c.close();
      await Promise.all(loops);
    },
  };
}

/** The one-address flood: FLOOD idle sockets wanted from 127.0.0.3, refused ones retried every 2 s. */
function flood(base: string) {
  const url = `${base.replace(/^http/, 'ws')}${LIVE_API.path}`;
  const open = new Set<WebSocket>();
  let refused = 0;
  let peak = 0;
  let stopped = false;
  const attempt = (): Promise<void> =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { origin: base, localAddress: '127.0.0.3' });
      ws.on('open', () => {
        open.add(ws);
        peak = Math.max(peak, open.size);
        resolve();
      });
      ws.on('unexpected-response', (_req, res) => {
        refused++;
        res.resume();
        resolve();
      });
      ws.on('error', () => resolve());
      ws.on('close', () => open.delete(ws));
    });
  const loop = (async () => {
    while (!stopped) {
      const want = FLOOD - open.size;
      for (let i = 0; i < want && !stopped; i += 50) {
        await Promise.all(Array.from({ length: Math.min(50, want - i) }, attempt));
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  })();
  return {
    refused: () => refused,
    peak: () => peak,
    async stop() {
      stopped = true;
      await loop;
      for (const ws of open) ws.terminate();
    },
  };
}

/** The server's counter samples named `name` as `reason=value` pairs. */
async function reasons(base: string, name: string): Promise<string> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`))
    .map((l) => `${/reason="([^"]+)"/.exec(l)?.[1]} ${l.split(' ').at(-1)}`)
    .join(', ');
}

/**
 * Runs the hostile case against the server at `base` (loopback, `port`), with the page's CSRF `headers`; prints its
 * tables and returns the missed targets.
 */
export async function hostileCase(
  base: string,
  port: number,
  headers: Record<string, string>,
): Promise<string[]> {
  const target = (localAddress: string): Target => ({ host: '127.0.0.1', port, origin: base, localAddress });
  console.info(`loadtest: hostile case, ${DURATION_S} s alone, then ${DURATION_S} s under attack …`);
  const alone = await goodClients(base, headers);
  const rssBefore = await serverRss(base);
  const blind = sustain(BLIND, () => blindClient(target('127.0.0.2')), 1000);
  const slow = sustain(SLOWLORIS, () => slowlorisClient(target('127.0.0.4')), 1000);
  const flooder = flood(base);
  await new Promise((r) => setTimeout(r, 2000)); // the attacks are in place
  const attacked = await goodClients(base, headers);
  const rssAfter = await serverRss(base);
  const blindOpenAges = [...blind.open].map((c) => Date.now() - c.openedAt);
  const slowOpenAges = [...slow.open].map((c) => Date.now() - c.openedAt);
  await Promise.all([blind.stop(), slow.stop(), flooder.stop()]);
  const blindMax = Math.max(0, ...blind.lifetimes, ...blindOpenAges);
  const slowMax = Math.max(0, ...slow.lifetimes, ...slowOpenAges);

  console.info(
    `\nhostile case: ${CONNECTIONS} HTTP clients on the spot list + ${GOOD_LIVE} live sockets (spot, futures), ` +
      `${DURATION_S} s per phase`,
  );
  console.info(
    '| phase | requests/s | p50 ms | p99 ms | errors | non-2xx | live p99 lag ms | live batches | live disconnects |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, p] of [
    ['alone', alone],
    ['under attack', attacked],
  ] as const) {
    console.info(
      `| ${name} | ${Math.round(p.rps).toLocaleString('en')} | ${p.p50} | ${p.p99} | ${p.errors} | ${p.non2xx} | ` +
        `${p.liveP99} | ${p.liveBatches.toLocaleString('en')} | ${p.disconnects} |`,
    );
  }
  console.info('\n| attack | what it got |');
  console.info('|---|---|');
  console.info(
    `| blind pong, ${BLIND} sockets from 127.0.0.2 | ${blind.lifetimes.length} cut; longest life ${(blindMax / 1000).toFixed(1)} s |`,
  );
  console.info(
    `| one-address flood, ${FLOOD} idle sockets from 127.0.0.3 | at most ${flooder.peak()} open at once; ${flooder.refused().toLocaleString('en')} upgrades refused |`,
  );
  console.info(
    `| slowloris, ${SLOWLORIS} connections from 127.0.0.4 | ${slow.lifetimes.length} cut; longest ${(slowMax / 1000).toFixed(1)} s |`,
  );
  console.info(`| server RSS | ${mb(rssBefore)} → ${mb(rssAfter)} MB |`);
  console.info(`| refused (reason) | ${await reasons(base, 'masthead_live_refused_total')} |`);
  console.info(`| closed by the server (reason) | ${await reasons(base, 'masthead_live_closed_total')} |`);

  const missed: string[] = [];
  if (attacked.errors || attacked.non2xx || attacked.disconnects)
    missed.push('hostile: the well-behaved clients saw errors or disconnects under attack');
  if (blindMax >= 30_000) missed.push('hostile: a blind-pong socket lived 30 s or more');
  if (flooder.peak() > 100) missed.push('hostile: one address held more than LIVE_MAX_PER_ADDRESS sockets');
  if (slowMax >= 30_000) missed.push('hostile: a slowloris connection lived 30 s or more');
  return missed;
}
