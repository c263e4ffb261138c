// The list's query client (src/markets/list-query.ts): latest wins per handle, page-wide rising ids from the
// registry, version events of the handle's kind only (and none after close), the on-screen hold that keeps a
// prefetch from superseding a shown list, and the stored first window kept only for the default view.
import { describe, expect, it } from 'vitest';
import type { MarketQuery, QueryResult, VersionEvent } from '../../workers/market/contract.ts';
import { ListRegistry, openList, paramsKey } from '../../src/markets/list-query.ts';
import type { FirstWindow } from '../../src/markets/first-window-cache.ts';
import { fakeEngineOf } from './fake-engine.ts';
import { listParams as params, listRow } from './list-row.ts';

const result = (q: MarketQuery, total = 5): QueryResult => ({
  id: q.id,
  total,
  version: 1,
  status: 'ready',
  superseded: false,
  start: 0,
  rows: Array.from({ length: Math.min(total, q.count ?? 0) }, (_, i) => listRow(`R${i}_USDT`)),
});
const want = { first: 0, last: 19 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An engine whose query replies wait for `release`, and whose version listener the test drives. */
function heldEngine() {
  const pending: Array<() => void> = [];
  const asked: MarketQuery[] = [];
  let listener: ((e: VersionEvent) => void) | null = null;
  const engine = fakeEngineOf({
    query: (q) => {
      asked.push(q);
      return new Promise((resolve) => pending.push(() => resolve(result(q))));
    },
    subscribe: async (l) => {
      listener = l;
      return () => {
        if (listener === l) listener = null;
      };
    },
  });
  return { engine, asked, release: (k: number) => pending[k]!(), emit: (e: VersionEvent) => listener?.(e) };
}

describe('ListQuery', () => {
  it('latest wins per handle: an older reply resolves null, the newest with its result; ids rise page-wide', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    const a = openList(lists, { log: () => {} });
    const b = openList(lists, { log: () => {} });
    a.connect(fake.engine, () => {});
    b.connect(fake.engine, () => {});
    const first = a.query(params('b'), paramsKey(params('b')), want, false);
    const other = b.query(params('x', { kind: 'futures' }), paramsKey(params('x')), want, false);
    const second = a.query(params('bt'), paramsKey(params('bt')), want, false);
    expect(fake.asked.map((q) => q.id)).toEqual([1, 2, 3]);
    expect(a.latest).toBe(3);
    fake.release(2);
    fake.release(0);
    fake.release(1);
    expect(await first).toBeNull();
    expect((await second)?.id).toBe(3);
    expect((await other)?.id).toBe(2);
    expect(a.accepts(1)).toBe(false);
  });

  it('passes on version events of its kind only, noting version and status; none after close', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    const q = openList(lists, { log: () => {} });
    const seen: number[] = [];
    q.connect(fake.engine, (e) => void seen.push(e.version));
    void q.query(params('', { kind: 'pilot' }), 'k', want, false);
    await flush();
    fake.emit({ kind: 'spot', version: 7, status: 'ready' });
    fake.emit({ kind: 'pilot', version: 4, status: 'stale' });
    expect(seen).toEqual([4]);
    expect([q.newestVersion, q.eventStatus]).toEqual([4, 'stale']);
    q.close();
    await flush();
    fake.emit({ kind: 'pilot', version: 5, status: 'ready' });
    expect(seen).toEqual([4]);
  });

  it('a prefetch asks nothing while a list of that kind is connected, and again once it closed', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    const q = openList(lists, { log: () => {} });
    q.connect(fake.engine, () => {});
    void q.query(params('', { kind: 'pilot' }), 'k', want, false);
    lists.prefetch(fake.engine, params('', { kind: 'pilot', tab: 'hot' }), 0);
    expect(fake.asked).toHaveLength(1);
    q.close();
    lists.prefetch(fake.engine, params('', { kind: 'pilot', tab: 'hot' }), 0);
    expect(fake.asked).toHaveLength(2);
  });

  it('keeps the first window only for the default view at the top, and primes from it', () => {
    const stored = new Map<string, FirstWindow>();
    const firstWindows = {
      read: (kind: string, key: string) => stored.get(`${kind} ${key}`) ?? null,
      write: (kind: string, key: string, w: FirstWindow) => void stored.set(`${kind} ${key}`, w),
    };
    const q = openList(new ListRegistry(), { log: () => {}, firstWindows });
    const res = result({ id: 1, kind: 'spot', tab: '', term: '', count: 3 });
    q.keep(params('btc'), 'searched', null, res);
    q.keep(params('', { tab: 'new' }), 'other-tab', 'hot', res);
    q.keep(params('', { tab: 'hot' }), 'default', 'hot', { ...res, start: 20 });
    expect(stored.size).toBe(0);
    q.keep(params('', { tab: 'hot' }), 'default', 'hot', res);
    expect([...stored.keys()]).toEqual(['spot default']);
    expect(q.prime(params('', { tab: 'hot' }), 'default')).toMatchObject({
      from: 'storage',
      window: { tab: 'hot', total: 5 },
    });
    expect(q.prime(params('', { tab: 'new' }), 'other-tab')).toBeNull();
    expect(q.latest).toBe(0);
  });
});
