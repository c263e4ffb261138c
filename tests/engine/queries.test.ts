// Queries and windows (ARCHITECTURE.md 'Market engine'): latest query wins per list handle (two lists of one kind
// keep their own, a closed list's handle is forgotten), windows under 10 KiB, version events, windows re-asked in
// place after a refresh.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, MAX_WINDOW_ROWS } from '../../workers/market/config.ts';
import type { VersionEvent } from '../../workers/market/contract.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import { macrotaskYield } from '../../workers/market/deps.ts';
import { envelope, realPilot, realSpot, spotRow } from '../fixtures/market-wire.ts';
import type { PilotRowWire } from '../../common/wire/market.ts';
import {
  allRows,
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  ok,
  PATHS,
  qid,
  TEST_CONFIG,
} from './harness.ts';

describe('latest query wins', () => {
  it('skips a query whose id is older than the newest seen, and its rows are null', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const newer = qid() + 1;
    expect((await engine.query({ id: newer, kind: 'spot', tab: '', term: 'btc' })).superseded).toBe(false);
    const older = await engine.query({ id: newer - 1, kind: 'spot', tab: '', term: 'eth' });
    expect(older).toMatchObject({ superseded: true, total: 0 });
    expect(await engine.rows(newer - 1, 0, 10)).toBeNull();
    expect(await engine.rows(newer, 0, 10)).not.toBeNull();
  });

  it('returns null for the rows of a query superseded after it ran', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const a = qid();
    await engine.query({ id: a, kind: 'spot', tab: '', term: 'btc' });
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: 'bt' });
    expect(await engine.rows(a, 0, 10)).toBeNull();
  });

  it('supersedes per list kind: a pilot query does not drop a spot result', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const spot = qid();
    await engine.query({ id: spot, kind: 'spot', tab: '', term: 'btc' });
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: 'pi' });
    expect((await engine.rows(spot, 0, 1))!.rows[0]!.label).toBe('BTC/USDT');
  });

  it('answers only the newest of the queries that waited for the first load', async () => {
    const server = createFakeServer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.routes.set(PATHS.spot, async () => {
      await gate;
      return ok(envelope(realSpot()));
    });
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    const ids = [qid(), qid(), qid()];
    const tabs = ['USDT', 'BTC', 'ALL']; // empty terms: no scan whose own checks could hide a missing one
    const pending = ids.map((id, k) => engine.query({ id, kind: 'spot', tab: tabs[k]!, term: '' }));
    release();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.superseded)).toEqual([true, true, false]);
    expect(results[2]!.total).toBeGreaterThan(0);
    expect(server.count(PATHS.spot)).toBe(1);
  });

  it('stops a long search at its next yield when a newer query arrives', async () => {
    const routes = defaultRoutes();
    routes.set(PATHS.pilot, ok(envelope(realPilot(30_000))));
    let clock = 0;
    let onYield: (() => void) | null = null;
    let yields = 0;
    const { engine } = createTestEngine(createFakeServer(routes), {
      perfNow: () => (clock += 5), // every chunk looks slow: the search yields between chunks
      yieldToEvents: async () => {
        yields++;
        const hook = onYield;
        onYield = null;
        hook?.();
        await macrotaskYield();
      },
    });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '' });
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: 'x' }); // waits for the search index (sliced)
    yields = 0;
    const searchesBefore = (await engine.stats()).searchMs.length;
    const old = qid();
    const newer = qid();
    let newerReply: Promise<unknown> | null = null;
    onYield = () => (newerReply = engine.query({ id: newer, kind: 'pilot', tab: '', term: 'pippin' }));
    const oldReply = await engine.query({ id: old, kind: 'pilot', tab: '', term: 'a' });
    expect(oldReply.superseded).toBe(true);
    expect(await newerReply).toMatchObject({ id: newer, superseded: false });
    expect((await engine.stats()).searchMs.length).toBe(searchesBefore + 1); // only the newer one completed
    expect(yields).toBeLessThan(8); // the old one stopped early (30k rows = 4 chunks each)
  });
});

