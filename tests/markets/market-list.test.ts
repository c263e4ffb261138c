// The list controller (src/markets/market-list.ts) against a fake engine and renderer: one round trip per keystroke,
// latest wins on the client, visible rows first and overscan in the next frame (SPEC §9), refresh in place.
import { describe, expect, it } from 'vitest';
import type {
  ListRow,
  MarketEngineApi,
  MarketQuery,
  QueryResult,
  RowWindow,
  VersionEvent,
} from '../../workers/market/contract';
import { MarketListController, PREFETCH_ROWS, type RowRenderer } from '../../src/markets/market-list';
import { ListRegistry, PREFETCH_FRESH_MS, type MarketListParams } from '../../src/markets/list-query.ts';
import type { RowRange } from '../../src/markets/list-window';
import { listParams as params, listRow } from './list-row';
import type { FirstWindow } from '../../src/markets/first-window-cache';

const row = (symbol: string): ListRow => listRow(symbol);

/** A fake engine over a list of `total` rows per term; `cap` rows per reply at most; replies can be held. */
function fakeEngine(opts: { total?: (term: string) => number; cap?: number } = {}) {
  const calls: string[] = [];
  /** The list handle of each query asked. */
  const handles: Array<number | undefined> = [];
  let version = 1;
  let listener: ((e: VersionEvent) => void) | null = null;
  const held: Array<() => void> = [];
  let hold = false;
  const terms = new Map<number, string>();
  const make = (id: number, start: number, end: number) => {
    const term = terms.get(id) ?? '';
    const total = opts.total?.(term) ?? 100;
    const first = Math.min(start, total);
    const last = Math.min(end, total, first + (opts.cap ?? 60));
    const rows = Array.from({ length: Math.max(0, last - first) }, (_, k) =>
      row(`${term}V${version}R${first + k}_USDT`),
    );
    return { total, start: first, rows };
  };
  const answer = <T>(value: T): Promise<T> =>
    new Promise((resolve) => (hold ? held.push(() => resolve(value)) : resolve(value)));
  const engine = {
    async subscribe(l: (e: VersionEvent) => void) {
      listener = l;
      return () => {
        if (listener === l) listener = null;
      };
    },
    query(q: MarketQuery): Promise<QueryResult> {
      calls.push(`query ${q.term} ${q.start}+${q.count}`);
      handles.push(q.list);
      terms.set(q.id, q.term);
      const w = make(q.id, q.start ?? 0, (q.start ?? 0) + (q.count ?? 0));
      return answer({ id: q.id, version, status: 'ready', superseded: false, ...w });
    },
    rows(id: number, start: number, end: number): Promise<RowWindow | null> {
      calls.push(`rows ${start}-${end}`);
      if (!terms.has(id)) return answer(null);
      return answer({ id, version, ...make(id, start, end) });
    },
    closeList: async () => {},
  } as unknown as MarketEngineApi;
  return {
    engine,
    calls,
    handles,
    hold: (on: boolean) => (hold = on),
    release: (k: number) => held.splice(k, 1)[0]!(),
    forget: () => terms.clear(),
    refresh: (status: VersionEvent['status'] = 'ready', reorder = false) => {
      version++;
      listener?.(reorder ? { kind: 'spot', version, status, reorder } : { kind: 'spot', version, status });
    },
  };
}

