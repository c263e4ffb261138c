// The live side's state and policies (workers/market/live/state.ts, live.ts; ARCHITECTURE.md 'Live lists'; SPEC §9
// refresh), on fake timers: only the leader polls REST while the socket is down, every list some tab wants, once a
// period; a follower polls nothing until it leads, then at once; the socket open or the page offline stops it; each
// list's data state (live, delayed, offline) from the state alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveList } from '../../common/wire/live.ts';
import type { MarketKind } from '../../workers/market/contract.ts';
import type { LiveLink } from '../../workers/market/live/link.ts';
import { createEngineLive } from '../../workers/market/live/live.ts';
import {
  dataStateOf,
  initialLiveState,
  NO_TICK_DELAYED_MS,
  pollsRest,
} from '../../workers/market/live/state.ts';

const PERIOD = 1_000;

/** A live side over a fake link and engine: `leader` and `union` say what the link would. */
function setup(o: { leader: boolean; union: LiveList[] }) {
  const refetched: Array<{ at: number; kind: MarketKind }> = [];
  const link: LiveLink = {
    want: () => {},
    setOnline: () => {},
    state: () => 'down',
    isLeader: () => o.leader,
    wanted: () => o.union,
    failures: () => 0,
    close: () => {},
  };
  const live = createEngineLive({
    link,
    now: () => Date.now(),
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    table: () => undefined,
    watched: () => [],
    format: () => {
      throw new Error('no rows here');
    },
    resort: () => {},
    refetch: async (kind) => (refetched.push({ at: Date.now(), kind }), true),
    savedAt: () => 0,
    leads: () => o.leader,
    restFallbackMs: () => PERIOD,
  });
  return { live, refetched };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('REST polling while the socket is down', () => {
  it('the policy: the leader polls while the socket is not open and the page online; a follower never', () => {
    expect(pollsRest({ socket: 'down', online: true }, true)).toBe(true);
    expect(pollsRest({ socket: 'connecting', online: true }, true)).toBe(true);
    expect(pollsRest({ socket: 'down', online: true }, false)).toBe(false);
    expect(pollsRest({ socket: 'open', online: true }, true)).toBe(false);
    expect(pollsRest({ socket: 'down', online: false }, true)).toBe(false);
  });

  it('the leader polls every list some tab wants, once a period', async () => {
    const t = setup({ leader: true, union: ['spot', 'futures'] });
    t.live.setInterest(['spot']);
    t.live.socketState('connecting');
    t.live.socketState('down');
    expect(t.live.inspect().timers.rest).not.toBeNull();
    await vi.advanceTimersByTimeAsync(PERIOD * 3 + 10);
    expect(t.refetched.map((r) => r.kind)).toEqual(['spot', 'futures', 'spot', 'futures', 'spot', 'futures']);
    t.live.dispose();
  });

  it('a follower polls nothing; once it leads it polls at once, then every period', async () => {
    const o = { leader: false, union: ['spot'] as LiveList[] };
    const t = setup(o);
    t.live.setInterest(['spot']);
    t.live.socketState('down');
    await vi.advanceTimersByTimeAsync(PERIOD * 5);
    expect(t.refetched).toEqual([]);
    expect(t.live.inspect().timers.rest).toBeNull();
    o.leader = true;
    const from = Date.now();
    t.live.leadershipChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.refetched.map((r) => r.at - from)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(PERIOD * 2 + 10);
    expect(t.refetched.map((r) => r.at - from)).toEqual([0, PERIOD, PERIOD * 2]);
    t.live.dispose();
  });

  it('the socket open or the page offline stops the polling', async () => {
    const t = setup({ leader: true, union: ['spot'] });
    t.live.setInterest(['spot']);
    t.live.socketState('down');
    await vi.advanceTimersByTimeAsync(PERIOD + 10);
    expect(t.refetched).toHaveLength(1);
    t.live.socketState('open');
    await vi.advanceTimersByTimeAsync(PERIOD * 3);
    expect(t.refetched).toHaveLength(1);
    t.live.socketState('down');
    t.live.setOnline(false);
    await vi.advanceTimersByTimeAsync(PERIOD * 3);
    expect(t.refetched).toHaveLength(1);
    t.live.dispose();
  });
});

describe('data state', () => {
  it('live while ticks come on the open socket; delayed after NO_TICK_DELAYED_MS without one; offline offline', () => {
    const s = initialLiveState(0);
    s.socket = 'open';
    s.lists.get('spot')!.lastTickAt = 100;
    expect(dataStateOf(s, 'spot', 100 + NO_TICK_DELAYED_MS - 1, 50, false)).toEqual({
      type: 'status',
      kind: 'spot',
      state: 'live',
      updatedAt: 100,
    });
    expect(dataStateOf(s, 'spot', 100 + NO_TICK_DELAYED_MS, 50, false).state).toBe('delayed');
    // Pre-market has no ticks: delayed, aged from its fetch.
    expect(dataStateOf(s, 'premarket', 200, 150, false)).toMatchObject({ state: 'delayed', updatedAt: 150 });
    s.online = false;
    expect(dataStateOf(s, 'spot', 200, 50, false).state).toBe('offline');
  });

  it("a failed refetch is offline for the leader, and for a follower only while the leader's socket is down", () => {
    const s = initialLiveState(0);
    s.restFailed.add('spot');
    s.socket = 'connecting';
    expect(dataStateOf(s, 'spot', 10, 0, true).state).toBe('offline');
    expect(dataStateOf(s, 'spot', 10, 0, false).state).toBe('delayed');
    s.socket = 'down';
    expect(dataStateOf(s, 'spot', 10, 0, false).state).toBe('offline');
  });
});
