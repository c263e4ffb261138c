// The live hub's one tick port (server/live/source.ts, server/live/hub.ts; docs/API.md 'Market sources'): a source
// is started with the first open socket and stopped with the last, and what it emits reaches the subscribed sockets,
// serialised as the browser knows it. An upstream relay end to end: the Gate fake's update on a browser socket.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_API, LiveServerMessage, type LiveTick } from '../../../common/wire/live.ts';
import { createApp } from '../../../server/app.ts';
import { liveService, type LiveService } from '../../../server/live/hub.ts';
import type { EmitBatch, TickSource } from '../../../server/live/source.ts';
import { createMetrics } from '../../../server/metrics.ts';
import { originPolicyFor, useOriginPolicy } from '../../../server/origin.ts';
import { parseConfig } from '../../../server/config.ts';
import { marketSources } from '../../../server/upstream/select.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../scripts/fake-upstream.ts';
import { snapshot, waitFor } from './helpers.ts';

const running: { live: LiveService; server: ServerType }[] = [];
let fake: FakeUpstream | undefined;
afterEach(async () => {
  for (const r of running.splice(0)) {
    r.live.close();
    r.server.close();
  }
  await fake?.close();
  fake = undefined;
});
afterAll(() => useOriginPolicy(undefined));

async function start(source: TickSource, market?: ReturnType<typeof marketSources>['store']) {
  const metrics = createMetrics();
  const live = liveService({ data: snapshot, metrics, source, ticksPerS: 0, maxConnections: 10 });
  const app = createApp({ data: snapshot, metrics, live, market });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: live.wss } });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const policy = originPolicyFor({
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_ORIGIN: undefined,
    PUBLIC_HOSTS: [],
  });
  useOriginPolicy(policy);
  running.push({ live, server });
  const connect = async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_API.path}`, { origin: policy.origin });
    const ticks: LiveTick[] = [];
    ws.on('message', (raw) => {
      const m = LiveServerMessage.parse(JSON.parse(String(raw)));
      if (m.type === 'ticks') ticks.push(...m.ticks);
    });
    await once(ws, 'open');
    ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot', 'futures'] }));
    return { ws, ticks };
  };
  return { connect };
}

describe('the hub over a tick source', () => {
  it('starts the source with the first socket, stops it with the last, and relays what it emits', async () => {
    const calls: string[] = [];
    let emit: EmitBatch | undefined;
    const source: TickSource = {
      name: 'test',
      start(e) {
        calls.push('start');
        emit = e;
      },
      stop() {
        calls.push('stop');
      },
    };
    const { connect } = await start(source);
    expect(calls).toEqual([]);
    const a = await connect();
    const b = await connect();
    expect(calls).toEqual(['start']);
    await new Promise((r) => setTimeout(r, 50)); // the subscriptions arrive
    emit!({ spot: new Map([['BTC_USDT', ['BTC_USDT', '1.5', '2.00', '3']]]) });
    await waitFor('both sockets got it', () => a.ticks.length === 1 && b.ticks.length === 1);
    expect(a.ticks[0]).toEqual(['BTC_USDT', '1.5', '2.00', '3']);
    a.ws.close();
    b.ws.close();
    await waitFor('stopped', () => calls.length === 2);
    expect(calls).toEqual(['start', 'stop']);
  });

  it('relays a Gate update from the fake upstream to a browser socket', async () => {
    fake = await startFakeUpstream();
    const config = parseConfig({ ...fake.env, LIVE_SOURCE: 'gate', TICKS_PER_S: '0' });
    const sources = marketSources(config, snapshot, createMetrics(), () => {});
    const { connect } = await start(sources.source, sources.store);
    const browser = await connect();
    await waitFor('subscribed upstream', () => fake!.received('spot').some((m) => m.event === 'subscribe'));
    await new Promise((r) => setTimeout(r, 50));
    fake.send(
      'spot',
      fake.gateUpdate('spot', [
        { currency_pair: 'BTC_USDT', last: '12345.6', change_percentage: '1.5', quote_volume: '99' },
      ]),
    );
    await waitFor('relayed', () => browser.ticks.some((t) => t[0] === 'BTC_USDT'));
    expect(browser.ticks.find((t) => t[0] === 'BTC_USDT')).toEqual(['BTC_USDT', '12345.6', '1.5', '99']);
    browser.ws.close();
    await waitFor('upstream closed with the last browser', () => fake!.sockets('spot').length === 0);
  });
});