function recorder() {
  const draws: Array<{
    range: RowRange;
    symbols: Array<string | undefined>;
    keep: RowRange;
    active: number;
  }> = [];
  const renderer: RowRenderer = {
    render(range, rowAt, _total, keep, active) {
      const symbols = [];
      for (let i = range.first; i < range.last; i++) symbols.push(rowAt(i)?.symbol);
      draws.push({ range, symbols, keep, active });
    },
  };
  return { renderer, draws };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A stand-in for the list's scroller: a scroll write that moves it comes back as the scroll event the browser
 * would send (a write to where it already is sends none). */
function scrollerOf(list: MarketListController): Element {
  let at = 0;
  const scrollTo = ({ top = 0 }: ScrollToOptions) => {
    if (top === at) return;
    at = top;
    list.setScrollTop(top);
  };
  // What virtual-core reads of a scroller besides scrollTo: its scroll range (the sizer is total × 58 px high); and
  // its attributes (the controller writes data-version).
  const attrs = new Map<string, string>();
  return {
    getAttribute: (name: string) => attrs.get(name) ?? null,
    setAttribute: (name: string, value: string) => attrs.set(name, value),
    removeAttribute: (name: string) => attrs.delete(name),
    scrollTo,
    get scrollHeight() {
      return list.getState().total * 58;
    },
    clientHeight: 530,
  } as unknown as Element;
}

function setup(
  engineOpts?: Parameters<typeof fakeEngine>[0],
  fake = fakeEngine(engineOpts),
  nowMs = 0,
  lists = new ListRegistry(),
) {
  const frames: Array<() => void> = [];
  const shown: string[] = [];
  const list = new MarketListController({
    engine: async () => fake.engine,
    lists,
    nextFrame: (cb) => frames.push(cb),
    onRowsShown: (term) => shown.push(term),
    log: () => {},
    now: () => nowMs,
  });
  const { renderer, draws } = recorder();
  list.attach(renderer);
  list.setScroller(scrollerOf(list));
  const disconnect = list.connect();
  const frame = () => frames.splice(0).forEach((cb) => cb());
  return { fake, list, draws, frame, shown, disconnect, renderer };
}

describe('market list controller', () => {
  it('a keystroke is one round trip: the query carries visible + overscan rows (SPEC §9: 10 + 9 at the top)', async () => {
    const { fake, list, draws, frame, shown } = setup();
    list.setParams(params('b'));
    await flush();
    expect(fake.calls).toEqual(['query b 0+19']);
    expect(list.getState()).toMatchObject({ status: 'ready', total: 100, term: 'b' });
    // First frame: the visible rows only, the other slots kept as they are.
    expect(draws.at(-1)).toMatchObject({ range: { first: 0, last: 10 }, keep: { first: 0, last: 100 } });
    expect(draws.at(-1)!.symbols[0]).toBe('bV1R0_USDT');
    expect(shown).toEqual(['b']);
    frame();
    expect(draws.at(-1)).toMatchObject({ range: { first: 0, last: 19 }, keep: { first: 0, last: 19 } });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });

  it('ignores equal params and re-queries when any input changes (tab, period, fiat)', async () => {
    const { fake, list } = setup();
    list.setParams(params('b'));
    list.setParams(params('b'));
    await flush();
    list.setParams(params('b', { fiat: { currency: 'EUR', rate: 0.9 } }));
    list.setParams(params('b', { fiat: { currency: 'EUR', rate: 0.9 }, period: 'utc8' }));
    await flush();
    expect(fake.calls.filter((c) => c.startsWith('query'))).toHaveLength(3);
  });

  it('keys move one active row through the whole list, scrolled into view; hover shares it; a new term resets it (SPEC §9 keyboard)', async () => {
    const { list, draws, frame } = setup({ total: () => 100_000 });
    const seen: number[] = [];
    list.onActive((i) => seen.push(i));
    list.setParams(params(''));
    await flush();
    frame();
    expect(list.activeIndex).toBe(-1);
    list.moveActive('ArrowDown');
    expect(draws.at(-1)!.active).toBe(0);
    list.moveActive('PageDown');
    list.moveActive('PageDown');
    expect(list.activeIndex).toBe(18);
    // Row 18 is below the viewport (rows 0–9): it is scrolled into view, its bottom edge at the viewport's.
    expect(draws.at(-1)!.range.first).toBeLessThanOrEqual(18);
    expect(draws.at(-1)!.range.last).toBeGreaterThan(18);
    list.moveActive('End');
    expect(list.activeIndex).toBe(99_999);
    frame();
    await flush();
    expect(draws.at(-1)!.range).toEqual({ first: 99_981, last: 100_000 });
    expect(list.activeRow()?.symbol).toBe('V1R99999_USDT');
    list.moveActive('ArrowDown');
    expect(list.activeIndex).toBe(99_999);
    list.moveActive('Home');
    expect(list.activeIndex).toBe(0);
    expect(draws.at(-1)!.range.first).toBe(0);
    // The pointer over row 4 makes it the active row (no scroll: it is in view).
    list.setActive(4);
    expect(draws.at(-1)!.active).toBe(4);
    list.moveActive('ArrowDown');
    expect(list.activeIndex).toBe(5);
    list.setTerm('b');
    expect(list.activeIndex).toBe(-1);
    expect(seen).toEqual([0, 9, 18, 99_999, 0, 4, 5, -1]);
  });

  it('a key that scrolls draws the moved window once, with its active row; the scroll event after it draws nothing', async () => {
    const { list, draws, frame } = setup({ total: () => 100_000 });
    // A browser's scroller: the scroll event of a write comes later, in the next frame.
    const events: number[] = [];
    let at = 0;
    list.setScroller({
      getAttribute: () => null,
      setAttribute: () => undefined,
      removeAttribute: () => undefined,
      scrollTo: ({ top = 0 }: ScrollToOptions) => {
        if (top !== at) events.push((at = top));
      },
    } as unknown as Element);
    list.setParams(params(''));
    await flush();
    frame();
    for (let k = 0; k < 9; k++) list.moveActive('ArrowDown');
    expect(events).toEqual([]);
    const before = draws.length;
    list.moveActive('ArrowDown');
    // Row 9 ends at 580 px: the viewport's bottom edge goes there; one draw of the rows in sight, row 9 active.
    expect(events).toEqual([580 - 530]);
    expect(draws.slice(before)).toHaveLength(1);
    expect(draws.at(-1)).toMatchObject({ range: { first: 0, last: 10 }, active: 9 });
    list.setScrollTop(events[0]!);
    expect(draws.slice(before)).toHaveLength(1);
    // The overscan rows in the frame after; a scroll by the trader to another offset draws again.
    frame();
    expect(draws.slice(before)).toHaveLength(2);
    list.setScrollTop(600);
    expect(draws.slice(before)).toHaveLength(3);
  });

  it('the panel’s tabs arriving with the default tab keep the active row; another tab resets it (SPEC §9 keyboard)', async () => {
    const { list } = setup();
    list.setParams(params(''));
    await flush();
    list.moveActive('ArrowDown');
    list.moveActive('ArrowDown');
    expect(list.activeIndex).toBe(1);
    list.setDefaultTab('USDT');
    list.setParams(params('', { tab: 'USDT' }));
    await flush();
    expect(list.activeIndex).toBe(1);
    list.setParams(params('', { tab: 'BTC' }));
    expect(list.activeIndex).toBe(-1);
  });

  it('an offset the browser clamped while the list was empty (no rows, no renderer) holds when rows come back', async () => {
    const { fake, list, draws, frame, renderer } = setup({ total: (term) => (term === 'zz' ? 0 : 1000) });
    list.setParams(params(''));
    await flush();
    frame();
    list.setScrollTop(58 * 200);
    await flush();
    list.setTerm('zz');
    await flush();
    // No rows: the panel detaches the slots, the sizer goes, and the browser clamps the scroller to 0.
    list.attach(null);
    list.setScrollTop(0);
    fake.calls.length = 0;
    list.setTerm('');
    await flush();
    list.attach(renderer);
    expect(fake.calls[0]).toBe('query  0+19');
    expect(draws.at(-1)!.range.first).toBe(0);
  });

  it('latest wins: a reply of an older query arriving last is dropped', async () => {
    const { fake, list } = setup();
    await flush();
    fake.hold(true);
    list.setParams(params('b'));
    await flush();
    list.setParams(params('bt'));
    await flush();
    fake.release(1); // 'bt' answers first
    await flush();
    fake.release(0); // then the stale 'b'
    await flush();
    expect(list.getState().term).toBe('bt');
  });

  it('fills a window the byte budget cut, with rows() on the same id', async () => {
    const { fake, list, draws, frame } = setup({ cap: 7 });
    list.setParams(params('p'));
    await flush();
    await flush();
    expect(fake.calls).toEqual(['query p 0+19', 'rows 7-19', 'rows 14-19']);
    frame();
    expect(draws.at(-1)!.symbols).toHaveLength(19);
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
  });

  it('scrolling draws the new viewport at once (skeletons for missing rows), the overscan next frame, then fills it', async () => {
    const { fake, list, draws, frame } = setup();
    list.setParams(params(''));
    await flush();
    frame();
    fake.calls.length = 0;
    list.setScrollTop(58 * 50);
    expect(draws.at(-1)!.range).toEqual({ first: 50, last: 60 });
    expect(draws.at(-1)!.symbols.every((s) => s === undefined)).toBe(true);
    frame();
    expect(draws.at(-1)!.range).toEqual({ first: 41, last: 69 });
    await flush();
    // The window, then PREFETCH_ROWS beyond it below and above (one request at a time, ≤ 60 rows each).
    expect(fake.calls).toEqual(['rows 41-99', 'rows 19-41']);
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    expect(draws.at(-1)!.range.last - draws.at(-1)!.range.first).toBeLessThanOrEqual(40);
  });

  it('a scroll step into the prefetched rows draws them at once, without a skeleton or a round trip', async () => {
    const { fake, list, draws, frame } = setup({ total: () => 1000 });
    list.setParams(params(''));
    await flush();
    list.setScrollTop(58 * 50);
    await flush();
    fake.calls.length = 0;
    list.setScrollTop(58 * 70); // rows 61–89: all within the prefetch margin of the last window
    expect(draws.at(-1)!.range).toEqual({ first: 70, last: 80 });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    frame();
    expect(draws.at(-1)!.range).toEqual({ first: 61, last: 89 });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    await flush();
    expect(fake.calls[0]).toBe(`rows 99-${89 + PREFETCH_ROWS}`); // tops the margin up ahead
  });

  it('the pointer entering the list fetches the prefetch margin, so the first wheel step draws no skeleton', async () => {
    const { fake, list, draws, frame } = setup({ total: () => 1000 });
    list.setParams(params(''));
    await flush();
    frame();
    fake.calls.length = 0;
    list.prefetchMargins();
    list.prefetchMargins(); // once per result: the margin is asked for one time
    await flush();
    expect(fake.calls).toEqual([`rows 19-${19 + PREFETCH_ROWS}`]);
    list.setScrollTop(600); // one wheel step: rows 10–19 enter the viewport, 20–29 the overscan below
    expect(draws.at(-1)!.range).toEqual({ first: 10, last: 20 });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    frame();
    expect(draws.at(-1)!.range).toEqual({ first: 1, last: 29 });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    // A new result starts without a margin: the next pointer-enter asks again.
    list.setParams(params('b'));
    await flush();
    frame();
    fake.calls.length = 0;
    list.prefetchMargins();
    await flush();
    expect(fake.calls).toEqual([`rows 29-${29 + PREFETCH_ROWS}`, 'rows 0-1']); // below, then above the window
  });

  it('tops a prefetch margin up only once less than half of it is left (a reply every other wheel step)', async () => {
    const { fake, list, frame } = setup({ total: () => 1000 });
    list.setParams(params(''));
    await flush();
    list.setScrollTop(58 * 50); // window 41–69, margin through 99
    await flush();
    frame();
    fake.calls.length = 0;
    list.setScrollTop(58 * 50 + 600); // window 51–79: 20 rows left below (≥ 15), none above missing
    await flush();
    expect(fake.calls).toEqual([]);
    list.setScrollTop(58 * 50 + 1200); // window 61–89: 10 rows left below
    await flush();
    expect(fake.calls).toEqual([`rows 99-${89 + PREFETCH_ROWS}`]);
  });

  it('a scroll step writes the viewport in its event and the overscan next frame, keeping the window (SPEC §9)', async () => {
    const { list, draws, frame } = setup({ total: () => 1000 });
    list.setParams(params(''));
    await flush();
    list.setScrollTop(58 * 50);
    await flush();
    frame();
    const settled = draws.at(-1)!;
    expect(settled).toMatchObject({ range: { first: 41, last: 69 }, keep: { first: 41, last: 69 } });
    // One wheel step of 600 px: rows 60–61 enter the viewport, 69–78 the overscan below.
    list.setScrollTop(58 * 50 + 600);
    expect(draws.at(-1)).toMatchObject({ range: { first: 60, last: 70 }, keep: { first: 51, last: 79 } });
    // Two steps before the frame: only the newest step settles, once.
    list.setScrollTop(58 * 50 + 1200);
    const before = draws.length;
    frame();
    expect(draws.slice(before)).toHaveLength(1);
    expect(draws.at(-1)).toMatchObject({ range: { first: 61, last: 89 }, keep: { first: 61, last: 89 } });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
    frame();
    expect(draws).toHaveLength(before + 1);
  });

  it('a refresh re-asks only the current window on the same id, keeping scroll and term', async () => {
    const { fake, list, draws, frame } = setup();
    list.setParams(params('u'));
    await flush();
    list.setScrollTop(58 * 20);
    await flush();
    frame();
    fake.calls.length = 0;
    fake.refresh('stale');
    await flush();
    expect(fake.calls).toEqual(['rows 11-39']);
    expect(list.getState()).toMatchObject({ term: 'u', version: 2, status: 'stale' });
    expect(draws.at(-1)!.symbols[0]).toBe('uV2R11_USDT');
  });

  it('a new data version reaches data-version and onVersionShown, not React (a live re-rank re-renders nothing)', async () => {
    const { fake, list } = setup();
    const scroller = scrollerOf(list);
    list.setScroller(scroller);
    list.setParams(params('u'));
    await flush();
    expect(scroller.getAttribute('data-version')).toBe('1');
    const shown: number[] = [];
    list.onVersionShown((v) => shown.push(v));
    let renders = 0;
    list.subscribe(() => renders++);
    const before = list.getSnapshot();
    fake.refresh();
    await flush();
    expect(scroller.getAttribute('data-version')).toBe('2');
    expect(shown).toEqual([2]);
    expect(renders).toBe(0);
    expect(list.getSnapshot()).toBe(before);
  });

  it('onVersionShown says reorder-only for a re-rank shown right after the version before it, never for data', async () => {
    const { fake, list } = setup();
    list.setScroller(scrollerOf(list));
    list.setParams(params('u'));
    await flush();
    const shown: Array<[number, boolean]> = [];
    list.onVersionShown((v, reorderOnly) => shown.push([v, reorderOnly]));
    fake.refresh('ready', true); // a re-rank alone
    await flush();
    fake.refresh(); // new data
    await flush();
    // A data version, then a re-rank while the data version's window is on its way: each shown version is judged
    // against the one shown before it (the data version's tabs are loaded, the re-rank after it loads nothing).
    fake.hold(true);
    fake.refresh();
    fake.refresh('ready', true);
    await flush();
    fake.hold(false);
    fake.release(0);
    await flush();
    await flush();
    expect(shown).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, true],
    ]);
  });

  it('re-queries when the engine no longer knows the id', async () => {
    const { fake, list } = setup();
    list.setParams(params('x'));
    await flush();
    fake.forget();
    fake.calls.length = 0;
    fake.refresh();
    await flush();
    await flush();
    expect(fake.calls).toEqual(['rows 0-19', 'query x 0+19']);
  });

  it.each([
    ['a query that failed (a cold list past the time-out)', 'error', 0],
    ['an empty result (its source not yet come)', 'ready', 0],
  ] as const)('%s is asked again on the next version event (SPEC §8)', async (_, status, total) => {
    let recovered = false;
    const fake = fakeEngine({ total: () => (recovered ? 100 : total) });
    const query = fake.engine.query.bind(fake.engine);
    fake.engine.query = (q) =>
      !recovered && status === 'error' ? Promise.reject(new Error('time-out')) : query(q);
    const { list } = setup(undefined, fake);
    list.setParams(params('x'));
    await flush();
    expect(list.getState()).toMatchObject({ status, total: 0 });
    recovered = true;
    fake.calls.length = 0;
    fake.refresh();
    await flush();
    await flush();
    expect(fake.calls[0]).toBe('query x 0+19');
    expect(list.getState()).toMatchObject({ status: 'ready', total: 100 });
  });

  it('clamps the window when a new result is shorter than the scroll position', async () => {
    const { list, draws, frame } = setup({ total: (term) => (term === 'short' ? 3 : 500) });
    list.setParams(params(''));
    await flush();
    list.setScrollTop(58 * 200);
    await flush();
    list.setParams(params('short'));
    await flush();
    frame();
    expect(draws.at(-1)).toMatchObject({ range: { first: 0, last: 3 } });
    expect(draws.at(-1)!.symbols.every(Boolean)).toBe(true);
  });

  it('reports status error when the engine cannot start, and ignores replies after disconnect', async () => {
    const failing = new MarketListController({
      engine: () => Promise.reject(new Error('no engine')),
      lists: new ListRegistry(),
      nextFrame: () => {},
      log: () => {},
    });
    failing.connect();
    await flush();
    expect(failing.getState().status).toBe('error');

    const { fake, list, disconnect } = setup();
    await flush();
    fake.hold(true);
    list.setParams(params('late'));
    await flush();
    disconnect();
    fake.release(0);
    await flush();
    expect(list.getState().id).toBe(0);
  });
});

