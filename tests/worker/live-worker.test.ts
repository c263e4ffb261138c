/**
 * The live path through the real worker entry (workers/market/market.worker.ts under @vitest/web-worker, see
 * harness.ts) against a `ws` stub server speaking common/wire/live.ts: the worker connects when a list is shown,
 * subscribes to it, applies a tick batch in place, and sends the shown window's changed row to the page, naming the
 * list handle (the fixture's top pair trades far above 12,345: a fall).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { transfer } from 'comlink';
import { cleanUp, CONFIG, startWorker, untilReal } from './harness.ts';
import { stubMarketFetch } from './stub-fetch.ts';
import { LIVE_API } from '../../common/wire/live.ts';
import type { LiveRowsEvent, LiveStatusEvent } from '../../workers/market/contract.ts';

let server: WebSocketServer | null = null;

afterEach(async () => {
  await cleanUp();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('live path through the worker', () => {
  it('subscribes when a list is shown and ticks the shown window in place', async () => {
    const received: unknown[] = [];
    server = new WebSocketServer({ port: 0, path: LIVE_API.path });
    await new Promise((resolve) => server!.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    let client: WebSocket | null = null;
    server.on('connection', (socket) => {
      client = socket;
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
    });
    // Node 20 has no WebSocket global; the worker's real I/O takes the platform's, here ws's client.
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    stubMarketFetch();
    const { api } = await startWorker({ ...CONFIG, origin: `http://127.0.0.1:${port}` });
    // The page's path (src/markets/engine-client.ts): a MessagePort handed over, each event one message on it.
    const events: Array<LiveRowsEvent | LiveStatusEvent> = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = (m: MessageEvent<LiveRowsEvent | LiveStatusEvent>) => void events.push(m.data);
    await api.connectLive(transfer(channel.port2, [channel.port2]));
    const res = await api.query({ id: 1, list: 3, kind: 'spot', tab: '', term: '', start: 0, count: 10 });
    await api.setLiveInterest(['spot']);
    await untilReal(() => received.length > 0);
    expect(received[0]).toEqual({ type: 'subscribe', lists: ['spot'] });
    const symbol = res.rows[0]!.symbol;
    client!.send(
      JSON.stringify({
        type: 'ticks',
        list: 'spot',
        sentAt: Date.now(),
        ticks: [[symbol, '12345', '7.5', '1']],
      }),
    );
    await untilReal(() => events.some((e) => e.type === 'rows'));
    const rows = events.find((e): e is LiveRowsEvent => e.type === 'rows')!;
    expect(rows).toMatchObject({
      kind: 'spot',
      id: 1,
      list: 3,
      rows: [{ index: 0, symbol, price: '12,345.00', change: '+7.50%', move: -1 }],
    });
    expect(events.some((e) => e.type === 'status' && e.kind === 'spot' && e.state === 'live')).toBe(true);
    const w = await api.rows(1, 0, 1);
    expect(w!.rows[0]!.price).toBe('12,345.00');
    channel.port1.close();
    delete (globalThis as { WebSocket?: unknown }).WebSocket;
  });
});
