/**
 * The engine's fault matrix through the real worker entry (SPEC §8), generated from tests/worker/fault-table.ts:
 * every market call × every HTTP fault of the browser matrix (answered by server/faults.ts) × cold (nothing cached)
 * and warm (a good load cached, made stale, so the faulty call is made). Cold: the list fed by the call ends with no
 * rows and status error (a pre-market half: the other half's rows, status stale), nothing is stored; warm: the list
 * paints the cached rows at once and keeps them, status stale, the stored entry untouched. Either way every other list
 * and the tab menus still load, the worker raises no error, and the log names what the worker met. Then every market
 * call failing at once (the browser matrix's page case), and the backoff retry that recovers a cold failure.
 *
 * The cases are registered by `defineFaultMatrix(temperatures)` from one test file per temperature
 * (fault-matrix-cold.test.ts, fault-matrix-warm.test.ts), so that Vitest runs the two halves side by side.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketKind } from '../../workers/market/contract.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { backoffDelay } from '../../workers/market/backoff.ts';
import { RETRY_AFTER_FAILURE_MS } from '../../workers/market/source-store.ts';
import { CLAIM_WAIT_MS } from '../../workers/market/io/share.ts';
import type { MarketCall } from '../../common/wire/endpoints.ts';
import {
  callLines,
  FAULT_SEEN,
  HTTP_FAULTS,
  MARKET_CALLS,
  pathOf,
  type TEMPERATURES,
} from './fault-table.ts';
import {
  after,
  captureLog,
  cleanUp,
  healthyLoad,
  KINDS,
  labels,
  queryList,
  savedAts,
  seedEntries,
  settle,
  staleEntries,
  startWorker,
  storedEntries,
  untilFake,
  useFakeTime,
  type HealthyLoad,
  type TestWorker,
} from './harness.ts';
import { stubMarketFetch, type MarketServer } from './stub-fetch.ts';

/** A cache temperature of the matrix. */
type Temperature = (typeof TEMPERATURES)[number];

