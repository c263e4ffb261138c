// The Gate WebSocket tick source (server/upstream/gate-ws.ts, socket.ts; docs/API.md 'Market sources') against the
// fake upstream (scripts/fake-upstream.ts): subscription batching over several connections, the application ping,
// reconnect and re-subscription after a drop, the heartbeat time-out, spot and futures updates mapped to wire ticks,
// and hostile frames dropped and counted while the source keeps running.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveTick } from '../../../common/wire/live.ts';
import type { TickBatch } from '../../../server/live/source.ts';
import { marketStore, type MarketStore } from '../../../server/market-data/store.ts';
import type { MarketData } from '../../../server/market-data/types.ts';
import { createMetrics, type Metrics } from '../../../server/metrics.ts';
import { gatePairs, gateWsSource } from '../../../server/upstream/gate-ws.ts';
import type { RelaySource } from '../../../server/upstream/relay.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../scripts/fake-upstream.ts';
import { fakeLists, metric, snapshot, waitFor } from './helpers.ts';

let fake: FakeUpstream;
let source: RelaySource | undefined;
let metrics: Metrics;
let logs: string[];
let batches: TickBatch[];

beforeEach(async () => {
  fake = await startFakeUpstream();
  metrics = createMetrics();
  logs = [];
  batches = [];
});
afterEach(async () => {
  source?.stop();
  source = undefined;
  await fake.close();
});

function startSource(data: MarketData, options: { pingMs?: number; heartbeatMs?: number } = {}): MarketStore {
  const store = marketStore(data);
  source = gateWsSource({
    spotUrl: fake.env.GATE_WS_SPOT_URL,
    futuresUrl: fake.env.GATE_WS_FUTURES_URL,
    store,
    metrics: metrics.upstream,
    pingMs: options.pingMs ?? 10_000,
    heartbeatMs: options.heartbeatMs ?? 10_000,
    reconnectBaseMs: 50,
    reconnectCapMs: 200,
    flushMs: 20,
    log: (line) => logs.push(line),
  });
  source.start((b) => batches.push(b));
  return store;
}

const connected = (market: string) =>
  metric(metrics, 'masthead_upstream_connected', { source: 'gate', market });
const dropped = (reason: string) => metric(metrics, 'masthead_upstream_dropped_total', { reason });
const subscribes = (kind: 'spot' | 'futures') => fake.received(kind).filter((m) => m.event === 'subscribe');
const delivered = (list: 'spot' | 'futures'): LiveTick[] =>
  batches.flatMap((b) => [...(b[list]?.values() ?? [])]);

describe('subscriptions', () => {
  it('subscribes every pair of the lists once, 100 a message, over as many connections as 500 a connection asks', async () => {
    startSource(snapshot);
    const pairs = gatePairs(snapshot, 'spot');
    expect(pairs.length).toBeGreaterThan(2000);
    await waitFor('spot subscribed', async () => (await connected('spot')) === 1, 10_000);
    const messages = subscribes('spot');
    expect(messages.every((m) => (m.payload as string[]).length <= 100)).toBe(true);
    const all = messages.flatMap((m) => m.payload as string[]);
    expect(all.sort()).toEqual([...pairs].sort());
    expect(fake.connections('spot')).toBe(Math.ceil(pairs.length / 500));
    expect(messages.every((m) => m.channel === 'spot.tickers')).toBe(true);
    // Futures: the real USDT contracts only (the BTC-settled ones are synthetic).
    await waitFor('futures subscribed', async () => (await connected('futures')) === 1);
    const contracts = subscribes('futures').flatMap((m) => m.payload as string[]);
    expect(contracts.sort()).toEqual(gatePairs(snapshot, 'futures').sort());
    expect(contracts.some((c) => c.endsWith('_USD'))).toBe(false);
    expect(logs).toContain('masthead upstream: gate ws spot: connected (6 connections)');
  });

  it('a swapped list subscribes its new pairs, unsubscribes the gone ones and closes an emptied connection', async () => {
    const store = startSource(snapshot);
    await waitFor('subscribed', async () => (await connected('spot')) === 1, 10_000);
    store.replace(fakeLists());
    await waitFor('unsubscribed', () => fake.received('spot').some((m) => m.event === 'unsubscribe'));
    // A pair stays on its connection; the new ones go where there is room; the emptied connections close.
    const net = () => {
      const set = new Set<string>();
      for (const m of fake.received('spot'))
        for (const p of (m.payload as string[] | undefined) ?? []) {
          if (m.event === 'subscribe') set.add(p);
          if (m.event === 'unsubscribe') set.delete(p);
        }
      return [...set].sort();
    };
    const wanted = gatePairs(fakeLists(), 'spot').sort();
    await waitFor('the new lists subscribed', () => JSON.stringify(net()) === JSON.stringify(wanted));
    await waitFor('emptied connections closed', () => fake.sockets('spot').length < 6);
    expect(await connected('spot')).toBe(1);
  });

  it('an error acknowledgement is counted and the other batches stay subscribed', async () => {
    fake.rejectPairs.add('BTC_USDT');
    startSource(fakeLists());
    await waitFor('error ack counted', async () => (await dropped('error_ack')) >= 1);
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'ETH_USDT', last: '3700.5' }]));
    await waitFor('tick', () => delivered('spot').some((t) => t[1] === '3700.5'));
  });
});