// Prefetch on intent (src/markets/prefetch.ts): the menu opening asks for each panel's first window; the panel that
// mounts next adopts it. Each test has its own registry (list-query.ts; the page has one) and its own list kind.
describe('first window prefetched on intent', () => {
  const pilot = (extra: Partial<MarketListParams> = {}) => params('', { kind: 'pilot', ...extra });

  it('a panel opened within PREFETCH_FRESH_MS shows the prefetched window without a query of its own', async () => {
    const fake = fakeEngine();
    const lists = new ListRegistry();
    lists.prefetch(fake.engine, pilot(), 1_000);
    expect(fake.calls).toEqual(['query  0+19']);
    const { list, draws, disconnect } = setup(undefined, fake, 1_000 + PREFETCH_FRESH_MS - 1, lists);
    list.setParams(pilot());
    await flush();
    expect(fake.calls).toHaveLength(1);
    expect(list.getState()).toMatchObject({ status: 'ready', total: 100 });
    expect(draws.at(-1)!.symbols[0]).toBe('V1R0_USDT');
    disconnect();
  });

  it('is not adopted when stale or for other inputs, and is taken once', async () => {
    const fake = fakeEngine();
    const lists = new ListRegistry();
    lists.prefetch(fake.engine, pilot({ kind: 'premarket' }), 0);
    const late = setup(undefined, fake, PREFETCH_FRESH_MS, lists);
    late.list.setParams(pilot({ kind: 'premarket' }));
    await flush();
    expect(fake.calls).toHaveLength(2);
    late.disconnect();

    lists.prefetch(fake.engine, pilot({ kind: 'premarket' }), 0);
    const other = setup(undefined, fake, 1, lists);
    other.list.setParams(pilot({ kind: 'premarket', period: 'utc8' }));
    await flush();
    expect(fake.calls).toHaveLength(4);
    other.disconnect();
  });

  it('asks while a list of that kind is connected, on a list handle of its own (it supersedes no query)', async () => {
    const fake = fakeEngine();
    const lists = new ListRegistry();
    const open = setup(undefined, fake, 0, lists);
    open.list.setParams(pilot({ kind: 'futures' }));
    await flush();
    lists.prefetch(fake.engine, pilot({ kind: 'futures', settle: 'BTC' }), 0);
    expect(fake.calls).toHaveLength(2);
    expect(fake.handles[0]).toBeGreaterThan(0);
    expect(fake.handles[1]).toBeGreaterThan(0);
    expect(fake.handles[1]).not.toBe(fake.handles[0]);
    open.disconnect();
  });

  it('a prefetched query that lost to a newer one of its kind is asked afresh', async () => {
    const fake = fakeEngine();
    const lists = new ListRegistry();
    const query = fake.engine.query.bind(fake.engine);
    let first = true;
    fake.engine.query = async (q) => {
      const res = await query(q);
      if (!first) return res;
      first = false;
      return { ...res, superseded: true, total: 0, rows: [] };
    };
    lists.prefetch(fake.engine, pilot({ kind: 'premarket', tab: 'lost' }), 0);
    const { list, draws, disconnect } = setup(undefined, fake, 1, lists);
    list.setParams(pilot({ kind: 'premarket', tab: 'lost' }));
    await flush();
    await flush();
    expect(fake.calls).toHaveLength(2);
    expect(list.getState()).toMatchObject({ status: 'ready', total: 100 });
    expect(draws.at(-1)!.symbols[0]).toBe('V1R0_USDT');
    disconnect();
  });

  it('a panel mounting after the reply arrived starts with its rows, before the engine is connected', async () => {
    const fake = fakeEngine();
    const lists = new ListRegistry();
    lists.prefetch(fake.engine, pilot({ kind: 'premarket', tab: 'primed' }), 0);
    await flush();
    const frames: Array<() => void> = [];
    const list = new MarketListController({
      engine: async () => fake.engine,
      lists,
      nextFrame: (cb) => frames.push(cb),
      log: () => {},
      now: () => 5,
    });
    expect(list.prime(pilot({ kind: 'premarket', tab: 'other' }))).toBe(false);
    expect(list.prime(pilot({ kind: 'premarket', tab: 'primed' }))).toBe(true);
    expect(list.getSnapshot().hasRows).toBe(true);
    const { renderer, draws } = recorder();
    list.attach(renderer);
    list.setScroller(scrollerOf(list));
    expect(draws.at(-1)!.symbols.slice(0, 2)).toEqual(['V1R0_USDT', 'V1R1_USDT']);
    const disconnect = list.connect();
    list.setParams(pilot({ kind: 'premarket', tab: 'primed' }));
    await flush();
    // Connected: no second query.
    expect(fake.calls).toEqual(['query  0+19']);
    expect(list.getSnapshot().engine).toBe(fake.engine);
    disconnect();
  });
});

