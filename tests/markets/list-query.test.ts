// The list's query client (src/markets/list-query.ts): latest wins per handle, page-wide rising ids and a list
// handle per list from the registry (released in the engine on close), version events of the handle's kind only
// (and none after close), a prefetch on a handle of its own that the adopting list takes over (an unadopted one
// released once stale), and the stored first window kept only for the default view.
import { describe, expect, it } from 'vitest';
import type { MarketQuery, QueryResult, VersionEvent } from '../../workers/market/contract.ts';
import { ListRegistry, openList, paramsKey, PREFETCH_FRESH_MS } from '../../src/markets/list-query.ts';
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
  const closed: number[] = [];
  let listener: ((e: VersionEvent) => void) | null = null;
  const engine = fakeEngineOf({
    closeList: async (list) => void closed.push(list),
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
  return {
    engine,
    asked,
    closed,
    release: (k: number) => pending[k]!(),
    emit: (e: VersionEvent) => listener?.(e),
  };
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

  it('gives each list a handle of its own, kept across its queries and released in the engine on close', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    const a = openList(lists, { log: () => {} });
    const b = openList(lists, { log: () => {} });
    a.connect(fake.engine, () => {});
    b.connect(fake.engine, () => {});
    void a.query(params('b'), 'k1', want, false);
    void b.query(params('e'), 'k2', want, false);
    void a.query(params('bt'), 'k3', want, false);
    const handles = fake.asked.map((q) => q.list);
    expect(handles[0]).toBeGreaterThan(0);
    expect(handles).toEqual([handles[0], handles[1], handles[0]]);
    expect(handles[1]).not.toBe(handles[0]);
    a.close();
    a.close(); // once: not connected any more
    expect(fake.closed).toEqual([handles[0]]);
    // Connected again (React StrictMode), the list queries on the same handle.
    a.connect(fake.engine, () => {});
    void a.query(params('btc'), 'k4', want, false);
    expect(fake.asked.at(-1)!.list).toBe(handles[0]);
  });

  it('a prefetch has its own handle, even beside a list of its kind; the adopting list takes it over', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    let now = 0;
    const shown = openList(lists, { log: () => {}, now: () => now });
    shown.connect(fake.engine, () => {});
    void shown.query(params('', { kind: 'pilot' }), 'k', want, false);
    const hot = params('', { kind: 'pilot', tab: 'hot' });
    lists.prefetch(fake.engine, hot, 0);
    lists.prefetch(fake.engine, hot, 1); // the same inputs, still fresh: asked once
    expect(fake.asked).toHaveLength(2);
    const [own, pre] = fake.asked;
    expect(pre!.list).not.toBe(own!.list);
    expect(shown.accepts(own!.id)).toBe(true);
    const next = openList(lists, { log: () => {}, now: () => now });
    next.connect(fake.engine, () => {});
    const adopted = next.query(hot, paramsKey(hot), want, true);
    expect(fake.asked).toHaveLength(2); // adopted: no query of its own
    fake.release(1);
    expect((await adopted)?.id).toBe(pre!.id);
    now = 1;
    void next.query(params('p', { kind: 'pilot' }), 'k2', want, false);
    expect(fake.asked.at(-1)!.list).toBe(pre!.list);
    next.close();
    expect(fake.closed).toEqual([pre!.list]);
  });

  it('a prefetch primed by two lists is claimed by the first to connect; the other gives it up', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    const hot = params('', { tab: 'hot' });
    lists.prefetch(fake.engine, hot, 0);
    fake.release(0);
    await flush();
    const pre = fake.asked[0]!;
    const [a, b] = [openList(lists, { log: () => {} }), openList(lists, { log: () => {} })];
    for (const q of [a, b]) expect(q.prime(hot, paramsKey(hot))).toMatchObject({ from: 'prefetch' });
    expect([a.latest, b.latest]).toEqual([pre.id, pre.id]);
    a.connect(fake.engine, () => {});
    b.connect(fake.engine, () => {});
    expect([a.latest, b.latest]).toEqual([pre.id, 0]);
    void b.query(hot, paramsKey(hot), want, true);
    expect(fake.asked.at(-1)!.list).not.toBe(pre.list);
    b.close();
    a.close();
    expect(fake.closed).toEqual([fake.asked.at(-1)!.list, pre.list]);
  });

  it('releases a prefetch nobody adopted once it is stale', async () => {
    const lists = new ListRegistry();
    const fake = heldEngine();
    lists.prefetch(fake.engine, params('', { kind: 'spot' }), 0);
    lists.prefetch(fake.engine, params('', { kind: 'futures' }), 5);
    expect(fake.closed).toEqual([]);
    expect(lists.peek(paramsKey(params('', { kind: 'spot' })), PREFETCH_FRESH_MS - 1)).not.toBeNull();
    expect(lists.peek(paramsKey(params('', { kind: 'spot' })), PREFETCH_FRESH_MS)).toBeNull();
    expect(fake.closed).toEqual([fake.asked[0]!.list]);
    lists.prefetch(fake.engine, params('', { kind: 'spot' }), PREFETCH_FRESH_MS + 5);
    expect(fake.closed).toEqual([fake.asked[0]!.list, fake.asked[1]!.list]);
    expect(fake.asked).toHaveLength(3);
    // Primed, then stale and released before its list connected: the list gives it up.
    const late = params('', { kind: 'pilot' });
    lists.prefetch(fake.engine, late, 100_000);
    fake.release(3);
    await flush();
    const q = openList(lists, { log: () => {}, now: () => 100_001 });
    expect(q.prime(late, paramsKey(late))).toMatchObject({ from: 'prefetch' });
    lists.peek('other', 100_000 + PREFETCH_FRESH_MS);
    expect(fake.closed.at(-1)).toBe(fake.asked[3]!.list);
    q.connect(fake.engine, () => {});
    expect(q.latest).toBe(0);
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
