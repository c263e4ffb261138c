/**
 * The live link (workers/market/live/link.ts, ARCHITECTURE.md 'Live lists'): one socket per browser profile. Two fake
 * tabs share a lock stub and a channel bus: only the leader connects and subscribes to the union of their wants, the
 * follower gets the ticks relayed, and when the leader closes the follower takes over at once. Without Web Locks each
 * tab connects on its own. Reconnects back off; `online` reconnects at once.
 */
import { FakeSocket } from './live-socket.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveLink, type LinkOptions } from '../../workers/market/live/link.ts';
import type { ChannelLike, LockLike } from '../../workers/market/deps.ts';
import type { LiveServerMessage } from '../../common/wire/live.ts';

type Ticks = Extract<LiveServerMessage, { type: 'ticks' }>;

/** An exclusive lock stub: one holder per name, the others queued in order. */
function lockStub(): LockLike {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  const next = (name: string) => {
    const q = queues.get(name) ?? [];
    const run = q.shift();
    if (run) run();
    else held.delete(name);
  };
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const run = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => next(name));
        };
        if (held.has(name)) queues.set(name, [...(queues.get(name) ?? []), run]);
        else run();
      });
    },
  };
}

/** A BroadcastChannel bus: a message reaches every other open channel, a macrotask later. */
function channelBus() {
  const open = new Set<ChannelLike>();
  return (): ChannelLike => {
    const ch: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        for (const other of open)
          if (other !== ch) setTimeout(() => other.onmessage?.({ data: message } as MessageEvent), 0);
      },
      close: () => void open.delete(ch),
    };
    open.add(ch);
    return ch;
  };
}

const ticks: Ticks = { type: 'ticks', list: 'spot', sentAt: 1, ticks: [['BTC_USDT', '1', '2', '3']] };