// The stored first window (src/markets/first-window-cache.ts): drawn before the engine answers, replaced by it.
describe('stored first window', () => {
  function storedWindows() {
    const map = new Map<string, FirstWindow>();
    const writes: string[] = [];
    return {
      map,
      writes,
      store: {
        read: (kind: string, key: string) => map.get(`${kind} ${key}`) ?? null,
        write: (kind: string, key: string, w: FirstWindow) => {
          writes.push(`${kind} ${w.tab}:${w.rows.length}/${w.total}`);
          map.set(`${kind} ${key}`, w);
        },
      },
    };
  }

  it('a list opened before the engine answers draws the stored rows, then the engine rows replace them', async () => {
    const fake = fakeEngine();
    const windows = storedWindows();
    const first = new MarketListController({
      engine: async () => fake.engine,
      lists: new ListRegistry(),
      nextFrame: () => {},
      log: () => {},
      firstWindows: windows.store,
    });
    // A first visit: nothing stored; the engine's first window is written.
    expect(first.prime(params('', { kind: 'futures' }))).toBe(false);
    first.setParams(params('', { kind: 'futures' }));
    const off = first.connect();
    await flush();
    expect(windows.writes).toEqual(['futures :19/100']);
    first.setParams(params('b', { kind: 'futures' }));
    await flush();
    expect(windows.writes).toHaveLength(1); // a search result is not a first window
    // Once the tabs are known, only the first tab's view is stored (the panel opens on it next time).
    first.setDefaultTab('hot');
    first.setParams(params('', { kind: 'futures', tab: 'new' }));
    await flush();
    expect(windows.writes).toHaveLength(1);
    first.setParams(params('', { kind: 'futures', tab: 'hot' }));
    await flush();
    expect(windows.writes).toEqual(['futures :19/100', 'futures hot:19/100']);
    off();

    const engineGate: Array<() => void> = [];
    const next = new MarketListController({
      engine: () => new Promise((resolve) => engineGate.push(() => resolve(fake.engine))),
      lists: new ListRegistry(),
      nextFrame: () => {},
      log: () => {},
      firstWindows: windows.store,
    });
    expect(next.prime(params('', { kind: 'futures' }))).toBe(true);
    const { renderer, draws } = recorder();
    next.attach(renderer);
    next.setScroller(scrollerOf(next));
    expect(next.getSnapshot()).toMatchObject({ hasRows: true, fromCache: true, status: 'loading' });
    expect(draws.at(-1)!.symbols[0]).toBe('V1R0_USDT');
    const off2 = next.connect();
    await flush();
    expect(next.getSnapshot().fromCache).toBe(true); // the engine is not up yet
    fake.refresh();
    engineGate[0]!();
    await flush();
    await flush();
    expect(next.getSnapshot()).toMatchObject({ hasRows: true, fromCache: false, status: 'ready' });
    expect(draws.at(-1)!.symbols[0]).toBe('V2R0_USDT');
    off2();
  });
});
