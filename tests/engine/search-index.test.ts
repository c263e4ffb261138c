// The search index built after the table (workers/market/search-index.ts): the first window of an empty query is
// answered before the index exists; a query typed during the build waits for it and gets the complete SPEC §5
// ranking (latest wins); the build runs in slices; a cache refresh during the build abandons it for the new data.
import { describe, expect, it, vi } from 'vitest';
import { macrotaskYield } from '../../workers/market/deps.ts';
import type { MarketEngine } from './harness.ts';
import type { MarketKind } from '../../workers/market/contract.ts';
import { abandonIndex, indexTable, whenSearchable } from '../../workers/market/search-index.ts';
import { warmSearch } from '../../workers/market/queries.ts';
import { buildPilotTable, toColumns } from '../../workers/market/sources/pilot.ts';
import { envelope, realPilot } from '../fixtures/market-wire.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
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

/** Yields that can be held: while held, every yield waits (so a sliced index build cannot start). */
function gatedYields() {
  let held = true;
  const waiting: Array<() => void> = [];
  return {
    yieldToEvents: (): Promise<void> => (held ? new Promise<void>((r) => waiting.push(r)) : macrotaskYield()),
    waiting: () => waiting.length,
    release() {
      held = false;
      waiting.splice(0).forEach((r) => r());
    },
  };
}

/**
 * Macrotask yields that are counted: `quiet()` resolves once two turns of the event loop pass with no yield asked
 * for, i.e. no sliced work (index build, search warm-up) is still running. Waits on the event loop, not a clock.
 */
function countedYields() {
  let count = 0;
  return {
    yieldToEvents: (): Promise<void> => {
      count++;
      return macrotaskYield();
    },
    async quiet() {
      for (;;) {
        const before = count;
        await macrotaskYield();
        await macrotaskYield();
        if (count === before) return;
      }
    },
  };
}

const PILOT_ROWS = 6000;

function pilotRoutes(rows = PILOT_ROWS) {
  const routes = defaultRoutes();
  routes.set(PATHS.pilot, ok(envelope(realPilot(rows))));
  return routes;
}

/** Symbols of every row of a query, from an engine whose index was built before it was asked. */
async function symbolsOf(engine: MarketEngine, kind: MarketKind, term: string) {
  const id = qid();
  const res = await engine.query({ id, kind, tab: '', term, start: 0, count: 0 });
  return { total: res.total, symbols: (await allRows(engine, id, 20_000)).map((r) => r.symbol) };
}

/** A store holding the pilot cache (filled by one engine), and the reference answers of that engine. */
async function warmStore(terms: string[]) {
  const { engine, store } = createTestEngine(createFakeServer(pilotRoutes()));
  await engine.init(TEST_CONFIG);
  const expected = new Map<string, Awaited<ReturnType<typeof symbolsOf>>>();
  for (const term of ['', ...terms]) expected.set(term, await symbolsOf(engine, 'pilot', term));
  await vi.waitFor(() => expect(store.map.has(CACHE_NAMES.pilot)).toBe(true)); // the cache write
  engine.dispose();
  return { store, expected };
}

describe('search index built after the table', () => {
  it('answers the first window of an empty query from a warm cache before the index is built', async () => {
    const { store, expected } = await warmStore([]);
    const gate = gatedYields();
    const { engine } = createTestEngine(createFakeServer(pilotRoutes()), {
      store,
      yieldToEvents: gate.yieldToEvents,
    });
    await engine.init(TEST_CONFIG);
    const res = await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '', start: 0, count: 30 });
    expect(gate.waiting()).toBeGreaterThan(0); // the index build is still waiting for its first slice
    expect(res.superseded).toBe(false);
    expect(res.total).toBe(PILOT_ROWS);
    expect(res.rows.map((r) => r.symbol)).toEqual(expected.get('')!.symbols.slice(0, 30));
    gate.release();
    engine.dispose();
  });

  it('holds a query typed during the build until the index is complete, then ranks it in full', async () => {
    const { store, expected } = await warmStore(['pip', 'so']);
    const gate = gatedYields();
    const { engine } = createTestEngine(createFakeServer(pilotRoutes()), {
      store,
      yieldToEvents: gate.yieldToEvents,
    });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '', start: 0, count: 30 });
    const older = qid();
    const newer = qid();
    let settled = false;
    const first = engine.query({ id: older, kind: 'pilot', tab: '', term: 'pip', start: 0, count: 0 });
    const second = engine.query({ id: newer, kind: 'pilot', tab: '', term: 'so', start: 0, count: 20 });
    void second.then(() => (settled = true));
    expect((await first).superseded).toBe(true); // latest wins, without waiting for the index
    await engine.stats(); // a later call answered: the engine has handled everything asked before it
    expect(gate.waiting()).toBeGreaterThan(0); // the index build is parked at the gate …
    expect(settled).toBe(false); // … and the newer query waits for it
    gate.release();
    const answer = await second;
    expect(answer.superseded).toBe(false);
    expect(answer.total).toBe(expected.get('so')!.total);
    expect(answer.rows.map((r) => r.symbol)).toEqual(expected.get('so')!.symbols.slice(0, 20));
    expect((await allRows(engine, newer, 20_000)).map((r) => r.symbol)).toEqual(expected.get('so')!.symbols);
    expect(await symbolsOf(engine, 'pilot', 'pip')).toEqual(expected.get('pip'));
    engine.dispose();
  });

  it('abandons the build of data a refresh replaced and searches the new data', async () => {
    const { store } = await warmStore([]);
    const reference = createTestEngine(createFakeServer(pilotRoutes(PILOT_ROWS + 900))).engine;
    await reference.init(TEST_CONFIG);
    const expected = await symbolsOf(reference, 'pilot', 'pump');
    reference.dispose();

    const gate = gatedYields();
    const server = createFakeServer(pilotRoutes());
    const { engine } = createTestEngine(server, { store, yieldToEvents: gate.yieldToEvents });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '', start: 0, count: 30 });
    const id = qid();
    const pending = engine.query({ id, kind: 'pilot', tab: '', term: 'pump', start: 0, count: 20 });
    server.routes.set(PATHS.pilot, ok(envelope(realPilot(PILOT_ROWS + 900))));
    const held = gate.waiting();
    const refreshed = engine.refresh('pilot'); // adopts the new list, then waits (gated) to write the cache
    // Adopted: the new list's index build and the cache write both wait at the gate.
    await vi.waitFor(() => expect(gate.waiting()).toBeGreaterThanOrEqual(held + 2));
    gate.release();
    await refreshed;
    const answer = await pending;
    expect(answer.superseded).toBe(false);
    expect(answer.total).toBe(expected.total);
    expect((await allRows(engine, id, 20_000)).map((r) => r.symbol)).toEqual(expected.symbols);
    engine.dispose();
  });
});

