// The engine's favourites server sync (workers/market/favourites-sync.ts; SPEC §4, §8): sign-in merges the server copy
// into the device's (union) and saves it back, a change is saved once after SAVE_DELAY_MS, a failed call keeps the
// local list and is retried with a doubling delay, and logout cancels what is pending (nothing of the account is sent
// after it).
import { describe, expect, it } from 'vitest';
import type { FavouriteWire } from '../../common/wire/favourites.ts';
import { createFavouritesSync, RETRY_FIRST_MS, SAVE_DELAY_MS } from '../../workers/market/favourites-sync.ts';

const fav = (symbol: string, at: number): FavouriteWire => ({ list: 'spot', symbol, label: symbol, at });

function setup(server: { list: FavouriteWire[] | null; saveOk: boolean }) {
  const timers = new Map<number, { cb: () => void; ms: number }>();
  let next = 0;
  const calls: string[] = [];
  const device: FavouriteWire[] = [fav('BTC_USDT', 1)];
  const saved: FavouriteWire[][] = [];
  const sync = createFavouritesSync({
    load: async () => (calls.push('load'), server.list),
    save: async (entries) => (calls.push('save'), saved.push(entries), server.saveOk),
    adopt: async (uid, from) => {
      calls.push(`adopt ${uid}`);
      for (const e of from) if (!device.some((d) => d.symbol === e.symbol)) device.push(e);
      return [...device];
    },
    setTimeout: (cb, ms) => (calls.push(`timer ${ms}`), timers.set(++next, { cb, ms }), next),
    clearTimeout: (h) => void timers.delete(h as number),
    log: () => {},
  });
  /** Runs the pending timer (there is at most one) and waits for the work it queued. */
  const fire = async () => {
    const [id, t] = [...timers][0]!;
    timers.delete(id);
    t.cb();
    await sync.idle();
  };
  return { sync, calls, saved, timers, fire };
}

describe('favourites sync (engine)', () => {
  it('nobody signed in: no server call; a change is not saved', async () => {
    const t = setup({ list: [], saveOk: true });
    t.sync.account(null);
    t.sync.changed();
    await t.sync.idle();
    expect(t.calls).toEqual([]);
  });

  it('sign-in: the server copy and the device list are merged (union) and saved back; a change is saved', async () => {
    const t = setup({ list: [fav('ETH_USDT', 2)], saveOk: true });
    t.sync.account('42');
    await t.sync.idle();
    expect(t.calls).toEqual(['load', 'adopt 42', 'save']);
    expect(t.saved[0]!.map((e) => e.symbol).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    t.sync.changed();
    t.sync.changed(); // two changes within the delay: one save
    expect(t.timers.size).toBe(1);
    await t.fire();
    // Merged once: the save after a change does not load the server copy again.
    expect(t.calls.slice(3)).toEqual([
      `timer ${SAVE_DELAY_MS}`,
      `timer ${SAVE_DELAY_MS}`,
      'adopt 42',
      'save',
    ]);
  });

  it('a failed load or save keeps the local list and retries later, the delay doubling', async () => {
    const server = { list: null as FavouriteWire[] | null, saveOk: false };
    const t = setup(server);
    t.sync.account('42');
    await t.sync.idle();
    expect(t.calls).toEqual(['load', `timer ${RETRY_FIRST_MS}`]);
    expect(t.saved).toEqual([]);
    server.list = [];
    await t.fire();
    expect(t.calls.slice(2)).toEqual(['load', 'adopt 42', 'save', `timer ${RETRY_FIRST_MS * 2}`]);
    server.saveOk = true;
    await t.fire();
    expect(t.calls.at(-1)).toBe('save');
    expect(t.saved.at(-1)!.map((e) => e.symbol)).toEqual(['BTC_USDT']);
  });

  it('logout cancels a pending save or retry: nothing of the account goes to the server after it', async () => {
    const t = setup({ list: null, saveOk: true });
    t.sync.account('42');
    await t.sync.idle();
    expect(t.timers.size).toBe(1); // the retry
    t.sync.account(null);
    expect(t.timers.size).toBe(0);
    t.sync.changed();
    await t.sync.idle();
    expect(t.calls).toEqual(['load', `timer ${RETRY_FIRST_MS}`]);
  });

  it('an account that changed while its server copy loaded is not merged or saved', async () => {
    let answer!: (list: FavouriteWire[]) => void;
    const calls: string[] = [];
    const sync = createFavouritesSync({
      load: () => new Promise((resolve) => (answer = resolve)),
      save: async () => (calls.push('save'), true),
      adopt: async (uid) => (calls.push(`adopt ${uid}`), []),
      setTimeout: () => 0,
      clearTimeout: () => {},
      log: () => {},
    });
    sync.account('42');
    await Promise.resolve();
    sync.account(null);
    answer([fav('ETH_USDT', 2)]);
    await sync.idle();
    expect(calls).toEqual([]);
  });
});
