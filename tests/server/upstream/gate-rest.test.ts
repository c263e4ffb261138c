// The Gate REST poller (server/upstream/gate-rest.ts; docs/API.md 'Market sources') against the fake upstream: the
// snapshot until the first good reply (one log line), lists swapped whole from validated replies, a failed, malformed
// or hung poll keeping the last good list marked stale with its age, retries, the request pace, and the routes
// serving the swapped list with its source headers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { marketStore, type MarketStore } from '../../../server/market-data/store.ts';
import { createMetrics, type Metrics } from '../../../server/metrics.ts';
import { marketRoutes } from '../../../server/routes/market.ts';
import { gatePoller, type GatePoller } from '../../../server/upstream/gate-rest.ts';
import { RequestPacer } from '../../../server/upstream/pacing.ts';
import { startFakeUpstream, TRANSCRIPTS, type FakeUpstream } from '../../../scripts/fake-upstream.ts';
import { CSRF_HEADERS } from '../market-helpers.ts';
import { metric, snapshot } from './helpers.ts';

let fake: FakeUpstream;
let metrics: Metrics;
let store: MarketStore;
let poller: GatePoller;
let logs: string[];

beforeEach(async () => {
  fake = await startFakeUpstream();
  metrics = createMetrics();
  store = marketStore(snapshot);
  logs = [];
  poller = gatePoller({
    baseUrl: fake.env.GATE_REST_URL,
    store,
    metrics: metrics.upstream,
    tickersEveryMs: 60_000,
    maxRps: 50,
    timeoutMs: 300,
    retries: 1,
    retryBaseMs: 20,
    retryCapMs: 40,
    log: (line) => logs.push(line),
  });
});
afterEach(async () => {
  poller.stop();
  await fake.close();
});

const polls = (outcome: string) => metric(metrics, 'masthead_upstream_polls_total', { outcome });

