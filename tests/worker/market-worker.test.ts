// @vitest-environment node
// The real worker entry through @vitest/web-worker: Comlink over postMessage, IndexedDB (fake-indexeddb), global fetch.
import '@vitest/web-worker';
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { del } from 'idb-keyval';
import type { MarketEngineApi } from '../../workers/market/contract.ts';
import type { VersionEvent } from '../../workers/market/contract.ts';
import { marketUrl } from '../../common/wire/endpoints.ts';
import { CACHE_NAMES, MAX_MESSAGE_BYTES } from '../../workers/market/config.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import { stubMarketFetch } from './stub-fetch.ts';
import { IDB_DATABASE, IDB_STORE } from '../../workers/market/io/idb-store.ts';
import { createStore } from 'idb-keyval';

const CONFIG = { lang: 'en', langPrefix: '', csrfToken: 'tok-1', origin: 'http://masthead.test' };
const workers: Worker[] = [];

function startWorker(): Remote<MarketEngineApi> {
  const worker = new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
    type: 'module',
  });
  workers.push(worker);
  return wrap<MarketEngineApi>(worker);
}

afterEach(async () => {
  workers.splice(0).forEach((w) => w.terminate());
  vi.unstubAllGlobals();
  const store = createStore(IDB_DATABASE, IDB_STORE);
  await Promise.all(Object.values(CACHE_NAMES).map((name) => del(name, store)));
});

describe('market worker (real entry)', () => {
  it('answers queries and windows over Comlink, with credentials and the CSRF header on every call', async () => {
    const server = stubMarketFetch();
    const api = startWorker();
    await api.init(CONFIG);
    const res = await api.query({ id: 1, kind: 'spot', tab: '', term: 'btc' });
    expect(res).toMatchObject({ id: 1, superseded: false, status: 'ready' });
    const w = (await api.rows(1, 0, 20))!;
    expect(w.rows[0]).toMatchObject({ label: 'BTC/USDT', href: '/trade/BTC_USDT', symbol: 'BTC_USDT' });
    expect(messageBytes(w)).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(server.calls[0]).toMatchObject({
      url: `http://masthead.test${marketUrl('spot')}`,
      credentials: 'include',
      headers: expect.objectContaining({ 'X-CSRF-Token': 'tok-1' }),
    });
    expect((await api.stats()).realm).toBe('worker');
    api[releaseProxy]();
  });

  it('sends the timezone with the futures call and serves both settle lists', async () => {
    const server = stubMarketFetch();
    const api = startWorker();
    await api.init(CONFIG);
    await api.query({ id: 1, kind: 'futures', tab: '', term: 'eth', settle: 'BTC' });
    expect((await api.rows(1, 0, 1))!.rows[0]!.href).toBe('/futures/BTC/ETH_USD');
    expect(
      new URL(server.calls.find((c) => c.url.includes('/futures'))!.url).searchParams.get('timezone'),
    ).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('pushes version events to a Comlink-proxied listener', async () => {
    stubMarketFetch();
    const api = startWorker();
    await api.init(CONFIG);
    const events: VersionEvent[] = [];
    await api.subscribe(proxy((e: VersionEvent) => void events.push(e)));
    await api.query({ id: 1, kind: 'pilot', tab: '', term: '' });
    await vi.waitFor(() => expect(events.some((e) => e.kind === 'pilot' && e.status === 'ready')).toBe(true));
  });

  it('paints a second worker from IndexedDB without fetching, and falls back to it on a 500', async () => {
    const server = stubMarketFetch();
    const first = startWorker();
    await first.init(CONFIG);
    const a = await first.query({ id: 1, kind: 'pilot', tab: '', term: 'pip' });
    const rowsA = (await first.rows(1, 0, 10))!.rows;
    expect(server.count('/apiw/v2/pilot/markets')).toBe(1);

    const second = startWorker();
    await second.init(CONFIG);
    const b = await second.query({ id: 1, kind: 'pilot', tab: '', term: 'pip' });
    expect(b).toMatchObject({ total: a.total, status: 'ready' });
    expect((await second.rows(1, 0, 10))!.rows).toEqual(rowsA);
    expect(server.count('/apiw/v2/pilot/markets')).toBe(1);

    server.routes.set('/apiw/v2/pilot/markets', [500, { code: 500 }]);
    await second.refresh('pilot');
    const c = await second.query({ id: 2, kind: 'pilot', tab: '', term: 'pip' });
    expect(c).toMatchObject({ total: a.total, status: 'stale' });
    expect((await second.rows(2, 0, 10))!.rows).toEqual(rowsA);
    expect(server.count('/apiw/v2/pilot/markets')).toBe(2);
  });

  it('drops superseded queries: rows of an older id are null', async () => {
    stubMarketFetch();
    const api = startWorker();
    await api.init(CONFIG);
    const [older, newer] = await Promise.all([
      api.query({ id: 5, kind: 'spot', tab: '', term: 'e' }),
      api.query({ id: 6, kind: 'spot', tab: '', term: 'eth' }),
    ]);
    expect(older.superseded).toBe(true);
    expect(newer.superseded).toBe(false);
    expect(await api.rows(5, 0, 10)).toBeNull();
    expect((await api.rows(6, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
  });

  it('keeps a query per list handle (two lists of one kind) and forgets a closed list', async () => {
    stubMarketFetch();
    const api = startWorker();
    await api.init(CONFIG);
    const [a, b] = await Promise.all([
      api.query({ id: 7, list: 1, kind: 'spot', tab: '', term: 'btc' }),
      api.query({ id: 8, list: 2, kind: 'spot', tab: '', term: 'eth' }),
    ]);
    expect([a.superseded, b.superseded]).toEqual([false, false]);
    expect((await api.rows(7, 0, 1))!.rows[0]!.label).toBe('BTC/USDT');
    expect((await api.rows(8, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    await api.closeList(1);
    expect(await api.rows(7, 0, 1)).toBeNull();
    expect((await api.rows(8, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    expect(await api.stats()).toMatchObject({ lists: 1, results: 1 });
  });
});
