/**
 * Node micro-benchmark of the engine's search (worker search p95 target, docs/BENCHMARKS.md), no browser: builds the
 * engine over the real snapshots (pilot scaled to 10k and 100k rows), replays keystroke sequences, and prints p50/p95
 * of stats().searchMs plus load times. Run: `npx tsx scripts/bench-engine-search.ts`. Not a test: numbers vary with
 * the machine.
 */
import {
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  ok,
  PATHS,
  TEST_CONFIG,
} from '../tests/engine/harness.ts';
import { envelope, realPilot } from '../tests/fixtures/market-wire.ts';

const TYPED = ['pippin', 'fartcoin', 'jelly', 'bonk', 'xyzq', 'dfh5dz', 'pump', 'sol', 'a', 'moo deng'];
const SPOT_TYPED = ['btc', 'ethereum', 'etherium', 'usdt', 'nmt', 'doge', 'sol', 'ape', 'x'];

const ROUNDS = 7;

function keystrokes(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) for (let k = 1; k <= w.length; k++) out.push(w.slice(0, k));
  return out;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function run(kind: 'pilot' | 'spot', rows: number, words: string[]) {
  const routes = defaultRoutes();
  routes.set(PATHS.pilot, ok(envelope(realPilot(rows))));
  const { engine, store } = createTestEngine(createFakeServer(routes));
  await engine.init(TEST_CONFIG);
  let t = performance.now();
  let id = 1;
  await engine.query({ id: id++, kind, tab: '', term: '' });
  const loadMs = performance.now() - t;
  const warm = keystrokes(words);
  for (const term of warm) await engine.query({ id: id++, kind, tab: '', term });
  // Rounds of the whole keystroke sequence; report the median round (a shared machine is noisy).
  const rounds: Array<{ p50: number; p95: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const term of warm) {
      const res = await engine.query({ id: id++, kind, tab: '', term });
      await engine.rows(res.id, 0, 27);
    }
    const ms = (await engine.stats()).searchMs.slice(-warm.length);
    rounds.push({ p50: pct(ms, 50), p95: pct(ms, 95) });
  }
  rounds.sort((a, b) => a.p95 - b.p95);
  const median = rounds[Math.floor(rounds.length / 2)]!;
  const best = rounds[0]!;
  // Cold read of the cache: a second engine on the same store.
  const second = createTestEngine(createFakeServer(routes), { store });
  await second.engine.init(TEST_CONFIG);
  t = performance.now();
  await second.engine.query({ id: 1, kind, tab: '', term: '' });
  const cacheMs = performance.now() - t;
  const stats = await engine.stats();
  console.log(
    `${kind} ${rows} rows: search p50 ${median.p50.toFixed(2)} ms, p95 ${median.p95.toFixed(2)} ms ` +
      `(median of ${ROUNDS} rounds of ${warm.length} keystrokes; best round p95 ${best.p95.toFixed(2)} ms); ` +
      `first load ${loadMs.toFixed(0)} ms; paint from cache ${cacheMs.toFixed(0)} ms; max message ${stats.maxMessageBytes} B`,
  );
  engine.dispose();
  second.engine.dispose();
}

await run('spot', 2918, SPOT_TYPED);
await run('pilot', 10_000, TYPED);
await run('pilot', 100_000, TYPED);
