// Choosing the market sources (server/upstream/select.ts, server/config.ts 'Market sources'; docs/SETTINGS.md): the
// settings and their errors, the default snapshot and walk with no network, and which keys the walk still feeds
// beside an upstream (the lists no upstream has), started again from a swapped list.
import { afterEach, describe, expect, it } from 'vitest';
import type { TickBatch } from '../../../server/live/source.ts';
import { parseConfig } from '../../../server/config.ts';
import { createMetrics } from '../../../server/metrics.ts';
import { marketSources, type MarketSources } from '../../../server/upstream/select.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../scripts/fake-upstream.ts';
import { snapshot, waitFor } from './helpers.ts';

let sources: MarketSources | undefined;
let fake: FakeUpstream | undefined;
afterEach(async () => {
  sources?.source.stop();
  sources?.stop();
  await fake?.close();
  sources = fake = undefined;
});

/** Keys the source emitted, per list, within `ms`. */
async function keysWithin(s: MarketSources, ms: number): Promise<Record<string, Set<string>>> {
  const seen: Record<string, Set<string>> = { spot: new Set(), futures: new Set(), pilot: new Set() };
  s.source.start((b: TickBatch) => {
    for (const [list, ticks] of Object.entries(b)) for (const k of ticks.keys()) seen[list]!.add(k);
  });
  await new Promise((r) => setTimeout(r, ms));
  s.source.stop();
  return seen;
}

describe('market source settings', () => {
  it('default to the snapshot and the walk, with Gate and Binance public URLs', () => {
    expect(parseConfig({})).toMatchObject({
      MARKET_SOURCE: 'snapshot',
      LIVE_SOURCE: 'simulated',
      GATE_REST_URL: 'https://api.gateio.ws/api/v4',
      GATE_WS_SPOT_URL: 'wss://api.gateio.ws/ws/v4/',
      GATE_WS_FUTURES_URL: 'wss://fx-ws.gateio.ws/v4/ws/usdt',
      BINANCE_WS_URL: 'wss://stream.binance.com:9443/ws',
      GATE_TICKERS_POLL_S: 30,
      UPSTREAM_MAX_RPS: 2,
      UPSTREAM_PING_MS: 10_000,
      UPSTREAM_HEARTBEAT_MS: 30_000,
    });
  });

  it('names each bad value', () => {
    expect(() => parseConfig({ MARKET_SOURCE: 'kraken' })).toThrow(
      /^MARKET_SOURCE "kraken": expected snapshot or gate$/,
    );
    expect(() => parseConfig({ LIVE_SOURCE: 'x' })).toThrow(
      /^LIVE_SOURCE "x": expected simulated, gate, binance$/,
    );
    expect(() => parseConfig({ GATE_REST_URL: 'ftp://x' })).toThrow(
      /^GATE_REST_URL "ftp:\/\/x": expected a http or https URL$/,
    );
    expect(() => parseConfig({ GATE_WS_SPOT_URL: 'https://x' })).toThrow(
      /GATE_WS_SPOT_URL .*expected a ws or wss URL/,
    );
    expect(() => parseConfig({ UPSTREAM_MAX_RPS: '50' })).toThrow(
      /^UPSTREAM_MAX_RPS "50": expected an integer from 1 to 10$/,
    );
    expect(() => parseConfig({ GATE_TICKERS_POLL_S: '1' })).toThrow(/GATE_TICKERS_POLL_S "1"/);
  });
});

describe('marketSources', () => {
  it('by default: the snapshot store, the walk over every list, no request anywhere', async () => {
    sources = marketSources(parseConfig({ TICKS_PER_S: '3000' }), snapshot, createMetrics(), () => {
      throw new Error('no log line expected');
    });
    sources.start();
    expect(sources.source.name).toBe('simulated');
    expect(sources.store.current()).toBe(snapshot);
    const seen = await keysWithin(sources, 300);
    expect(seen.spot!.size && seen.futures!.size && seen.pilot!.size).toBeGreaterThan(0);
  });

  it('LIVE_SOURCE=gate: the walk feeds only the pilot list and the BTC-settled contracts', async () => {
    const config = parseConfig({
      LIVE_SOURCE: 'gate',
      TICKS_PER_S: '3000',
      GATE_WS_SPOT_URL: 'ws://127.0.0.1:9/',
      GATE_WS_FUTURES_URL: 'ws://127.0.0.1:9/',
    });
    sources = marketSources(config, snapshot, createMetrics(), () => {});
    expect(sources.source.name).toBe('gate+simulated');
    const seen = await keysWithin(sources, 300);
    expect(seen.spot!.size).toBe(0);
    expect(seen.pilot!.size).toBeGreaterThan(0);
    expect([...seen.futures!].every((k) => k.startsWith('btc:'))).toBe(true);
    expect(seen.futures!.size).toBeGreaterThan(0);
  });

  it('LIVE_SOURCE=binance: the walk feeds futures and pilot, not spot', async () => {
    const config = parseConfig({
      LIVE_SOURCE: 'binance',
      TICKS_PER_S: '3000',
      BINANCE_WS_URL: 'ws://127.0.0.1:9',
    });
    sources = marketSources(config, snapshot, createMetrics(), () => {});
    expect(sources.source.name).toBe('binance+simulated');
    const seen = await keysWithin(sources, 300);
    expect(seen.spot!.size).toBe(0);
    expect(seen.futures!.size).toBeGreaterThan(0);
  });

  it('MARKET_SOURCE=gate with the walk: the walk starts again from the polled lists', async () => {
    fake = await startFakeUpstream();
    const config = parseConfig({
      MARKET_SOURCE: 'gate',
      TICKS_PER_S: '3000',
      GATE_REST_URL: fake.env.GATE_REST_URL,
    });
    const logs: string[] = [];
    sources = marketSources(config, snapshot, createMetrics(), (l) => logs.push(l));
    const seen: Set<string> = new Set();
    sources.source.start((b) => b.spot?.forEach((t) => seen.add(t[0])));
    sources.start();
    await waitFor('polled', () => sources!.store.freshness('spot').source === 'gate');
    await new Promise((r) => setTimeout(r, 150));
    seen.clear();
    await new Promise((r) => setTimeout(r, 300));
    const pairs = new Set(sources.store.current().spot.map((r) => r.pair));
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].every((k) => pairs.has(k))).toBe(true);
    expect(logs[0]).toMatch(/no good reply yet; serving the snapshot/);
  });
});
