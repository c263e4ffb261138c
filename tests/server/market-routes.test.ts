// Market routes of the reference server (SPEC §3, §7): shapes and counts over the bundled real snapshots,
// query validation, CSRF and injected faults. Wire shapes: common/wire/market.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import type { ApiEnvelope } from '../../common/wire/envelope.ts';
import type {
  ContractWire,
  PilotMarketsWire,
  PreMarketListWire,
  SpotMarketsWire,
  TabMenuWire,
} from '../../common/wire/market.ts';
import {
  CONTRACT_SHAPE,
  DECIMAL,
  get,
  getJson,
  PILOT_ROW_SHAPE,
  PREMARKET_ROW_SHAPE,
  shapeErrors,
  SPOT_ROW_SHAPE,
} from './market-helpers.ts';

const SPOTS = '/apiw/v2/market/spots?exchange_type=ALL';
const FUTURES = '/apiw/v2/market/futures?is_testnet=0&exchange_type=CONTRACT_ALL';
const TABS = '/apiw/v2/common/tabs?area=web_trade';
const PILOT = '/apiw/v2/pilot/markets?exchange_type=PILOT_ALL';
const PREMINT = '/apiw/v2/pre-mint/service/currencies/simple-info?limit=100&page=1';
const PREMARKET = '/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=1';

let app: Hono;
let spots: SpotMarketsWire;
let contracts: ContractWire[];
let pilot: PilotMarketsWire;
let tabs: TabMenuWire[];

beforeAll(async () => {
  app = createApp({ faults: true });
  spots = (await getJson<ApiEnvelope<SpotMarketsWire>>(app, SPOTS)).body.data;
  contracts = (await getJson<ApiEnvelope<ContractWire[]>>(app, FUTURES)).body.data;
  pilot = (await getJson<ApiEnvelope<PilotMarketsWire>>(app, PILOT)).body.data;
  tabs = (await getJson<ApiEnvelope<TabMenuWire[]>>(app, TABS)).body.data;
});

describe('GET /apiw/v2/market/spots (SPEC §3 spot row, §7)', () => {
  it('serves all 2,918 real pairs with server_time and every SpotRowWire field', async () => {
    const { status, body } = await getJson<ApiEnvelope<SpotMarketsWire>>(app, SPOTS);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.list).toHaveLength(2918);
    expect(Math.abs(body.data.server_time - Date.now() / 1000)).toBeLessThan(60);
    expect(body.data.list.flatMap((r) => shapeErrors(r, SPOT_ROW_SHAPE))).toEqual([]);
    for (const r of body.data.list) {
      expect(r.link).toBe(`/trade/${r.pair}`);
      expect(r.prior_rate).toMatch(DECIMAL);
    }
  });

  it('maps BTC_USDT from the real ticker: name, rate, change, quote volume, prior rate, margin tier, icon', () => {
    const btc = spots.list.find((r) => r.pair === 'BTC_USDT');
    expect(btc).toMatchObject({
      name: 'Bitcoin',
      rate: '15882.4',
      rate_percent: '-2.19',
      change_utc0: '0.64',
      change_utc8: '-1.53',
      volume: '211945961.60471',
      multiple: 10,
      credit: true,
      cross_multiple: 5,
      isST: false,
      icon: '/coin-icons/btc.svg',
      opening_time: 0,
    });
    // prior = last / (1 + change/100)
    expect(Number(btc?.prior_rate)).toBeCloseTo(15882.4 / (1 - 0.0219), 3);
    expect(btc?.categories).toEqual(['USDT']);
  });

  it('tags leveraged tokens ETF, quote markets by quote, and leaves the odd quotes (SNET, CNYX) to ALL', () => {
    const byPair = new Map(spots.list.map((r) => [r.pair, r]));
    expect(byPair.get('BTC3L_USDT')?.categories).toEqual(['USDT', 'ETF']);
    expect(spots.list.filter((r) => r.categories.includes('ETF'))).toHaveLength(268);
    expect(byPair.get('ETH_BTC')?.categories).toContain('BTC');
    expect(byPair.get('BTC_TRY')?.categories).toContain('TRY');
    expect(byPair.get('LLT_SNET')?.categories).toEqual([]);
  });

  it('keeps zero prices and flags them and empty-book pairs ST (SPEC §3 isST)', () => {
    const zero = spots.list.filter((r) => r.rate === '0');
    expect(zero).toHaveLength(34);
    expect(zero.every((r) => r.isST)).toBe(true);
    expect(spots.list.find((r) => r.pair === 'KEEP_USDT')?.isST).toBe(true);
    expect(spots.list.filter((r) => r.isST).length).toBeLessThan(100);
  });

  it('marks NEWLISTED pairs with opening_time, some upcoming (in the future) and some recent (SPEC §3)', () => {
    const now = Date.now() / 1000;
    const listed = spots.list.filter((r) => r.categories.includes('NEWLISTED'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.opening_time > 0)).toBe(true);
    expect(listed.filter((r) => r.opening_time > now).length).toBeGreaterThan(0);
    expect(listed.filter((r) => r.opening_time < now).length).toBeGreaterThan(0);
    expect(
      spots.list.filter((r) => !r.categories.includes('NEWLISTED')).every((r) => r.opening_time === 0),
    ).toBe(true);
  });

  it('rejects an unknown exchange_type with a 400 JSON message', async () => {
    const { status, body } = await getJson<{ code: number; message: string }>(
      app,
      '/apiw/v2/market/spots?exchange_type=NOPE',
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, message: expect.stringContaining('exchange_type') });
  });
});