describe('polling', () => {
  it('serves the snapshot until the first good reply, then swaps both lists whole', async () => {
    const before = store.current();
    poller.start();
    expect(logs[0]).toMatch(
      /^masthead upstream: gate rest: no good reply yet; serving the snapshot \(.*\) until http:\/\/127\.0\.0\.1:\d+\/api\/v4 answers$/,
    );
    expect(store.current()).toBe(before);
    await poller.pollNow();
    const data = store.current();
    expect(data).not.toBe(before);
    expect(data.spot.map((r) => r.pair)).toEqual(TRANSCRIPTS.rest.spotTickers.map((r) => r.currency_pair));
    expect(data.spot.find((r) => r.pair === 'BTC_USDT')?.rate).toBe('96123.45');
    // USDT contracts with the futures tickers' figures, then their synthetic BTC-settled twins.
    const btc = data.contracts.find((c) => c.name === 'BTC_USDT')!;
    expect([btc.last_price, btc.change_percentage, btc.volume_24h_quote]).toEqual([
      '96101.2',
      '1.79',
      '126872301',
    ]);
    expect(data.contracts.filter((c) => c.settle === 'btc').every((c) => c.synthetic)).toBe(true);
    expect(data.contracts.filter((c) => c.settle === 'usdt')).toHaveLength(3);
    // The lists no upstream has are the snapshot's, untouched.
    expect(data.pilot).toBe(before.pilot);
    expect(data.premarket).toBe(before.premarket);
    expect(store.freshness('spot')).toMatchObject({ source: 'gate', stale: false });
    expect(await polls('ok')).toBe(3);
    expect(logs.slice(1).sort()).toEqual([
      'masthead upstream: gate rest futures: connected; serving Gate',
      'masthead upstream: gate rest spot: connected; serving Gate',
    ]);
  });

  it('a failed poll keeps the last good list, marked stale with its age; a good one recovers', async () => {
    await poller.pollNow();
    const good = store.current();
    const goodAt = store.freshness('spot').updatedAt;
    fake.rest = 'error';
    await new Promise((r) => setTimeout(r, 20));
    await poller.pollNow();
    expect(store.current()).toBe(good);
    expect(store.freshness('spot')).toEqual({ source: 'gate', updatedAt: goodAt, stale: true });
    expect(await metric(metrics, 'masthead_upstream_list_stale', { list: 'spot' })).toBe(1);
    expect(await metric(metrics, 'masthead_upstream_list_age_seconds', { list: 'spot' })).toBeGreaterThan(0);
    // Each request was retried once (two attempts each).
    expect(fake.restRequests.get('/api/v4/spot/tickers')).toBe(3);
    expect(await polls('error')).toBe(4);
    expect(logs.filter((l) => l.includes('stale'))).toHaveLength(2);
    // Another failure says nothing new; a good reply recovers.
    await poller.pollNow();
    expect(logs.filter((l) => l.includes('stale'))).toHaveLength(2);
    fake.rest = 'ok';
    await poller.pollNow();
    expect(store.freshness('spot').stale).toBe(false);
    expect(store.freshness('spot').updatedAt).toBeGreaterThan(goodAt);
    expect(logs).toContain('masthead upstream: gate rest spot: recovered');
  });

  it('a malformed reply replaces nothing and is not retried; a hung one times out', async () => {
    await poller.pollNow();
    const good = store.current();
    fake.rest = 'malformed';
    await poller.pollNow();
    expect(store.current()).toBe(good);
    expect(await polls('invalid')).toBe(2);
    expect(store.freshness('futures').stale).toBe(true);
    fake.rest = 'hang';
    const started = Date.now();
    await poller.pollNow();
    // Two attempts of 300 ms each, plus the backoff between them.
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(store.current()).toBe(good);
  });

  it('rows that fail their schema are dropped and counted, the rest served', async () => {
    const rows = fake.lists.spotTickers;
    const count = rows.length;
    rows.push(
      { ...rows[0], currency_pair: 'BAD_USDT', last: '-1' },
      { ...rows[0], currency_pair: 'x', last: '1' },
    );
    await poller.pollNow();
    expect(store.current().spot.map((r) => r.pair)).not.toContain('BAD_USDT');
    expect(store.current().spot).toHaveLength(count);
    expect(await metric(metrics, 'masthead_upstream_dropped_total', { reason: 'bad_value' })).toBe(2);
  });

  it('the spot and futures routes serve the swapped lists with their source and age', async () => {
    const app = new Hono().route('/', marketRoutes(store));
    const get = (path: string) => app.request(path, { headers: CSRF_HEADERS });
    let res = await get('/apiw/v2/market/spots');
    expect(res.headers.get('x-market-source')).toBe('snapshot');
    const first = (await res.json()) as { updated_at?: number; data: { list: unknown[] } };
    expect(first.data.list).toHaveLength(snapshot.spot.length);
    expect(first.updated_at).toBeUndefined(); // the snapshot's body is as it always was
    await poller.pollNow();
    res = await get('/apiw/v2/market/spots');
    expect(res.headers.get('x-market-source')).toBe('gate');
    const body = (await res.json()) as { updated_at: number; data: { list: unknown[] } };
    expect(body.data.list).toHaveLength(10);
    expect(body.updated_at).toBe(store.freshness('spot').updatedAt);
    fake.rest = 'error';
    await poller.pollNow();
    res = await get('/apiw/v2/market/futures');
    expect(res.headers.get('x-market-stale')).toBe('1');
    expect(Number(res.headers.get('x-market-updated-at'))).toBe(store.freshness('futures').updatedAt);
    const futures = (await res.json()) as { updated_at: number; data: unknown[] };
    expect(futures.data.length).toBeGreaterThan(3);
    expect(futures.updated_at).toBe(store.freshness('futures').updatedAt);
  });
});

describe('RequestPacer', () => {
  it('spaces requests to the rate', async () => {
    const pacer = new RequestPacer(20);
    const started = Date.now();
    for (let i = 0; i < 5; i++) await pacer.wait();
    // 5 requests at 20/s: the fifth goes 200 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