describe('sliced index build (indexTable)', () => {
  const columns = toColumns('ALL', realPilot(PILOT_ROWS).list);

  it('builds in several slices the same index as a build at once', async () => {
    const whole = buildPilotTable(columns);
    const sliced = buildPilotTable(columns, false);
    expect(sliced.indexed).toBe(false);
    expect(sliced.label).toEqual(whole.label); // drawn and listed before the index exists
    let clock = 0;
    let yields = 0;
    const done = await indexTable(sliced, {
      perfNow: () => (clock += 1),
      yieldToEvents: async () => void yields++,
      sliceMs: 1,
    });
    expect(done).toBe(true);
    expect(yields).toBeGreaterThan(3);
    expect(sliced.indexed).toBe(true);
    expect(sliced.fields).toEqual(whole.fields);
    expect(sliced.lens).toEqual(whole.lens);
    expect(sliced.hay.map((c) => c.text)).toEqual(whole.hay.map((c) => c.text));
    expect(sliced.hay.map((c) => [...c.rows])).toEqual(whole.hay.map((c) => [...c.rows]));
  });

  it('shares one build between callers and reports an abandoned one as false', async () => {
    const hooks = { perfNow: () => performance.now(), yieldToEvents: macrotaskYield };
    const old = buildPilotTable(columns, false);
    const fresh = buildPilotTable(columns, false);
    expect(indexTable(old, hooks)).toBe(indexTable(old, hooks));
    let current = old;
    const waiting = whenSearchable(
      () => current,
      () => true,
      hooks,
    );
    abandonIndex(old);
    current = fresh;
    expect(await indexTable(old, hooks)).toBe(false);
    expect(old.indexed).toBe(false);
    expect(await waiting).toBe(fresh);
    expect(fresh.indexed).toBe(true);
    expect(
      await whenSearchable(
        () => null,
        () => true,
        hooks,
      ),
    ).toBeNull();
  });
});

describe('search warm-up once the index is built', () => {
  const columns = toColumns('ALL', realPilot(2000).list);
  const hooks = (stale: () => boolean) => ({
    perfNow: () => performance.now(),
    now: () => Date.now(),
    yieldToEvents: macrotaskYield,
    stale,
  });

  it('runs its throwaway searches on an indexed table, and stops at once when a real search comes', async () => {
    const table = buildPilotTable(columns);
    const ran = await warmSearch(
      table,
      hooks(() => false),
    );
    expect(ran).toBeGreaterThanOrEqual(6);
    let checks = 0;
    expect(
      await warmSearch(
        table,
        hooks(() => ++checks > 2),
      ),
    ).toBeLessThan(ran);
    expect(
      await warmSearch(
        table,
        hooks(() => true),
      ),
    ).toBe(0);
  });

  it('never throws: a table without its index leaves the code cold', async () => {
    const table = buildPilotTable(columns, false);
    await expect(
      warmSearch(
        table,
        hooks(() => false),
      ),
    ).resolves.toBe(0);
  });

  it('is not counted in the engine stats, and a search typed during it is ranked in full', async () => {
    const { store, expected } = await warmStore(['sol', 'pump']);
    const yields = countedYields();
    const { engine } = createTestEngine(createFakeServer(pilotRoutes()), {
      store,
      yieldToEvents: yields.yieldToEvents,
    });
    await engine.init(TEST_CONFIG);
    await engine.query({ id: qid(), kind: 'pilot', tab: '', term: '', start: 0, count: 30 });
    const listed = (await engine.stats()).searchMs.length;
    // The first search right away: it waits for the index and meets the warm-up starting after it.
    expect(await symbolsOf(engine, 'pilot', 'sol')).toEqual(expected.get('sol'));
    expect((await engine.stats()).searchMs).toHaveLength(listed + 1);
    await yields.quiet(); // the warm-up has run (or given way): no slice of work is left
    expect(await symbolsOf(engine, 'pilot', 'pump')).toEqual(expected.get('pump'));
    expect((await engine.stats()).searchMs).toHaveLength(listed + 2);
    engine.dispose();
  });
});