describe('GET /apiw/v2/market/futures (SPEC §3 futures contract, §7)', () => {
  it('serves the 302 real USDT contracts and a synthetic BTC-settled list, each with settle', () => {
    expect(contracts.flatMap((r) => shapeErrors(r, CONTRACT_SHAPE))).toEqual([]);
    const usdt = contracts.filter((r) => r.settle === 'usdt');
    const btc = contracts.filter((r) => r.settle === 'btc');
    expect(usdt).toHaveLength(302);
    expect(usdt.every((r) => r.synthetic === undefined && r.name.endsWith('_USDT'))).toBe(true);
    expect(btc).toHaveLength(20);
    expect(btc.every((r) => r.synthetic === true && r.name.endsWith('_USD'))).toBe(true);
    expect(btc.map((r) => r.name)).toContain('BTC_USD');
    expect(contracts.every((r) => DECIMAL.test(r.volume_24h_quote) && DECIMAL.test(r.last_price))).toBe(true);
  });

  it('takes change from the same-base spot ticker, and 0 when spot has no such pair', () => {
    const btc = contracts.find((r) => r.name === 'BTC_USDT');
    expect(btc).toMatchObject({ last_price: '26696', change_percentage: '-2.19', leverage_max: 100 });
    expect(contracts.find((r) => r.name === 'ARB_USDT')?.change_percentage).toBe('0');
  });

  it('flags the delisting contract ST and tags HOT and NEW', () => {
    expect(contracts.find((r) => r.name === 'COCOS_USDT')?.is_tag_st).toBe(true);
    expect(contracts.filter((r) => r.settle === 'usdt' && r.categories.includes('HOT'))).toHaveLength(10);
    expect(contracts.find((r) => r.name === 'SUI_USDT')?.categories).toContain('NEW');
  });

  it('rejects an unknown is_testnet or exchange_type with 400', async () => {
    expect((await get(app, '/apiw/v2/market/futures?is_testnet=2')).status).toBe(400);
    expect((await get(app, '/apiw/v2/market/futures?exchange_type=SPOT')).status).toBe(400);
  });
});

