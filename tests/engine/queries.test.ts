// Queries and windows (ARCHITECTURE.md 'Market engine'): latest query wins, windows under 10 KiB, version events,
// windows re-asked in place after a refresh.
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
