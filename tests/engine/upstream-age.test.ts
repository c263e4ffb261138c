// A list the server took from an upstream carries its time (`updated_at` in the envelope, docs/API.md 'Market
// sources'): the engine ages the list from that time, not from the fetch, so with the socket down the badge says
// delayed with the list's real age (a stale upstream list); without the field the fetch time stays.
import { describe, expect, it } from 'vitest';
import { createFakeServer, createTestEngine, ok, PATHS, qid, TEST_CONFIG } from './harness.ts';
import { FakeSocket } from './live-socket.ts';
import { realContracts, realSpot } from '../fixtures/market-wire.ts';

async function spotStatus(body: unknown, kind: 'spot' | 'futures' = 'spot') {
  const server = createFakeServer();
  server.routes.set(kind === 'spot' ? PATHS.spot : PATHS.futures, ok(body));
  const { engine } = createTestEngine(server, { openSocket: (url) => new FakeSocket(url) });
  await engine.init(TEST_CONFIG);
  const fetchedAt = Date.now();
  await engine.query({ id: qid(), kind, tab: '', term: '', start: 0, count: 10 });
  await engine.setLiveInterest([kind]);
  const status = (await engine.liveStatuses()).find((s) => s.kind === kind)!;
  engine.dispose();
  return { status, fetchedAt };
}

describe('the data time of an upstream list', () => {
  it("ages a spot list from the envelope's updated_at", async () => {
    const at = Date.now() - 5 * 60_000;
    const { status } = await spotStatus({ code: 200, updated_at: at, data: realSpot() });
    expect(status).toMatchObject({ state: 'delayed', updatedAt: at });
  });

  it('the futures list too', async () => {
    const at = Date.now() - 90_000;
    const { status } = await spotStatus({ code: 200, updated_at: at, data: realContracts() }, 'futures');
    expect(status.updatedAt).toBe(at);
  });

  it('without it, or with a time in the future or not a number, the fetch time', async () => {
    for (const extra of [{}, { updated_at: Date.now() + 60_000 }, { updated_at: 'yesterday' }]) {
      const { status, fetchedAt } = await spotStatus({ code: 200, ...extra, data: realSpot() });
      expect(status.updatedAt).toBeGreaterThanOrEqual(fetchedAt);
    }
  });
});