describe('ping, heartbeat and reconnect', () => {
  it('sends the application ping every pingMs on each market', async () => {
    startSource(fakeLists(), { pingMs: 100 });
    await waitFor(
      'three spot pings',
      () => fake.received('spot').filter((m) => m.channel === 'spot.ping').length >= 3,
    );
    await waitFor('futures pings', () => fake.received('futures').some((m) => m.channel === 'futures.ping'));
    const ping = fake.received('spot').find((m) => m.channel === 'spot.ping')!;
    expect(typeof ping.time).toBe('number');
  });

  it('reconnects after the fake drops the socket and subscribes again', async () => {
    startSource(fakeLists());
    await waitFor('subscribed', async () => (await connected('spot')) === 1);
    const before = subscribes('spot').length;
    fake.drop('spot');
    await waitFor('lost', async () => (await connected('spot')) === 0);
    await waitFor('back', async () => (await connected('spot')) === 1);
    expect(fake.connections('spot')).toBe(2);
    expect(subscribes('spot').length).toBe(before * 2);
    expect(
      await metric(metrics, 'masthead_upstream_reconnects_total', { market: 'spot' }),
    ).toBeGreaterThanOrEqual(1);
    expect(logs.filter((l) => l.includes('gate ws spot'))).toEqual([
      'masthead upstream: gate ws spot: connected',
      'masthead upstream: gate ws spot: lost (closed (1006))',
      'masthead upstream: gate ws spot: recovered',
    ]);
  });

  it('a silent socket is dead after the heartbeat time-out; it comes back when the fake speaks again', async () => {
    startSource(fakeLists(), { pingMs: 100, heartbeatMs: 400 });
    await waitFor('subscribed', async () => (await connected('spot')) === 1);
    fake.silent = true;
    const silentAt = Date.now();
    await waitFor('stale', async () => (await connected('spot')) === 0, 3_000);
    expect(Date.now() - silentAt).toBeGreaterThanOrEqual(350);
    expect(logs).toContain('masthead upstream: gate ws spot: stale (silent for 400 ms)');
    fake.silent = false;
    await waitFor('recovered', async () => (await connected('spot')) === 1, 3_000);
  });
});

describe('updates', () => {
  it('maps a spot update (one object) and a futures update (an array) to wire ticks', async () => {
    startSource(fakeLists());
    await waitFor(
      'subscribed',
      async () => (await connected('futures')) === 1 && (await connected('spot')) === 1,
    );
    fake.send(
      'spot',
      fake.gateUpdate('spot', [
        { currency_pair: 'BTC_USDT', last: '97000.1', change_percentage: '2.5', quote_volume: '123.4' },
      ]),
    );
    fake.send(
      'futures',
      fake.gateUpdate('futures', [
        { contract: 'BTC_USDT', last: '96999.9', change_percentage: '2.4', volume_24h_quote: '555' },
        { contract: 'ETH_USDT', last: '3700', change_percentage: '-1', volume_24h_quote: '66' },
      ]),
    );
    await waitFor('ticks', () => delivered('futures').length >= 2 && delivered('spot').length >= 1);
    expect(delivered('spot')).toContainEqual(['BTC_USDT', '97000.1', '2.5', '123.4']);
    expect(delivered('futures')).toEqual(
      expect.arrayContaining([
        ['usdt:BTC_USDT', '96999.9', '2.4', '555'],
        ['usdt:ETH_USDT', '3700', '-1', '66'],
      ]),
    );
    // The same shapes the other way round are accepted too.
    fake.send(
      'spot',
      fake
        .gateUpdate('futures', [])
        .replace('futures.tickers', 'spot.tickers')
        .replace(
          '"result":[]',
          '"result":[{"currency_pair":"ETH_USDT","last":"3701","change_percentage":"1","quote_volume":"9"}]',
        ),
    );
    await waitFor('array on spot', () => delivered('spot').some((t) => t[1] === '3701'));
  });

  it('drops and counts hostile frames and keeps running', async () => {
    startSource(fakeLists());
    await waitFor('subscribed', async () => (await connected('spot')) === 1);
    fake.send('spot', 'not json {');
    fake.send('spot', JSON.stringify({ channel: 42, result: 'x' }));
    fake.send(
      'spot',
      fake.gateUpdate('spot', [{ currency_pair: 'BTC_USDT', last: 12 as unknown as string }]),
    );
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'BTC_USDT', last: '-5' }]));
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'BTC_USDT', last: 'NaN' }]));
    // Stamped ten minutes ahead: it would hold the pair's real updates back as out of order.
    fake.send(
      'spot',
      fake.gateUpdate('spot', [{ currency_pair: 'GT_USDT', last: '9' }], Date.now() + 600_000),
    );
    fake.send('spot', 'x'.repeat(1_000_000));
    fake.send(
      'spot',
      JSON.stringify({
        channel: 'spot.tickers',
        event: 'update',
        result: {
          currency_pair: 'BTC_USDT',
          last: '1'.repeat(1_000_000),
          change_percentage: '1',
          quote_volume: '1',
        },
      }),
    );
    for (let i = 0; i < 500; i++)
      fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: `FLOOD${i}_USDT`, last: '1' }]));
    const now = Date.now();
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'SOL_USDT', last: '250.5' }], now));
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'SOL_USDT', last: '249.5' }], now - 1000));
    fake.send('spot', fake.gateUpdate('spot', [{ currency_pair: 'XRP_USDT', last: '1.5' }], now));
    await waitFor('valid tick after the flood', () => delivered('spot').some((t) => t[0] === 'XRP_USDT'));
    expect(await dropped('malformed')).toBe(2);
    expect(await dropped('bad_value')).toBe(4);
    expect(await dropped('too_large')).toBe(2);
    expect(await dropped('unknown_pair')).toBe(500);
    expect(await dropped('out_of_order')).toBe(1);
    const ticks = delivered('spot');
    expect(ticks.map((t) => t[0])).toEqual(['SOL_USDT', 'XRP_USDT']);
    expect(source!.table.values('spot').get('SOL_USDT')?.[1]).toBe('250.5');
    expect(await connected('spot')).toBe(1);
  });
});
