// GET /api/web/v1/site/popular_coins (docs/API.md): the spot snapshot's top bases by USDT-converted quote volume,
// leveraged tokens and ST pairs excluded; and the pure ranking on a small hand-made market.
import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { coinSlug, popularCoins } from '../../server/popular-coins.ts';
import { parsePopularCoins } from '../../src/footer/popular-coins.ts';
import type { SpotRowWire } from '../../common/wire/market.ts';
import { Client } from './helpers.ts';

let app: Hono;
beforeAll(() => {
  app = createApp();
});
const PATH = '/api/web/v1/site/popular_coins';

function row(pair: string, volume: string, over: Partial<SpotRowWire> = {}): SpotRowWire {
  return { pair, name: pair.split('_')[0]!, volume, isST: false, categories: [], ...over } as SpotRowWire;
}

describe('popular coins', () => {
  it('ranks bases by summed quote volume converted to USDT; skips leveraged tokens, ST pairs and unpriced quotes', () => {
    const prices: Record<string, number> = { USDT: 1, BTC: 50_000 };
    const data = {
      spot: [
        row('AAA_USDT', '100'),
        row('AAA_BTC', '0.01', { name: 'Triple A' }), // 500 USDT
        row('BBB_USDT', '550', { name: 'Bee Coin' }),
        row('CCC3L_USDT', '99999', { categories: ['ETF'] }),
        row('DDD_USDT', '99999', { isST: true }),
        row('EEE_XYZ', '99999'),
      ],
      usdtPrice: (c: string) => prices[c.toUpperCase()] ?? null,
    };
    expect(popularCoins(data, 5)).toEqual([
      { currency: 'AAA', name: 'AAA', slug: 'aaa' },
      { currency: 'BBB', name: 'Bee Coin', slug: 'bee-coin' },
    ]);
    expect(coinSlug('Shiba Inu (Old)')).toBe('shiba-inu-old');
  });

  it('serves the real snapshot: Bitcoin first, valid for the client parser, limit respected', async () => {
    const { status, body } = await new Client(app).json(`${PATH}?limit=6`);
    expect(status).toBe(200);
    const coins = parsePopularCoins(body)!;
    expect(coins).toHaveLength(6);
    expect(coins[0]).toEqual({ currency: 'BTC', name: 'Bitcoin', slug: 'bitcoin' });
    expect(new Set(coins.map((c) => c.currency)).size).toBe(6);
  });

  it('rejects a bad limit with 400', async () => {
    const c = new Client(app);
    expect((await c.json(`${PATH}?limit=0`)).status).toBe(400);
    expect((await c.json(`${PATH}?limit=abc`)).status).toBe(400);
    expect((await c.json(`${PATH}?limit=21`)).status).toBe(400);
  });
});