function tab(id: string, sockets: FakeSocket[], extra: Partial<LinkOptions> = {}) {
  const got: Ticks[] = [];
  const states: string[] = [];
  const resyncs: string[][] = [];
  const link = createLiveLink({
    url: () => 'ws://masthead.test/apiw/v2/live',
    openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    channel: null,
    locks: null,
    now: () => Date.now(),
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    random: () => 0.5,
    id,
    onTicks: (m) => got.push(m),
    onResync: (lists) => resyncs.push(lists),
    onState: (s) => states.push(s),
    log: () => {},
    ...extra,
  });
  return { link, got, states, resyncs };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live link', () => {
  it('two tabs: one socket, the union subscribed, ticks relayed; the follower takes over when the leader closes', async () => {
    const locks = lockStub();
    const bus = channelBus();
    const sockets: FakeSocket[] = [];
    const a = tab('a', sockets, { locks, channel: bus() });
    const b = tab('b', sockets, { locks, channel: bus() });
    a.link.want(['spot']);
    b.link.want(['pilot']);
    await vi.advanceTimersByTimeAsync(10);
    expect(a.link.isLeader()).toBe(true);
    expect(b.link.isLeader()).toBe(false);
    expect(sockets).toHaveLength(1);
    sockets[0]!.onopen?.({});
    await vi.advanceTimersByTimeAsync(10);
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', lists: expect.arrayContaining(['spot', 'pilot']) },
    ]);
    sockets[0]!.onmessage?.({ data: JSON.stringify(ticks) });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.got).toEqual([ticks]);
    expect(b.got).toEqual([ticks]);
    expect(b.states.at(-1)).toBe('open');

    // The leader's tab closes: its lock is released and the other tab connects well within 2 s.
    a.link.close();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(b.link.isLeader()).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closed).toBe(true);
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', lists: ['pilot'] }]);
    b.link.close();
  });

  it('a lone leader relays nothing; a tab that starts is heard at once and gets every batch until it leaves', async () => {
    const locks = lockStub();
    const bus = channelBus();
    const sockets: FakeSocket[] = [];
    const relayed: unknown[] = [];
    const watched = (): ChannelLike => {
      const ch = bus();
      const post = ch.postMessage.bind(ch);
      ch.postMessage = (m: unknown) => {
        if ((m as { t?: string }).t === 'ticks') relayed.push(m);
        post(m);
      };
      return ch;
    };
    const a = tab('a', sockets, { locks, channel: watched() });
    a.link.want(['spot']);
    await vi.advanceTimersByTimeAsync(10);
    sockets[0]!.onopen?.({});
    sockets[0]!.onmessage?.({ data: JSON.stringify(ticks) });
    expect(a.got).toEqual([ticks]);
    expect(relayed).toEqual([]); // alone: nothing serialised for nobody

    // A second tab starts and wants nothing yet: it is heard as it starts, so it gets the batches of the other lists.
    const b = tab('b', sockets, { locks, channel: bus() });
    await vi.advanceTimersByTimeAsync(10);
    sockets[0]!.onmessage?.({ data: JSON.stringify(ticks) });
    await vi.advanceTimersByTimeAsync(10);
    expect(relayed).toHaveLength(1);
    expect(b.got).toEqual([ticks]);
    // Its wants are repeated every ANNOUNCE_MS, so it stays heard past WANT_TTL_MS.
    await vi.advanceTimersByTimeAsync(20_000);
    sockets[0]!.onmessage?.({ data: JSON.stringify(ticks) });
    await vi.advanceTimersByTimeAsync(10);
    expect(b.got).toHaveLength(2);

    // It closes (bye): the leader is alone again.
    b.link.close();
    await vi.advanceTimersByTimeAsync(10);
    sockets[0]!.onmessage?.({ data: JSON.stringify(ticks) });
    expect(relayed).toHaveLength(2);
    a.link.close();
  });

  it('a tab that wants nothing more is unsubscribed; without Web Locks every tab connects on its own', async () => {
    const sockets: FakeSocket[] = [];
    const a = tab('a', sockets);
    const b = tab('b', sockets);
    a.link.want(['spot', 'futures']);
    b.link.want(['spot']);
    expect(sockets).toHaveLength(2);
    sockets[0]!.onopen?.({});
    a.link.want(['futures']);
    a.link.want([]);
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', lists: ['spot', 'futures'] },
      { type: 'unsubscribe', lists: ['spot'] },
      { type: 'unsubscribe', lists: ['futures'] },
    ]);
    a.link.close();
    b.link.close();
  });

  it('reconnects with capped backoff, at once when back online, and after a silent socket', async () => {
    const sockets: FakeSocket[] = [];
    const a = tab('a', sockets);
    a.link.want(['spot']);
    sockets[0]!.onclose?.({});
    expect(a.link.state()).toBe('down');
    await vi.advanceTimersByTimeAsync(1_400); // first retry in [1 s, 2 s): jitter 0.5 → 1.5 s
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sockets).toHaveLength(2);
    sockets[1]!.onerror?.({});
    a.link.setOnline(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2); // offline: no attempt
    a.link.setOnline(true);
    expect(sockets).toHaveLength(3); // back online: at once
    sockets[2]!.onopen?.({});
    expect(a.link.state()).toBe('open');
    await vi.advanceTimersByTimeAsync(15_000 * 2.5 + 10); // no heartbeat for 2.5 periods
    expect(sockets[2]!.closed).toBe(true);
    expect(a.link.state()).toBe('down');
    a.link.close();
  });

  it('a resync from the server reaches the leader and, relayed, every other tab', async () => {
    const locks = lockStub();
    const bus = channelBus();
    const sockets: FakeSocket[] = [];
    const a = tab('a', sockets, { locks, channel: bus() });
    const b = tab('b', sockets, { locks, channel: bus() });
    a.link.want(['pilot']);
    b.link.want(['pilot']);
    await vi.advanceTimersByTimeAsync(10);
    sockets[0]!.onopen?.({});
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'resync', lists: ['pilot'] }) });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.resyncs).toEqual([['pilot']]);
    expect(b.resyncs).toEqual([['pilot']]);
    a.link.close();
    b.link.close();
  });

  it('ignores messages of unknown shape', () => {
    const sockets: FakeSocket[] = [];
    const logs: string[] = [];
    const a = tab('a', sockets, { log: (m) => logs.push(m) });
    a.link.want(['spot']);
    sockets[0]!.onopen?.({});
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'ticks', list: 'nope' }) });
    expect(a.got).toEqual([]);
    expect(logs).toEqual(['live: a message that is not JSON', 'live: a message of unknown shape']);
    a.link.close();
  });
});