describe('list handles (SPEC §5: latest wins per list)', () => {
  /** An engine whose pilot searches yield between chunks; `onYield` runs at the next yield. */
  async function slicedEngine() {
    const routes = defaultRoutes();
    routes.set(PATHS.pilot, ok(envelope(realPilot(30_000))));
    let clock = 0;
    const hooks = { onYield: null as (() => void) | null };
    const { engine } = createTestEngine(createFakeServer(routes), {
      perfNow: () => (clock += 5), // every chunk looks slow: the search yields between chunks
      yieldToEvents: async () => {
        const hook = hooks.onYield;
        hooks.onYield = null;
        hook?.();
        await macrotaskYield();
      },
    });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), list: 99, kind: 'pilot', tab: '', term: 'x' }); // builds the search index
    await engine.closeList(99);
    return { engine, hooks };
  }

  it('keeps the query of each of two lists of one kind; each supersedes only its own', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const [a, b] = [qid(), qid()];
    await engine.query({ id: a, list: 1, kind: 'spot', tab: '', term: 'btc' });
    await engine.query({ id: b, list: 2, kind: 'spot', tab: '', term: 'eth' });
    expect((await engine.rows(a, 0, 1))!.rows[0]!.label).toBe('BTC/USDT');
    expect((await engine.rows(b, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    const a2 = qid();
    await engine.query({ id: a2, list: 1, kind: 'spot', tab: '', term: 'eth' });
    expect(await engine.rows(a, 0, 1)).toBeNull();
    expect((await engine.rows(a2, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    expect((await engine.rows(b, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    // An older id on a handle is superseded there only; a query without a handle is its kind's shared one's.
    expect((await engine.query({ id: a, list: 1, kind: 'spot', tab: '', term: 'x' })).superseded).toBe(true);
    expect((await engine.query({ id: a, kind: 'spot', tab: '', term: 'b' })).superseded).toBe(false);
    expect((await engine.rows(b, 0, 1))!.rows[0]!.label).toBe('ETH/USDT');
    expect(await engine.stats()).toMatchObject({ lists: 3, results: 3 });
    engine.dispose();
  });

  it('a long search stops at its next yield for a newer query of its list, not for another list of its kind', async () => {
    const { engine, hooks } = await slicedEngine();
    const [mine, other, old, newer] = [qid(), qid(), qid(), qid()];
    let otherReply: Promise<{ superseded: boolean }> | null = null;
    hooks.onYield = () =>
      (otherReply = engine.query({ id: other, list: 2, kind: 'pilot', tab: '', term: 'pip' }));
    expect(await engine.query({ id: mine, list: 1, kind: 'pilot', tab: '', term: 'a' })).toMatchObject({
      superseded: false,
    });
    expect((await otherReply!).superseded).toBe(false);
    let newerReply: Promise<unknown> | null = null;
    hooks.onYield = () =>
      (newerReply = engine.query({ id: newer, list: 1, kind: 'pilot', tab: '', term: 'pip' }));
    expect((await engine.query({ id: old, list: 1, kind: 'pilot', tab: '', term: 'b' })).superseded).toBe(
      true,
    );
    expect(await newerReply).toMatchObject({ id: newer, superseded: false });
    expect(await engine.rows(other, 0, 1)).not.toBeNull();
    engine.dispose();
  });

  it('forgets a closed list: its rows are null, a search of it running stops, a later query opens it again', async () => {
    const { engine, hooks } = await slicedEngine();
    const kept = qid();
    await engine.query({ id: kept, list: 2, kind: 'pilot', tab: '', term: '' });
    const done = qid();
    await engine.query({ id: done, list: 1, kind: 'pilot', tab: '', term: '' });
    await engine.closeList(1);
    expect(await engine.rows(done, 0, 5)).toBeNull();
    hooks.onYield = () => void engine.closeList(1);
    expect((await engine.query({ id: qid(), list: 1, kind: 'pilot', tab: '', term: 'a' })).superseded).toBe(
      true,
    );
    const again = qid();
    expect((await engine.query({ id: again, list: 1, kind: 'pilot', tab: '', term: '' })).superseded).toBe(
      false,
    );
    expect(await engine.rows(again, 0, 5)).not.toBeNull();
    expect(await engine.rows(kept, 0, 5)).not.toBeNull();
    // Bad handles are ignored; an unknown one too.
    await engine.closeList(Number.NaN);
    await engine.closeList(-1);
    await engine.closeList(12345);
    expect(await engine.stats()).toMatchObject({ lists: 2, results: 2 });
    engine.dispose();
  });

  it('leaves no record after 1,000 lists opened and closed', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    for (let list = 1; list <= 1_000; list++) {
      const id = qid();
      await engine.query({
        id,
        list,
        kind: list % 2 ? 'spot' : 'pilot',
        tab: '',
        term: '',
        start: 0,
        count: 5,
      });
      await engine.rows(id, 0, 30);
      await engine.closeList(list);
    }
    expect(await engine.stats()).toMatchObject({ lists: 0, results: 0 });
    engine.dispose();
  });
});

describe('windows and message size (every reply < 10 KiB)', () => {
  it('caps windows at MAX_WINDOW_ROWS and by bytes, and the next window continues', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const id = qid();
    const res = await engine.query({ id, kind: 'pilot', tab: '', term: '' });
    const w = (await engine.rows(id, 0, 500))!;
    expect(w.rows.length).toBeGreaterThan(0);
    expect(w.rows.length).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    expect(messageBytes(w)).toBeLessThan(MAX_MESSAGE_BYTES);
    const next = (await engine.rows(id, w.start + w.rows.length, 500))!;
    expect(next.start).toBe(w.rows.length);
    expect(next.rows[0]!.symbol).not.toBe(w.rows.at(-1)!.symbol);
    expect(w.total).toBe(res.total);
  });

  it('keeps every reply of a whole session under 10 KiB, even with oversized server text', async () => {
    const routes = defaultRoutes();
    const huge: PilotRowWire = {
      ...realPilot(1).list[0]!,
      address: 'X'.repeat(40),
      name: 'N'.repeat(50_000),
      show_pair: `${'鲸'.repeat(20_000)}/SOL`,
      icon: `https://cdn.example/${'i'.repeat(20_000)}.png`,
      seo_path: 's'.repeat(20_000),
    };
    routes.set(PATHS.pilot, ok(envelope({ ...realPilot(), list: [huge, ...realPilot().list] })));
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init(TEST_CONFIG);
    for (const kind of ['spot', 'futures', 'pilot', 'premarket'] as const) {
      for (const term of ['', 'a', 'btc', '鲸']) {
        const id = qid();
        await engine.query({ id, kind, tab: '', term });
        for (const w of [await engine.rows(id, 0, 1000), await engine.rows(id, 50, 110)]) {
          expect(messageBytes(w)).toBeLessThan(MAX_MESSAGE_BYTES);
        }
      }
      await engine.tabs(kind);
    }
    const stats = await engine.stats();
    expect(stats.maxMessageBytes).toBeGreaterThan(1000);
    expect(stats.maxMessageBytes).toBeLessThan(MAX_MESSAGE_BYTES);
  });

  it('clamps windows to the result', async () => {
    const routes = defaultRoutes();
    routes.set(
      PATHS.spot,
      ok(envelope({ server_time: 1, list: [spotRow('A_USDT', 3), spotRow('B_USDT', 2)] })),
    );
    const { engine } = createTestEngine(createFakeServer(routes));
    await engine.init(TEST_CONFIG);
    const id = qid();
    await engine.query({ id, kind: 'spot', tab: '', term: '' });
    expect((await engine.rows(id, -5, 1))!.rows.map((r) => r.label)).toEqual(['A/USDT']);
    expect((await engine.rows(id, 1, 99))!.rows.map((r) => r.label)).toEqual(['B/USDT']);
    expect((await engine.rows(id, 7, 9))!.rows).toEqual([]);
    expect(await engine.rows(987_654, 0, 10)).toBeNull();
  });

  it('records search durations in stats (ms, bounded ring)', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    for (const term of ['b', 'bt', 'btc']) await engine.query({ id: qid(), kind: 'spot', tab: '', term });
    const stats = await engine.stats();
    expect(stats.realm).toBe('main');
    expect(stats.searchMs).toHaveLength(3);
    expect(stats.searchMs.every((ms) => ms >= 0)).toBe(true);
  });
});

describe('versions', () => {
  it('pushes a version on the first paint, and re-asking a window in place after a refresh gives new rows', async () => {
    const server = createFakeServer();
    server.routes.set(PATHS.spot, ok(envelope({ server_time: 1, list: [spotRow('OLD_USDT', 1)] })));
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    const events: VersionEvent[] = [];
    await engine.subscribe((e) => void events.push(e));
    const id = qid();
    const first = await engine.query({ id, kind: 'spot', tab: '', term: '' });
    expect(events.filter((e) => e.kind === 'spot').at(-1)).toEqual({
      kind: 'spot',
      version: first.version,
      status: 'ready',
    });

    const list = [spotRow('NEW_USDT', 2), spotRow('NEWER_USDT', 1)];
    server.routes.set(PATHS.spot, ok(envelope({ server_time: 2, list })));
    await engine.refresh('spot');
    expect(events.at(-1)!.version).toBeGreaterThan(first.version);
    const w = (await engine.rows(id, 0, 10))!;
    expect(w.version).toBe(events.at(-1)!.version);
    expect(w.total).toBe(2);
    expect(w.rows.map((r) => r.label)).toEqual(['NEW/USDT', 'NEWER/USDT']);
    expect(await allRows(engine, id)).toHaveLength(2);
  });

  it('pushes the failure of a revalidation as a status change', async () => {
    const server = createFakeServer();
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    const events: VersionEvent[] = [];
    await engine.subscribe((e) => void events.push(e));
    server.routes.set(PATHS.spot, ok({ code: 500, data: null }));
    await engine.refresh('spot');
    expect(events).toEqual([expect.objectContaining({ kind: 'spot', status: 'stale' })]);
  });

  it('drops a listener that throws', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    let calls = 0;
    await engine.subscribe(() => {
      calls++;
      throw new Error('released proxy');
    });
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    await engine.refresh('spot');
    expect(calls).toBe(1);
  });
});