/** Registers the fault matrix's cases (and, with 'cold', the recovery case) for `temperatures` in the calling file. */
export function defineFaultMatrix(temperatures: readonly Temperature[]): void {
  /** A healthy load through the worker (what a warm case finds in the cache, aged). */
  let healthy: HealthyLoad;
  const staleCopy = () => staleEntries(healthy.stored);

  beforeAll(async () => {
    useFakeTime();
    healthy = await healthyLoad();
    for (const r of healthy.lists.values()) expect(r).toMatchObject({ status: 'ready', superseded: false });
    expect(healthy.tabs.length).toBeGreaterThan(0);
  });

  /** The worker's log lines of the running test (captured: a fault case logs by design). */
  let log: string[] = [];
  beforeEach(() => {
    useFakeTime();
    log = captureLog();
  });
  afterEach(cleanUp);

  /** The labels the partner call's fixture answer alone gives (a pre-market half). */
  function partnerLabels(server: MarketServer, partner: MarketCall): string[] {
    const [, body] = server.routes.get(pathOf(partner))!;
    return (body as { data: { list: Array<{ currency: string }> } }).data.list.map((r) =>
      r.currency.toUpperCase(),
    );
  }

  /** Waits until every call to `paths` has been answered (a warm load revalidates in the background). */
  async function untilAnswered(server: MarketServer, paths: string[]) {
    while (!paths.every((p) => server.count(p) > 0) || server.pending() > 0) await after(25);
    await after(25); // the engine's handling of the last answer (adopt or fail, and a write)
  }

  /**
   * Asserts every list but `except` and the tab menus (unless `tabsDown`) load as in the healthy run (a list painted
   * from a stale cache first ends its revalidation).
   */
  async function expectOthersWork(w: TestWorker, except: MarketKind | null, tabsDown: boolean) {
    const others = KINDS.filter((kind) => kind !== except);
    const results = await Promise.all(
      others.map(async (kind, i) => {
        const first = await queryList(w.api, 100 + i, kind);
        if (first.status === 'ready') return first;
        await settle(w.api.refresh(kind));
        return queryList(w.api, 200 + i, kind);
      }),
    );
    for (const [i, kind] of others.entries()) {
      expect(results[i], kind).toMatchObject({ status: 'ready', total: healthy.lists.get(kind)!.total });
      expect(labels(results[i]!), kind).toEqual(labels(healthy.lists.get(kind)!));
    }
    expect(await settle(w.api.tabs('spot'))).toEqual(tabsDown ? [] : healthy.tabs);
  }

  describe('worker fault matrix: one market call × HTTP fault × cold/warm', () => {
    for (const [call, row] of Object.entries(MARKET_CALLS) as Array<
      [MarketCall, (typeof MARKET_CALLS)[MarketCall]]
    >) {
      for (const fault of HTTP_FAULTS) {
        for (const temperature of temperatures) {
          const warm = temperature === 'warm';
          it(`${call} × ${fault}, ${temperature}`, async () => {
            const server = stubMarketFetch();
            if (warm) await seedEntries(staleCopy());
            const seeded = warm ? staleCopy().get(row.cache)!.savedAt : null;
            server.faults.set(pathOf(call), fault);
            const w = await startWorker();

            if (row.list) {
              const want = healthy.lists.get(row.list)!;
              const first = await queryList(w.api, 1, row.list);
              // Warm: the cached rows paint at once, before the revalidation meets the fault.
              if (warm) expect(first).toMatchObject({ status: 'stale', total: want.total, rows: want.rows });
              await settle(w.api.refresh(row.list)); // the revalidation the query started (or one more) ends
              const after = await queryList(w.api, 2, row.list);
              if (warm) expect(after).toMatchObject({ status: 'stale', total: want.total, rows: want.rows });
              else if (row.partner) {
                // SPEC §8: the half that arrived shows; partial, so stale (not cached, retried with backoff).
                expect(after.status).toBe('stale');
                expect(labels(after)).toEqual(partnerLabels(server, row.partner));
              } else expect(after).toMatchObject({ status: 'error', total: 0, rows: [] });
            } else {
              expect(await settle(w.api.tabs('spot'))).toEqual(warm ? healthy.tabs : []);
              await untilAnswered(server, [pathOf(call)]);
              expect(await settle(w.api.tabs('spot'))).toEqual(warm ? healthy.tabs : []);
            }

            // What was stored: cold, nothing for this call's list; warm, the old entry untouched.
            const stored = (await storedEntries()).get(row.cache);
            if (warm) expect(stored?.savedAt).toBe(seeded);
            else expect(stored).toBeUndefined();

            await expectOthersWork(w, row.list, row.list === null && !warm);
            // The worker met this fault, as the browser's server sends it.
            const seen = FAULT_SEEN[fault];
            const lines = callLines(log, pathOf(call));
            if (seen === null) expect(lines).toEqual([]);
            else expect(lines.length, lines.join('\n')).toBeGreaterThan(0);
            if (seen !== null) for (const l of lines) expect(l).toContain(seen);
            expect(w.errors).toEqual([]);
          });
        }
      }
    }
  });

  describe('worker fault matrix: every market call at once × HTTP fault × cold/warm', () => {
    const calls = Object.keys(MARKET_CALLS) as MarketCall[];
    for (const fault of HTTP_FAULTS) {
      for (const temperature of temperatures) {
        const warm = temperature === 'warm';
        it(`all market calls × ${fault}, ${temperature}: ${warm ? 'cached rows, stale' : 'no data, error'}`, async () => {
          const server = stubMarketFetch();
          if (warm) await seedEntries(staleCopy());
          for (const call of calls) server.faults.set(pathOf(call), fault);
          const w = await startWorker();
          const results = await Promise.all(
            KINDS.map(async (kind, i) => {
              await queryList(w.api, i + 1, kind);
              await settle(w.api.refresh(kind));
              return queryList(w.api, 10 + i, kind);
            }),
          );
          for (const [i, kind] of KINDS.entries()) {
            const want = healthy.lists.get(kind)!;
            if (warm)
              expect(results[i], kind).toMatchObject({ status: 'stale', total: want.total, rows: want.rows });
            else expect(results[i], kind).toMatchObject({ status: 'error', total: 0, rows: [] });
          }
          expect(await settle(w.api.tabs('spot'))).toEqual(warm ? healthy.tabs : []);
          const stored = await storedEntries();
          // Warm: every entry untouched; cold: none stored (only the warm-up's last-opened marker may be).
          expect(savedAts(stored)).toEqual(warm ? savedAts(staleCopy()) : new Map());
          expect(w.errors).toEqual([]);
        });
      }
    }
  });

  if (temperatures.includes('cold'))
    describe('worker recovery after a cold failure (backoff.ts through the worker)', () => {
      // The jitter pinned at both ends of its range: the earliest retry (BACKOFF_BASE_MS / 2) and the latest (just
      // under BACKOFF_BASE_MS). Date is faked with the timers, so the engine's due time and the stub's send times
      // are on the fake clock.
      for (const [end, random] of [
        ['earliest', 0],
        ['latest', 0.999],
      ] as const) {
        it(`spot × 500, cold, jitter at its ${end}: the retry waits its backoff, then loads and stores the list unasked`, async () => {
          useFakeTime(true);
          vi.spyOn(Math, 'random').mockReturnValue(random);
          const delay = backoffDelay(1, RETRY_AFTER_FAILURE_MS, () => random);
          const server = stubMarketFetch();
          server.faults.set(pathOf('spot'), '500');
          const w = await startWorker();
          expect(await queryList(w.api, 1, 'spot')).toMatchObject({ status: 'error', total: 0 });
          expect(server.count(pathOf('spot'))).toBe(1);
          // Healed at once: only the backoff holds the retry back. Its fetch follows the retry's timer and the
          // cross-tab claim (CLAIM_WAIT_MS of listening for another tab), both on the fake clock.
          server.faults.delete(pathOf('spot'));
          await untilFake(() => server.count(pathOf('spot')) >= 2, delay + CLAIM_WAIT_MS + 1_000);
          const [failed, retry] = server.calls
            .filter((c) => new URL(c.url).pathname === pathOf('spot'))
            .map((c) => c.at);
          expect(retry! - failed!).toBeGreaterThanOrEqual(delay + CLAIM_WAIT_MS);
          expect(retry! - failed!).toBeLessThan(delay + CLAIM_WAIT_MS + 1_000);
          // No query asked again: the retry alone brought the rows, and stored them.
          const r = await queryList(w.api, 2, 'spot');
          expect(r).toMatchObject({ status: 'ready', total: healthy.lists.get('spot')!.total });
          expect(server.count(pathOf('spot'))).toBe(2);
          await after(25);
          expect((await storedEntries()).has(CACHE_NAMES.spot)).toBe(true);
        });
      }
    });
}
