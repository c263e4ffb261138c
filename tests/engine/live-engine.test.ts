/**
 * The engine's live side (workers/market/live/live.ts, ARCHITECTURE.md 'Live lists') over the real engine core and a
 * fake socket: only wanted lists are subscribed, ticks reach the rows in place, the main thread gets only the changed
 * rows of each list handle's window (≤ 1 message per handle per 250 ms, each under 10 KiB, none for a closed
 * handle), the order moves only while the list is still and at most every 5 s, and each list's data state follows
 * the socket and the page's online state; the pre-market list, which has no ticks, is delayed with the time of its
 * last fetch.
 */
import { FakeSocket } from './live-socket.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, createTestEngine, qid, TEST_CONFIG } from './harness.ts';
import type { LiveRowsEvent, LiveStatusEvent, VersionEvent } from '../../workers/market/contract.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import { LIVE_FLUSH_MS, RESORT_MS } from '../../workers/market/live/live.ts';

async function liveEngine(server = createFakeServer()) {
  const sockets: FakeSocket[] = [];
  const { engine } = createTestEngine(server, {
    openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  await engine.init(TEST_CONFIG);
  const events: Array<{ at: number; event: LiveRowsEvent | LiveStatusEvent }> = [];
  const versions: VersionEvent[] = [];
  await engine.subscribeLive((event) => void events.push({ at: Date.now(), event }));
  await engine.subscribe((event) => void versions.push(event));
  const id = qid();
  const res = await engine.query({ id, kind: 'spot', tab: '', term: '', start: 0, count: 30 });
  return { engine, sockets, events, versions, id, res };
}

afterEach(() => vi.useRealTimers());

describe('live engine', () => {
  it('subscribes to the wanted lists only, on the page origin', async () => {
    const { engine, sockets } = await liveEngine();
    expect(sockets).toHaveLength(0); // nothing wanted yet: no socket
    await engine.setLiveInterest(['spot', 'premarket']);
    expect(sockets[0]!.url).toBe('ws://masthead.test/apiw/v2/live');
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', lists: ['spot'] }]);
    await engine.setVisible(false);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'unsubscribe', lists: ['spot'] });
    await engine.setVisible(true);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'subscribe', lists: ['spot'] });
    engine.dispose();
  });

  it('sends only the changed rows of the window, at most one message per list per 250 ms, under 10 KiB', async () => {
    const { engine, sockets, events, id, res } = await liveEngine();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await engine.setLiveInterest(['spot']);
    sockets[0]!.onopen?.({});
    await engine.setStill('spot', false); // the pointer rests on the list: the order holds, values move
    const inWindow = res.rows.map((r) => r.symbol);
    // 40 batches 25 ms apart (1 s): every window row ticks, plus keys outside the window and unknown keys.
    for (let b = 0; b < 40; b++) {
      sockets[0]!.push({
        type: 'ticks',
        list: 'spot',
        sentAt: Date.now(),
        ticks: [...inWindow.map((s) => [s, String(1000 + b), '1.5', '1000']), ['NOT_A_PAIR', '1', '1', '1']],
      });
      await vi.advanceTimersByTimeAsync(25);
    }
    await vi.advanceTimersByTimeAsync(LIVE_FLUSH_MS);
    const rows = events.filter((e) => e.event.type === 'rows');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(Math.ceil(1_250 / LIVE_FLUSH_MS) + 1);
    for (let k = 1; k < rows.length; k++)
      expect(rows[k]!.at - rows[k - 1]!.at).toBeGreaterThanOrEqual(LIVE_FLUSH_MS);
    for (const r of rows) {
      expect(messageBytes(r.event)).toBeLessThan(10 * 1024);
      const e = r.event as LiveRowsEvent;
      expect(e.id).toBe(id);
      for (const cell of e.rows) expect(inWindow[cell.index]).toBe(cell.symbol);
    }
    const last = rows.at(-1)!.event as LiveRowsEvent;
    expect(last.rows).toHaveLength(inWindow.length);
    expect(last.rows[0]).toMatchObject({ price: '1,039.00', change: '+1.50%', trend: 1 });
    // The engine's own windows read the same values (in place, same query id).
    const w = await engine.rows(id, 0, 3);
    expect(w!.rows[0]!.price).toBe('1,039.00');
    engine.dispose();
  });

  it('sends a batch that comes LIVE_FLUSH_MS after the last message in its own task; a held row waits ≤ 200 ms', async () => {
    const { engine, sockets, events, res } = await liveEngine();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await engine.setLiveInterest(['spot']);
    sockets[0]!.onopen?.({});
    await engine.setStill('spot', false);
    const symbols = res.rows.map((r) => r.symbol);
    // The server's batches, every 100 ms for 2 s (docs/API.md 'Live tickers'); each batch moves every window row.
    const sent: number[] = [];
    const received: { at: number; sentAt: number }[] = [];
    for (let b = 0; b < 20; b++) {
      const before = events.length;
      sent.push(Date.now());
      sockets[0]!.push({
        type: 'ticks',
        list: 'spot',
        sentAt: Date.now(),
        ticks: symbols.map((s) => [s, String(3000 + b), '1', '1']),
      });
      await vi.advanceTimersByTimeAsync(0);
      // A batch sent in its own task: no timer between the socket's message and the rows.
      for (const e of events.slice(before))
        if (e.event.type === 'rows') received.push({ at: e.at, sentAt: sent.at(-1)! });
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(LIVE_FLUSH_MS + 100); // the last batches' timer
    const rows = events.filter((e) => e.event.type === 'rows');
    for (let k = 1; k < rows.length; k++)
      expect(rows[k]!.at - rows[k - 1]!.at).toBeGreaterThanOrEqual(LIVE_FLUSH_MS);
    // Every batch's rows were on their way within 200 ms of the batch (the 300 ms cycle: 0, 100, 200 ms held).
    // The last two batches have no later batch to release them: the timer sends them within LIVE_FLUSH_MS + 100 ms.
    const wait = (at: number) => Math.min(...rows.map((r) => r.at).filter((t) => t >= at)) - at;
    for (const at of sent.slice(0, -2)) expect(wait(at)).toBeLessThanOrEqual(200);
    for (const at of sent.slice(-2)) expect(wait(at)).toBeLessThanOrEqual(LIVE_FLUSH_MS + 100);
    // Most messages leave in the task of the batch that released them.
    expect(received.length).toBeGreaterThanOrEqual(rows.length - 1);
    engine.dispose();
  });

  it('sends each list handle the changed rows of its own window, one message per flush; none once it closed', async () => {
    const { engine, sockets, events, id, res } = await liveEngine();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await engine.setLiveInterest(['spot']);
    sockets[0]!.onopen?.({});
    await engine.setStill('spot', false);
    // Two lists of spot beside the kind's shared handle: rows 0–9 and rows 20–29 of the same order.
    const [top, lower] = [qid(), qid()];
    await engine.query({ id: top, list: 1, kind: 'spot', tab: '', term: '', start: 0, count: 10 });
    await engine.query({ id: lower, list: 2, kind: 'spot', tab: '', term: '', start: 20, count: 10 });
    const symbols = res.rows.map((r) => r.symbol);
    const tick = async (price: string) => {
      events.length = 0;
      sockets[0]!.push({
        type: 'ticks',
        list: 'spot',
        sentAt: Date.now(),
        ticks: symbols.map((s) => [s, price, '1.5', '1000']),
      });
      await vi.advanceTimersByTimeAsync(LIVE_FLUSH_MS);
      return events.map((e) => e.event).filter((e): e is LiveRowsEvent => e.type === 'rows');
    };
    const first = await tick('2000');
    expect(first).toHaveLength(3);
    const byId = new Map(first.map((e) => [e.id, e]));
    expect(byId.get(id)!.list).toBeUndefined();
    expect(byId.get(id)!.rows.map((c) => c.index)).toEqual(symbols.map((_, k) => k));
    expect(byId.get(top)).toMatchObject({ kind: 'spot', list: 1 });
    expect(byId.get(top)!.rows.map((c) => c.symbol)).toEqual(symbols.slice(0, 10));
    expect(byId.get(lower)).toMatchObject({ kind: 'spot', list: 2 });
    expect(byId.get(lower)!.rows.map((c) => c.index)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    for (const e of first) expect(messageBytes(e)).toBeLessThan(10 * 1024);
    await engine.closeList(1);
    const second = await tick('2001');
    expect(second.map((e) => e.id).sort()).toEqual([id, lower].sort());
    engine.dispose();
  });

  it('re-ranks every open list of the kind, only once the list is still and at most every 5 s', async () => {
    const { engine, sockets, versions, res, id: shared } = await liveEngine();
    const other = qid();
    await engine.query({ id: other, list: 7, kind: 'spot', tab: '', term: '', start: 0, count: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await engine.setLiveInterest(['spot']);
    sockets[0]!.onopen?.({});
    await engine.setStill('spot', false);
    const before = versions.length;
    const bottom = res.rows.at(-1)!.symbol;
    sockets[0]!.push({
      type: 'ticks',
      list: 'spot',
      sentAt: Date.now(),
      ticks: [[bottom, '1', '0', '9e15']],
    });
    await vi.advanceTimersByTimeAsync(RESORT_MS * 2);
    expect(versions.length).toBe(before); // the pointer is on the list: nothing moves
    await engine.setStill('spot', true);
    expect(versions.length).toBe(before + 1);
    // Announced as a re-rank: the lists skip reloading tabs and favourites (data versions carry no `reorder`).
    expect(versions.at(-1)).toMatchObject({ kind: 'spot', reorder: true });
    expect(versions.slice(0, before).some((v) => 'reorder' in v)).toBe(false);
    // Each open list's window, asked again in place, is in the new order.
    expect((await engine.rows(other, 0, 1))!.rows[0]!.symbol).toBe(bottom);
    expect((await engine.rows(shared, 0, 1))!.rows[0]!.symbol).toBe(bottom);
    const id = qid();
    const top = await engine.query({ id, kind: 'spot', tab: '', term: '', start: 0, count: 1 });
    expect(top.rows[0]!.symbol).toBe(bottom); // the new volume ranks it first
    sockets[0]!.push({
      type: 'ticks',
      list: 'spot',
      sentAt: Date.now(),
      ticks: [[bottom, '2', '0', '9e15']],
    });
    await vi.advanceTimersByTimeAsync(RESORT_MS - 1_500);
    expect(versions.length).toBe(before + 1); // not again within 5 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(versions.length).toBe(before + 2);
    engine.dispose();
  });

  it('refetches a wanted list over REST when the server says resync (it dropped ticks for a slow reader)', async () => {
    const server = createFakeServer();
    const { engine, sockets } = await liveEngine(server);
    await engine.setLiveInterest(['spot']);
    sockets[0]!.onopen?.({});
    const paths = new Set(server.calls.map((c) => c.path));
    const before = server.calls.length;
    // A list nobody shows is not refetched; the shown one is.
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'resync', lists: ['futures'] }) });
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls.length).toBe(before);
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'resync', lists: ['spot'] }) });
    await new Promise((r) => setTimeout(r, 20));
    const refetched = server.calls.slice(before);
    expect(refetched.length).toBeGreaterThan(0);
    for (const call of refetched) expect(paths.has(call.path)).toBe(true);
    engine.dispose();
  });

  it('reports live, delayed and offline per list', async () => {
    const { engine, sockets, events } = await liveEngine();
    const state = () =>
      events
        .map((e) => e.event)
        .filter((e): e is LiveStatusEvent => e.type === 'status' && e.kind === 'spot')
        .at(-1)?.state;
    await engine.setLiveInterest(['spot']);
    expect(state()).toBe('delayed'); // connecting: the snapshot is shown
    sockets[0]!.onopen?.({});
    expect(state()).toBe('live');
    sockets[0]!.onclose?.({});
    expect(state()).toBe('delayed');
    await engine.setOnline(false);
    expect(state()).toBe('offline');
    const statuses = await engine.liveStatuses();
    expect(statuses.find((s) => s.kind === 'spot')).toMatchObject({ state: 'offline' });
    expect(statuses.find((s) => s.kind === 'spot')!.updatedAt).toBeGreaterThan(0); // the snapshot's time
    await engine.setOnline(true);
    expect(sockets).toHaveLength(2); // back online: reconnects at once
    sockets[1]!.onopen?.({});
    expect(state()).toBe('live');
    engine.dispose();
  });

  it('keeps the pre-market list (no ticks) delayed with the time of its last fetch, never live', async () => {
    const { engine, sockets, events } = await liveEngine();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const statuses = (kind: string) =>
      events.map((e) => e.event).filter((e): e is LiveStatusEvent => e.type === 'status' && e.kind === kind);
    const now = async (kind: string) => (await engine.liveStatuses()).find((s) => s.kind === kind)!;
    await engine.setLiveInterest(['spot', 'premarket']);
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', lists: ['spot'] }]); // no pre-market stream
    expect(statuses('premarket').at(-1)).toMatchObject({ state: 'delayed', updatedAt: 0 }); // not fetched: no time
    const fetchedAt = Date.now();
    await engine.query({ id: qid(), kind: 'premarket', tab: '', term: '', start: 0, count: 10 });
    await vi.advanceTimersByTimeAsync(1_000); // the next status step tells the page the fetch time
    expect(statuses('premarket').at(-1)).toEqual({
      type: 'status',
      kind: 'premarket',
      state: 'delayed',
      updatedAt: fetchedAt,
    });
    expect((await now('spot')).state).toBe('live'); // the open socket makes the live lists live, not this one
    // Two minutes on, the time is still the fetch's (the page counts the age); a refetch moves it.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await now('premarket')).toMatchObject({ state: 'delayed', updatedAt: fetchedAt });
    const refetchedAt = Date.now();
    await engine.refresh('premarket');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(statuses('premarket').at(-1)).toMatchObject({ state: 'delayed', updatedAt: refetchedAt });
    // Offline says so, with the same time.
    await engine.setOnline(false);
    expect(statuses('premarket').at(-1)).toMatchObject({ state: 'offline', updatedAt: refetchedAt });
    expect(statuses('premarket').some((s) => s.state === 'live')).toBe(false);
    engine.dispose();
  });
});
