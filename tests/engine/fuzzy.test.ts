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
import { fuzzyApplies, fuzzyRows } from '../../workers/market/search/fuzzy.ts';
import type { Hits } from '../../workers/market/search/rank.ts';
import type { MarketTable } from '../../workers/market/table.ts';
import { searchTable } from './search-table.ts';

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

describe('fuzzy tier on a table (search/fuzzy.ts)', () => {
  const coin = (base: string, name: string) => ({ base, quote: 'usdt', name, pair: `${base}_usdt` });
  const none: Hits = { rows: new Int32Array(0), tiers: new Uint8Array(0), count: 0 };
  const labels = (t: MarketTable, rows: Int32Array) => Array.from(rows, (i) => t.label.at(i));

  it('applies from 3 characters, and never on a profile without a fuzzy tier', () => {
    const spot = searchTable('spot', [coin('eth', 'ethereum')]);
    expect(fuzzyApplies(spot, 'eth')).toBe(true);
    expect(fuzzyApplies(spot, 'et')).toBe(false);
    const pilot = searchTable('pilot', [{ show_pair: 'pippin/sol', address: 'q1' }]);
    expect(fuzzyApplies(pilot, 'pipin')).toBe(false);
    expect(fuzzyRows(pilot, 'pipin', none)).toEqual(new Int32Array(0));
    expect(fuzzyRows(spot, 'et', none)).toEqual(new Int32Array(0));
  });

  it('returns every row of a matching name, by volume descending then row, leaving out rows already hit', () => {
    const t = searchTable(
      'spot',
      [coin('eth', 'ethereum'), coin('weth', 'ethereum'), coin('eth2', 'ethereum'), coin('btc', 'bitcoin')],
      [5, 9, 5, 100],
    );
    expect(labels(t, fuzzyRows(t, 'etherium', none))).toEqual(['L1', 'L0', 'L2']);
    const hit: Hits = { rows: Int32Array.of(1), tiers: Uint8Array.of(0), count: 1 };
    expect(labels(t, fuzzyRows(t, 'etherium', hit))).toEqual(['L0', 'L2']);
  });

  it('matches anywhere in a long name (location is ignored)', () => {
    const t = searchTable('spot', [coin('wx', 'wrapped staked token of the ethereum network')]);
    expect(labels(t, fuzzyRows(t, 'etherium', none))).toEqual(['L0']);
  });
});