describe('GET /apiw/v2/pilot/markets (SPEC §3 pilot token row, §7)', () => {
  it('serves the 279 real tokens with cate and PilotRowWire fields', () => {
    expect(pilot.list).toHaveLength(279);
    expect(pilot.list.flatMap((r) => shapeErrors(r, PILOT_ROW_SHAPE))).toEqual([]);
    expect(pilot.cate.split(',')).toEqual(['hot', 'new', 'meme', 'pump', 'raydium', 'meteora']);
    for (const r of pilot.list) {
      expect(r.seo_path).toBe(`sol-${r.address}`);
      expect(r.show_pair).toMatch(/\/SOL$/);
      expect(r.show_pair).toBe(r.show_pair.toUpperCase());
      expect(
        [r.price, r.volume_24h, r.market_cap ?? '', r.change_percentage].every((v) => DECIMAL.test(v)),
      ).toBe(true);
      expect(r.is_hot).toBe(r.categories.includes('hot'));
    }
    expect(pilot.list.filter((r) => r.is_hot)).toHaveLength(20);
  });

  it('keeps real name quirks (trailing space, Cyrillic homoglyph) and the real address', () => {
    const fart = pilot.list.find((r) => r.address === '9BB6NFEcjBCtnNLFko2FqVQBq8HHM13kCyYcdQbgpump');
    expect(fart?.name).toBe('Fartcoin ');
    expect(fart?.show_pair).toBe('FARTCOIN/SOL');
    expect(pilot.list.some((r) => r.name.includes('Y\u0430wn'))).toBe(true);
  });

  it('prices Pippin from usdMarketCap / supply', () => {
    const pippin = pilot.list.find((r) => r.address === 'Dfh5DzRgSvvCFDoYc2ciTkMrbDfRKybA4SoFbPmApump');
    expect(Number(pippin?.price)).toBeCloseTo(476520751.26467764 / 999937708.098202, 8);
    expect(pippin?.chain_icon).toBe('/coin-icons/sol.svg');
  });

  it('rejects an unknown exchange_type with 400', async () => {
    expect((await get(app, '/apiw/v2/pilot/markets?exchange_type=ALL')).status).toBe(400);
  });
});

describe('GET …/pre-mint and …/pre-market simple-info (SPEC §3 pre-market row, §7, §9 page size 100)', () => {
  it('serves synthetic lists with total, honouring page 1 of 100', async () => {
    for (const path of [PREMINT, PREMARKET]) {
      const { status, body } = await getJson<ApiEnvelope<PreMarketListWire>>(app, path);
      expect(status).toBe(200);
      expect(body.data.synthetic).toBe(true);
      expect(body.data.list.length).toBe(Math.min(100, body.data.total ?? 0));
      expect(body.data.list.flatMap((r) => shapeErrors(r, PREMARKET_ROW_SHAPE))).toEqual([]);
      for (const r of body.data.list) {
        expect(r.market).toBe(`${r.currency}_USDT`);
        expect((r.tags ?? []).every((t) => t === 'hot' || t === 'new')).toBe(true);
      }
    }
  });

  it('pages through the pre-market list without overlap, and clamps limit to 100', async () => {
    const first = (await getJson<ApiEnvelope<PreMarketListWire>>(app, PREMARKET)).body.data;
    const total = first.total ?? 0;
    expect(total).toBeGreaterThan(100);
    const seen = new Set<string>();
    for (let page = 1; (page - 1) * 100 < total; page++) {
      const { body } = await getJson<ApiEnvelope<PreMarketListWire>>(
        app,
        `/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=${page}`,
      );
      for (const r of body.data.list) seen.add(r.currency);
    }
    expect(seen.size).toBe(total);
    const big = await getJson<ApiEnvelope<PreMarketListWire>>(
      app,
      '/apiw/v2/pre-market/service/currencies/simple-info?limit=500&page=1',
    );
    expect(big.body.data.list).toHaveLength(100);
    const small = await getJson<ApiEnvelope<PreMarketListWire>>(
      app,
      '/apiw/v2/pre-market/service/currencies/simple-info?limit=7&page=2',
    );
    expect(small.body.data.list.map((r) => r.currency)).toEqual(
      first.list.slice(7, 14).map((r) => r.currency),
    );
    const past = await getJson<ApiEnvelope<PreMarketListWire>>(
      app,
      '/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=99',
    );
    expect(past.body.data).toMatchObject({ list: [], total: first.total });
  });

  it('rejects a non-numeric or zero limit or page with 400', async () => {
    for (const q of ['limit=abc', 'limit=0', 'page=0', 'page=-1', 'limit=1.5']) {
      const { status, body } = await getJson<{ code: number }>(
        app,
        `/apiw/v2/pre-mint/service/currencies/simple-info?${q}`,
      );
      expect(status, q).toBe(400);
      expect(body.code).toBe(400);
    }
  });
});

