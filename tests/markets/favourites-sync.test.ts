// The favourites sync of the main thread (src/markets/favourites-sync.ts; SPEC §4, §8): the shown account follows the
// session, sign-in merges the server copy into the device's (union) and saves it back, a change is saved, a failed
// call falls back (the local list keeps working) and is retried later, a failed get_info removes nothing.
import { describe, expect, it, vi } from 'vitest';
import type { FavouriteWire } from '../../common/wire/favourites.ts';
import { RETRY_FIRST_MS, startFavouritesSync } from '../../src/markets/favourites-sync.ts';
import type { MarketEngineApi } from '../../workers/market/contract.ts';
import type { SessionState } from '../../src/state/session.ts';
import type { UserInfo } from '../../common/wire/user.ts';

const fav = (symbol: string, at: number): FavouriteWire => ({ list: 'spot', symbol, label: symbol, at });

function setup(server: { list: FavouriteWire[] | null; saveOk: boolean }) {
  const session = { status: 'loading', user: null, loggingOut: false } as unknown as SessionState;
  let listener = () => {};
  const timers: Array<() => void> = [];
  const calls: string[] = [];
  const device: FavouriteWire[] = [fav('BTC_USDT', 1)];
  const engine = {
    favouritesAccount: vi.fn(
      async (uid: string | null, signedOut: boolean) => void calls.push(`account ${uid} ${signedOut}`),
    ),
    adoptFavourites: vi.fn(async (_uid: string, from: FavouriteWire[]) => {
      for (const e of from) if (!device.some((d) => d.symbol === e.symbol)) device.push(e);
      return [...device];
    }),
  } as unknown as MarketEngineApi;
  const saved: FavouriteWire[][] = [];
  const sync = startFavouritesSync(engine, {
    session,
    watch: (_s, l) => ((listener = l), () => {}),
    load: async () => (calls.push('load'), server.list),
    save: async (entries) => (calls.push('save'), saved.push(entries), server.saveOk),
    setTimeout: (cb, ms) => (calls.push(`timer ${ms}`), timers.push(cb)),
    clearTimeout: () => {},
  });
  const change = (next: Partial<SessionState>) => {
    Object.assign(session, next);
    listener();
    return sync.idle();
  };
  return { sync, engine, calls, saved, timers, change, device };
}

const user = { uid: '42', is_login: true } as unknown as UserInfo;

describe('favourites sync', () => {
  it('anonymous: shows the anonymous list and, once the session answered, removes account lists; no server call', async () => {
    const t = setup({ list: [], saveOk: true });
    await t.sync.idle();
    expect(t.calls).toEqual([]); // still loading: nothing decided
    await t.change({ status: 'ready', user: null });
    expect(t.calls).toEqual(['account null true']);
  });

  it('a failed get_info is anonymous for display but removes nothing (SPEC §8)', async () => {
    const t = setup({ list: [], saveOk: true });
    await t.change({ status: 'error', user: null });
    expect(t.calls).toEqual(['account null false']);
  });

  it('sign-in: the server copy and the device list are merged (union) and saved back; a change is saved', async () => {
    const t = setup({ list: [fav('ETH_USDT', 2)], saveOk: true });
    await t.change({ status: 'ready', user });
    expect(t.calls).toEqual(['account 42 false', 'load', 'save']);
    expect(t.saved[0]!.map((e) => e.symbol).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    t.sync.changed();
    expect(t.timers).toHaveLength(1);
    t.timers[0]!();
    await t.sync.idle();
    // Merged once: the save after a change does not load the server copy again.
    expect(t.calls.slice(3)).toEqual(['timer 500', 'save']);
  });

  it('a failed load or save keeps the local list and retries later', async () => {
    const server = { list: null as FavouriteWire[] | null, saveOk: false };
    const t = setup(server);
    await t.change({ status: 'ready', user });
    expect(t.calls).toEqual(['account 42 false', 'load', `timer ${RETRY_FIRST_MS}`]);
    expect(t.saved).toEqual([]);
    server.list = [];
    t.timers.shift()!();
    await t.sync.idle();
    expect(t.calls.slice(3)).toEqual(['load', 'save', `timer ${RETRY_FIRST_MS * 2}`]);
    server.saveOk = true;
    t.timers.shift()!();
    await t.sync.idle();
    expect(t.calls.at(-1)).toBe('save');
    expect(t.saved.at(-1)!.map((e) => e.symbol)).toEqual(['BTC_USDT']);
  });
});
