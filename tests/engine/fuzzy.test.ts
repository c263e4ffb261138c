// The typo-tolerant last tier (SPEC §5 extension, ARCHITECTURE.md 'Search is tiered first, fuzzy last').
import { describe, expect, it } from 'vitest';
import { envelope, realSpot, spotRow } from '../fixtures/market-wire.ts';
import {
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  ok,
  PATHS,
  TEST_CONFIG,
  topLabels,
} from './harness.ts';

async function engineWith(list = realSpot().list) {
  const routes = defaultRoutes();
  routes.set(PATHS.spot, ok(envelope({ server_time: 1, list })));
  const { engine } = createTestEngine(createFakeServer(routes));
  await engine.init(TEST_CONFIG);
  return engine;
}

describe('fuzzy last tier', () => {
  it("finds ETH (Ethereum) for the typo 'etherium' on the real spot list", async () => {
    const { labels, res } = await topLabels(
      await engineWith(),
      { kind: 'spot', tab: '', term: 'etherium' },
      5,
    );
    expect(res.total).toBeGreaterThan(0);
    expect(labels[0]).toBe('ETH/USDT');
  });

  it('puts fuzzy matches after every tiered match and never repeats a row', async () => {
    const engine = await engineWith([
      spotRow('ETH_USDT', 10, { name: 'Ethereum' }),
      spotRow('ETHER_USDT', 1, { name: 'Ether Token' }),
      spotRow('XYZ_USDT', 1e9, { name: 'Etherium Gold' }),
    ]);
    const { labels } = await topLabels(engine, { kind: 'spot', tab: '', term: 'etherium' });
    // 'Etherium Gold' contains the term (name tier); Ethereum only matches fuzzily, so it comes last.
    expect(labels[0]).toBe('XYZ/USDT');
    expect(labels).toContain('ETH/USDT');
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.indexOf('ETH/USDT')).toBeGreaterThan(labels.indexOf('XYZ/USDT'));
  });

  it('does not run for pilot tokens (100k rows; typo tolerance there would cost hundreds of ms)', async () => {
    const engine = await engineWith();
    const { res } = await topLabels(engine, { kind: 'pilot', tab: '', term: 'pipin' });
    expect(res.total).toBe(0);
  });

  it('does not run for terms shorter than 3 characters', async () => {
    const engine = await engineWith([spotRow('ETH_USDT', 10, { name: 'Ethereum' })]);
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: 'ey' })).res.total).toBe(0);
  });
});
