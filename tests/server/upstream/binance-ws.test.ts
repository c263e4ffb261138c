// The Binance mini-ticker tick source (server/upstream/binance-ws.ts; docs/API.md 'Market sources') against the fake
// upstream: symbols mapped to the spot list's pairs, the 24h change from open and close, unknown and ambiguous
// symbols, hostile frames, and reconnect after a drop.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveTick } from '../../../common/wire/live.ts';
import type { TickBatch } from '../../../server/live/source.ts';
import { marketStore } from '../../../server/market-data/store.ts';
import { createMetrics, type Metrics } from '../../../server/metrics.ts';
import { binanceSymbols, binanceWsSource } from '../../../server/upstream/binance-ws.ts';
import type { RelaySource } from '../../../server/upstream/relay.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../scripts/fake-upstream.ts';
import { fakeLists, metric, waitFor } from './helpers.ts';

let fake: FakeUpstream;
let source: RelaySource;
let metrics: Metrics;
let batches: TickBatch[];
let logs: string[];

beforeEach(async () => {
  fake = await startFakeUpstream();
  metrics = createMetrics();
  batches = [];
  logs = [];
  source = binanceWsSource({
    url: fake.env.BINANCE_WS_URL,
    store: marketStore(fakeLists()),
    metrics: metrics.upstream,
    pingMs: 100,
    heartbeatMs: 500,
    reconnectBaseMs: 50,
    reconnectCapMs: 200,
    flushMs: 20,
    log: (line) => logs.push(line),
  });
  source.start((b) => batches.push(b));
  await waitFor('connected', async () => (await connected()) === 1);
});
afterEach(async () => {
  source.stop();
  await fake.close();
});

const connected = () => metric(metrics, 'masthead_upstream_connected', { source: 'binance', market: 'spot' });
const spotTicks = (): LiveTick[] => batches.flatMap((b) => [...(b.spot?.values() ?? [])]);
const dropped = (reason: string) =>
  metric(metrics, 'masthead_upstream_dropped_total', { source: 'binance', reason });

describe('Binance !miniTicker@arr', () => {
  it('maps symbols to the spot pairs and computes the change from open and close', async () => {
    fake.send(
      'binance',
      fake.binanceUpdate([
        ['BTCUSDT', '96120.01', '94380.00', '2013456789.12'],
        ['ETHBTC', '0.0376', '0.04', '12.5'],
      ]),
    );
    await waitFor('ticks', () => spotTicks().length === 2);
    expect(spotTicks()).toEqual([
      ['BTC_USDT', '96120.01', '1.84', '2013456789.12'],
      ['ETH_BTC', '0.0376', '-6.00', '12.5'],
    ]);
    expect(batches.some((b) => b.futures || b.pilot)).toBe(false);
  });

  it('drops unknown symbols, bad values, out-of-order and error frames, and keeps running', async () => {
    const at = Date.now();
    fake.send('binance', fake.binanceUpdate([['NOPEUSDT', '1', '1', '1']], at));
    fake.send('binance', fake.binanceUpdate([['SOLUSDT', 'abc', '1', '1']], at));
    fake.send('binance', fake.binanceUpdate([['SOLUSDT', '250', '240', '1']], at));
    fake.send('binance', fake.binanceUpdate([['SOLUSDT', '251', '240', '1']], at - 5_000));
    fake.send('binance', JSON.stringify({ error: { code: 2, msg: 'Invalid request' }, id: 1 }));
    fake.send('binance', JSON.stringify([{ e: '24hrMiniTicker', s: 'BTCUSDT' }]));
    fake.send('binance', '[not json');
    fake.send('binance', `[${'{"e":"x"},'.repeat(100_000)}{}]`);
    fake.send('binance', fake.binanceUpdate([['XRPUSDT', '1.5', '1.5', '7']], at));
    await waitFor('the last tick', () => spotTicks().some((t) => t[0] === 'XRP_USDT'));
    expect(await dropped('unknown_pair')).toBe(1);
    expect(await dropped('bad_value')).toBe(2);
    expect(await dropped('out_of_order')).toBe(1);
    expect(await dropped('error_ack')).toBe(1);
    expect(await dropped('malformed')).toBe(1);
    expect(await dropped('too_large')).toBe(1);
    expect(source.table.values('spot').get('SOL_USDT')?.[1]).toBe('250');
  });

  it('a symbol two pairs would make maps to neither', () => {
    const data = fakeLists();
    const symbols = binanceSymbols({
      ...data,
      spot: [...data.spot, { ...data.spot[0]!, pair: 'BT_CUSDT' }],
    });
    expect(symbols.get('BTCUSDT')).toBeUndefined();
    expect(symbols.get('ETHUSDT')).toBe('ETH_USDT');
  });

  it('reconnects after a drop; protocol pongs keep a quiet socket alive', async () => {
    fake.drop('binance');
    await waitFor(
      'reconnected',
      () => fake.connections('binance') === 2 && fake.sockets('binance').length === 1,
    );
    await waitFor('up', async () => (await connected()) === 1);
    // The fake answers protocol pings (ws does) but sends no data: the pongs keep the socket alive …
    await new Promise((r) => setTimeout(r, 700));
    expect(await connected()).toBe(1);
    expect(logs).toEqual([
      'masthead upstream: binance ws spot: connected',
      'masthead upstream: binance ws spot: lost (closed (1006))',
      'masthead upstream: binance ws spot: recovered',
    ]);
  });

  it('a silent socket (no frame, no pong) is dead after the heartbeat time-out and comes back', async () => {
    fake.silent = true;
    await waitFor('stale', async () => (await connected()) === 0, 3_000);
    expect(logs).toContain('masthead upstream: binance ws spot: stale (silent for 500 ms)');
    fake.silent = false;
    await waitFor('recovered', async () => (await connected()) === 1, 3_000);
    fake.send('binance', fake.binanceUpdate([['ETHUSDT', '3700', '3600', '1']]));
    await waitFor('ticks again', () => spotTicks().some((t) => t[0] === 'ETH_USDT'));
  });
});