describe('GET /apiw/v2/common/tabs (SPEC §3, §5, §7)', () => {
  it('has one menu per list, and tab keys cover every category rows use', () => {
    const keys = (market: TabMenuWire['market']) =>
      new Set(tabs.find((m) => m.market === market)?.tabs.map((t) => t.key));
    expect(tabs.map((m) => m.market)).toEqual(['spot', 'futures', 'pilot', 'premarket']);
    const spotKeys = keys('spot');
    for (const c of new Set(spots.list.flatMap((r) => r.categories))) expect(spotKeys, c).toContain(c);
    for (const k of ['ALL', 'USDT', 'BTC', 'ETH', 'TRY', 'ETF', 'NEWLISTED']) expect(spotKeys).toContain(k);
    const futureKeys = keys('futures');
    for (const c of new Set(contracts.flatMap((r) => r.categories))) expect(futureKeys, c).toContain(c);
    expect([...futureKeys]).toEqual(['ALL', 'USDT', 'BTC', 'HOT', 'NEW']);
    const pilotKeys = keys('pilot');
    for (const c of [...pilot.cate.split(','), ...pilot.list.flatMap((r) => r.categories)]) {
      expect(pilotKeys, c).toContain(c);
    }
    expect([...keys('premarket')]).toEqual(['premint', 'pre_market']);
  });

  it('names tabs in the language of the lang query, lang header or Accept-Language (SPEC §9 forms too)', async () => {
    const name = async (path: string, headers: Record<string, string> = {}) => {
      const { body } = await getJson<ApiEnvelope<TabMenuWire[]>>(app, path, headers);
      return body.data[0]?.tabs.find((t) => t.key === 'ALL')?.name;
    };
    expect(await name(TABS)).toBe('All');
    expect(await name(`${TABS}&lang=zh`)).toBe('全部');
    expect(await name(`${TABS}&lang=cn`)).toBe('全部');
    expect(await name(`${TABS}&lang=tw`)).toBe('全部');
    expect(await name(`${TABS}&lang=pt-BR`)).toBe('Todos');
    expect(await name(TABS, { lang: 'ja' })).toBe('すべて');
    expect(await name(TABS, { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.8' })).toBe('Alle');
    expect(await name(TABS, { 'Accept-Language': 'ko-KR,ko;q=0.9' })).toBe('All');
    const res = await get(app, TABS, { 'Accept-Language': 'uk' });
    expect(res.headers.get('content-language')).toBe('uk');
  });

  it('keeps currency codes untranslated and translates New Listings', async () => {
    const { body } = await getJson<ApiEnvelope<TabMenuWire[]>>(app, `${TABS}&lang=ar`);
    const spot = body.data[0]?.tabs ?? [];
    expect(spot.find((t) => t.key === 'USDT')?.name).toBe('USDT');
    expect(spot.find((t) => t.key === 'NEWLISTED')?.name).toBe('الإدراجات الجديدة');
  });

  it('rejects an unknown area or lang query with 400', async () => {
    expect((await get(app, '/apiw/v2/common/tabs?area=app')).status).toBe(400);
    expect((await get(app, `${TABS}&lang=xx`)).status).toBe(400);
  });
});

describe('CSRF and injected faults on market routes (ARCHITECTURE.md "The reference server", SPEC §8)', () => {
  it('answers 403 without the X-CSRF-Token header, and with a mismatching one', async () => {
    const none = await app.request(SPOTS, { headers: { cookie: 'csrf_token=t' } });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ code: 403 });
    const wrong = await app.request(PILOT, { headers: { cookie: 'csrf_token=t', 'X-CSRF-Token': 'u' } });
    expect(wrong.status).toBe(403);
  });

  it('injects a 500 for the named path only', async () => {
    const faults = { 'X-MH-Faults': '/apiw/v2/market/spots=500' };
    const failed = await getJson<{ code: number }>(app, SPOTS, faults);
    expect(failed).toEqual({ status: 500, body: { code: 500, message: 'injected fault' } });
    expect((await get(app, FUTURES, faults)).status).toBe(200);
  });

  it('injects a malformed 200 body that does not parse', async () => {
    const res = await get(app, FUTURES, { 'X-MH-Faults': '/apiw/v2/market/futures=malformed' });
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it('still answers normally after an injected delay (slow:50)', async () => {
    const { status, body } = await getJson<ApiEnvelope<PilotMarketsWire>>(app, PILOT, {
      'X-MH-Faults': '/apiw/v2/pilot/markets=slow:50',
    });
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(279);
  });
});
