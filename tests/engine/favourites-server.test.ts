// The engine calls the server's favourites API itself (workers/market/favourites-engine.ts; SPEC §4, §8; docs/API.md
// 'Favourites'): at sign-in a GET of the account's copy, merged with the device's anonymous list (union) and PUT back
// with the CSRF token; a star is PUT 500 ms later; a failed GET keeps the local list; logout drops the account's
// list and sends nothing more.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineDeps } from '../../workers/market/deps.ts';
import { FAVOURITES_API } from '../../common/wire/endpoints.ts';
import type { FavouriteWire } from '../../common/wire/favourites.ts';
import { SAVE_DELAY_MS } from '../../workers/market/favourites-sync.ts';
import { createFakeServer, createTestEngine, fail, ok, TEST_CONFIG } from './harness.ts';

const fav = (symbol: string, at: number): FavouriteWire => ({ list: 'spot', symbol, label: symbol, at });

/** An engine whose fake server answers the favourites GET with `copy` and records every favourites call. */
function setup(copy: FavouriteWire[] | null) {
  const server = createFakeServer();
  const sent: Array<{ method: string; csrf: string; json: unknown }> = [];
  const fetchJson: EngineDeps['fetchJson'] = async (url, options) => {
    if (new URL(url).pathname !== FAVOURITES_API.list) return server.fetchJson(url, options);
    sent.push({ method: options.method ?? 'GET', csrf: options.csrfToken, json: options.json });
    if (options.method === 'PUT') return ok({ code: 200, data: { count: 1 } });
    return copy ? ok({ code: 200, message: 'success', data: { entries: copy } }) : fail('http', 503);
  };
  const { engine } = createTestEngine(server, { fetchJson });
  return { engine, sent };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('favourites on the server, from the engine', () => {
  it('sign-in: GET, union with the anonymous list, PUT with the CSRF token; a star is saved after the delay', async () => {
    const t = setup([fav('ETH_USDT', 2)]);
    await t.engine.init(TEST_CONFIG);
    await t.engine.favouritesAccount(null, true);
    await t.engine.setFavourite('spot', 'BTC_USDT', 'BTC/USDT', true);
    expect(t.sent).toEqual([]); // anonymous: nothing goes to the server
    await t.engine.favouritesAccount('42', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sent.map((c) => `${c.method} ${c.csrf}`)).toEqual(['GET csrf-test', 'PUT csrf-test']);
    const put = t.sent[1]!.json as { entries: FavouriteWire[] };
    expect(put.entries.map((e) => e.symbol).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect((await t.engine.favourites()).map((f) => f.symbol).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);

    await t.engine.setFavourite('spot', 'SOL_USDT', 'SOL/USDT', true);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(t.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sent.map((c) => c.method)).toEqual(['GET', 'PUT', 'PUT']);
    const saved = (t.sent[2]!.json as { entries: FavouriteWire[] }).entries.map((e) => e.symbol);
    expect(saved.sort()).toEqual(['BTC_USDT', 'ETH_USDT', 'SOL_USDT']);
    t.engine.dispose();
  });

  it('the server copy unreachable: the local list keeps working; logout sends nothing more and drops it', async () => {
    const t = setup(null);
    await t.engine.init(TEST_CONFIG);
    await t.engine.favouritesAccount('42', false);
    await t.engine.setFavourite('spot', 'BTC_USDT', 'BTC/USDT', true);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect((await t.engine.favourites()).map((f) => f.symbol)).toEqual(['BTC_USDT']);
    expect(t.sent.every((c) => c.method === 'GET')).toBe(true); // never merged: nothing saved over the server's
    await t.engine.dropAccountFavourites();
    const calls = t.sent.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(t.sent).toHaveLength(calls);
    expect(await t.engine.favourites()).toEqual([]);
    t.engine.dispose();
  });
});
