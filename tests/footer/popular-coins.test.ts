// Popular coins for the footer (SPEC §2 templated links, §8 fallbacks): a good answer is used and cached; a failed,
// slow or malformed answer falls back to the cache, else to no popular group.
import { describe, expect, it, vi } from 'vitest';
import type { HttpResult } from '../../common/http.ts';
import {
  fetchPopularCoins,
  parsePopularCoins,
  POPULAR_CACHE_KEY,
  type KeyValueStore,
} from '../../src/footer/popular-coins.ts';

const COINS = [
  { currency: 'BTC', name: 'Bitcoin', slug: 'bitcoin' },
  { currency: 'ETH', name: 'Ethereum', slug: 'ethereum' },
];

function store(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}
const answer = (r: HttpResult) => () => Promise.resolve(r);

describe('popular coins (SPEC §2, §8)', () => {
  it('a valid answer is ready and cached', async () => {
    const s = store();
    const got = await fetchPopularCoins(
      answer({ ok: true, status: 200, body: { code: 200, data: COINS } }),
      s,
    );
    expect(got).toEqual({ status: 'ready', coins: COINS });
    expect(JSON.parse(s.data.get(POPULAR_CACHE_KEY)!)).toEqual(COINS);
  });

  it('a failed or timed-out call falls back to the cache (stale)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = store({ [POPULAR_CACHE_KEY]: JSON.stringify(COINS) });
    expect(await fetchPopularCoins(answer({ ok: false, reason: 'timeout' }), s)).toEqual({
      status: 'stale',
      coins: COINS,
    });
    expect(await fetchPopularCoins(answer({ ok: false, reason: 'http', status: 500 }), s)).toEqual({
      status: 'stale',
      coins: COINS,
    });
  });

  it('the schema bounds hold: empty or over-long names, bad slugs and lists over 50 coins are invalid', () => {
    const ok = { currency: 'BTC', name: 'Bitcoin', slug: 'bitcoin' };
    const body = (data: unknown) => ({ code: 200, data });
    expect(parsePopularCoins(body([ok]))).toEqual([ok]);
    expect(parsePopularCoins(body([{ ...ok, name: '' }]))).toBeNull();
    expect(parsePopularCoins(body([{ ...ok, name: 'x'.repeat(65) }]))).toBeNull();
    expect(parsePopularCoins(body([{ ...ok, slug: 'Bit Coin' }]))).toBeNull();
    expect(parsePopularCoins(body(Array.from({ length: 51 }, () => ok)))).toBeNull();
    expect(parsePopularCoins({ code: 500, data: [ok] })).toBeNull();
  });

  it('a malformed answer does not overwrite the cache; without a cache the group is empty', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = answer({
      ok: true,
      status: 200,
      body: { code: 200, data: [{ currency: '<b>', name: 'x', slug: 'x' }] },
    });
    const s = store({ [POPULAR_CACHE_KEY]: JSON.stringify(COINS) });
    expect(await fetchPopularCoins(bad, s)).toEqual({ status: 'stale', coins: COINS });
    expect(JSON.parse(s.data.get(POPULAR_CACHE_KEY)!)).toEqual(COINS);
    expect(await fetchPopularCoins(bad, store())).toEqual({ status: 'error', coins: [] });
    expect(await fetchPopularCoins(bad, store({ [POPULAR_CACHE_KEY]: '{not json' }))).toEqual({
      status: 'error',
      coins: [],
    });
    expect(await fetchPopularCoins(bad, null)).toEqual({ status: 'error', coins: [] });
  });

  it('parses only successful envelopes of well-formed coins', () => {
    expect(parsePopularCoins({ code: 200, data: COINS })).toEqual(COINS);
    expect(parsePopularCoins({ code: 500, data: COINS })).toBeNull();
    expect(
      parsePopularCoins({ code: 200, data: [{ currency: 'BTC', name: 'Bitcoin', slug: '../x' }] }),
    ).toBeNull();
    expect(parsePopularCoins(null)).toBeNull();
  });
});
