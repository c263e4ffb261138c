// Ranking (SPEC §5): tiers, volume in USDT within a tier, aliases, case and trimming, search over every pair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasFor, SEARCH_PROFILES } from '../../workers/market/search/profiles.ts';
import { ensureOrdered, makeRanked } from '../../workers/market/search/select.ts';
import { envelope, realSpot, spotRow } from '../fixtures/market-wire.ts';
import type { SpotRowWire } from '../../common/wire/market.ts';
import {
  createFakeServer,
  createTestEngine,
  defaultRoutes,
  ok,
  PATHS,
  TEST_CONFIG,
  topLabels,
} from './harness.ts';

async function spotEngine(rows: SpotRowWire[]) {
  const routes = defaultRoutes();
  routes.set(PATHS.spot, ok(envelope({ server_time: 1, list: rows })));
  const { engine } = createTestEngine(createFakeServer(routes));
  await engine.init(TEST_CONFIG);
  return engine;
}

// One row per tier for the term 'abc'; volumes rise as tiers fall, so only the tier can explain the order.
const TIERED = [
  spotRow('ZZZ_USDT', 600_000, { name: 'Abc Token' }),
  spotRow('FOO_XABCX', 500_000),
  spotRow('XABC_USDT', 400_000),
  spotRow('XYZ_ABC', 300_000),
  spotRow('ABCD_USDT', 200_000),
  spotRow('ABC_USDT', 10),
];

describe('spot and futures ranking tiers (SPEC §5)', () => {
  it('ranks all six tiers in SPEC order regardless of volume', async () => {
    const { labels } = await topLabels(await spotEngine(TIERED), { kind: 'spot', tab: '', term: 'abc' });
    expect(labels).toEqual(['ABC/USDT', 'ABCD/USDT', 'XYZ/ABC', 'XABC/USDT', 'FOO/XABCX', 'ZZZ/USDT']);
  });

  const pairs: Array<[string, SpotRowWire, SpotRowWire]> = [
    ['base equals term above base starts with term', spotRow('ABC_USDT', 1), spotRow('ABCD_USDT', 1e9)],
    ['base starts with term above quote equals term', spotRow('ABCD_USDT', 1), spotRow('XYZ_ABC', 1e9)],
    ['quote equals term above base contains term', spotRow('XYZ_ABC', 1), spotRow('XABC_USDT', 1e9)],
    ['base contains term above quote contains term', spotRow('XABC_USDT', 1), spotRow('FOO_XABCX', 1e9)],
    [
      'quote contains term above name or pair contains term',
      spotRow('FOO_XABCX', 1),
      spotRow('ZZZ_USDT', 1e9, { name: 'Abc Token' }),
    ],
  ];
  for (const [name, better, worse] of pairs) {
    it(`ranks ${name} (SPEC §5)`, async () => {
      const { labels } = await topLabels(await spotEngine([worse, better]), {
        kind: 'spot',
        tab: '',
        term: 'abc',
      });
      expect(labels[0]).toBe(better.pair.replace('_', '/'));
      expect(labels[1]).toBe(worse.pair.replace('_', '/'));
    });
  }

  it('ranks a base that contains the term as quote-equals when its quote equals the term (SPEC §5)', async () => {
    const engine = await spotEngine([spotRow('YABC_USDT', 1e9), spotRow('XABC_ABC', 1)]);
    const { labels } = await topLabels(engine, { kind: 'spot', tab: '', term: 'abc' });
    expect(labels).toEqual(['XABC/ABC', 'YABC/USDT']);
  });

  it('matches a pair typed with a slash or across the underscore (name or pair contains, SPEC §5)', async () => {
    const engine = await spotEngine([spotRow('ABC_USDT', 1), spotRow('ABC_BTC', 1)]);
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: 'abc/usdt' })).labels).toEqual([
      'ABC/USDT',
    ]);
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: 'c_b' })).labels).toEqual(['ABC/BTC']);
  });

  it('is case-insensitive on the trimmed term (SPEC §5)', async () => {
    const engine = await spotEngine(TIERED);
    const a = await topLabels(engine, { kind: 'spot', tab: '', term: '  aBc ' });
    const b = await topLabels(engine, { kind: 'spot', tab: '', term: 'abc' });
    expect(a.labels).toEqual(b.labels);
    expect(a.res.total).toBe(6);
  });

  it('searches every pair of the list whatever tab is selected (SPEC §5)', async () => {
    const engine = await spotEngine([spotRow('ABC_USDT', 1), spotRow('ABC_BTC', 2, { categories: ['BTC'] })]);
    const { labels } = await topLabels(engine, { kind: 'spot', tab: 'BTC', term: 'abc' });
    expect(labels.sort()).toEqual(['ABC/BTC', 'ABC/USDT']);
  });

  it('ranks futures contracts with the same tiers (SPEC §5)', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const { labels } = await topLabels(engine, { kind: 'futures', tab: '', term: 'eth' }, 3);
    expect(labels[0]).toBe('ETH/USDT');
  });
});

describe('volume in USDT within a tier (SPEC §5)', () => {
  it('orders a tier by 24h quote volume converted to USDT, descending', async () => {
    const engine = await spotEngine([
      spotRow('BTC_USDT', 1, { rate: '20000' }),
      spotRow('ABCA_USDT', 15_000),
      spotRow('ABCB_BTC', 1, { categories: ['BTC'] }), // 1 BTC = 20,000 USDT
      spotRow('ABCC_USD', 17_000),
    ]);
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: 'abc' });
    expect(rows.map((r) => r.label)).toEqual(['ABCB/BTC', 'ABCC/USD', 'ABCA/USDT']);
    expect(rows[0]!.volume).toBe('20K');
  });

  it('converts a quote without a USDT pair through BTC (TRY: BTC_USDT / BTC_TRY)', async () => {
    const engine = await spotEngine([
      spotRow('BTC_USDT', 1, { rate: '16000' }),
      spotRow('BTC_TRY', 1, { rate: '320000' }),
      spotRow('ABC_TRY', 200_000),
    ]);
    const fiat = { currency: 'USD', rate: 1 };
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: 'abc', fiat });
    expect(rows[0]!.volume).toBe('10K');
    expect(rows[0]!.price).toBe('$0.05000');
  });

  it('counts an unconvertible volume as 0 and shows no USDT price', async () => {
    const engine = await spotEngine([spotRow('ABC_XYZ', 5), spotRow('ABCD_USDT', 1)]);
    const fiat = { currency: 'USD', rate: 1 };
    const { rows } = await topLabels(engine, { kind: 'spot', tab: '', term: 'abc', fiat });
    expect(rows[0]!.volume).toBe('0');
    expect(rows[0]!.price).not.toContain('$'); // no USDT value: the row's own price, not a fiat one
  });
});

describe("aliases 'nmt' and 'nm' (SPEC §5)", () => {
  it('maps both to the configured token on spot and futures, and nothing elsewhere', () => {
    for (const kind of ['spot', 'futures'] as const) {
      expect(aliasFor(SEARCH_PROFILES[kind], 'nmt')).toBe('nmt');
      expect(aliasFor(SEARCH_PROFILES[kind], 'nm')).toBe('nmt');
    }
    expect(aliasFor(SEARCH_PROFILES.pilot, 'nm')).toBeNull();
    expect(aliasFor(SEARCH_PROFILES.premarket, 'nmt')).toBeNull();
  });

  it("ranks the token first for 'nm', above a base that equals 'nm'", async () => {
    const engine = await spotEngine([
      spotRow('NM_USDT', 1e9),
      spotRow('NMT_USDT', 1),
      spotRow('NMR_USDT', 1e8),
    ]);
    const { labels } = await topLabels(engine, { kind: 'spot', tab: '', term: 'nm' });
    expect(labels).toEqual(['NMT/USDT', 'NM/USDT', 'NMR/USDT']);
  });

  it("finds NMT/USDT first on the real spot list for 'NMT' and 'nm'", async () => {
    const engine = await spotEngine(realSpot().list);
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: 'NMT' })).labels[0]).toBe('NMT/USDT');
    expect((await topLabels(engine, { kind: 'spot', tab: '', term: 'nm' })).labels.slice(0, 2)).toEqual([
      'NMT/USDT',
      'NMT/ETH',
    ]);
  });
});

describe('bounded selection (worker search p95 target, docs/BENCHMARKS.md)', () => {
  it('gives the same order as a full sort, window by window', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 1000;
    const n = 5000;
    const keys = Float64Array.from({ length: n }, () => Math.floor(rand()));
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b]! - keys[a]! || a - b);
    const r = makeRanked(
      Int32Array.from({ length: n }, (_, i) => i),
      Int32Array.of(0, n),
      [keys],
    );
    for (const end of [10, 64, 65, 300, 2999, n]) {
      ensureOrdered(r, end);
      expect(Array.from(r.order.subarray(0, end))).toEqual(expected.slice(0, end));
    }
  });
});

describe('bounded selection against a plain sort (fast-check)', () => {
  it('any segments, ties and windows: each prefix made final is the sorted prefix, and nothing is lost', () => {
    const segment = fc.record({
      keys: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 400 }),
      ordered: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat({ max: 1300 }), { minLength: 1, maxLength: 6 }),
        (segments, ends) => {
          const n = segments.reduce((sum, s) => sum + s.keys.length, 0);
          const keyOf = new Float64Array(n);
          const bounds = [0];
          const expected: number[] = [];
          let row = 0;
          for (const s of segments) {
            const rows = s.keys.map((k) => {
              keyOf[row] = k;
              return row++;
            });
            bounds.push(row);
            expected.push(...(s.ordered ? rows : [...rows].sort((a, b) => keyOf[b]! - keyOf[a]! || a - b)));
          }
          const r = makeRanked(
            Int32Array.from({ length: n }, (_, i) => i),
            Int32Array.from(bounds),
            segments.map((s) => (s.ordered ? null : keyOf)),
          );
          let final = 0;
          for (const end of ends) {
            ensureOrdered(r, Math.min(end, n));
            final = Math.max(final, Math.min(end, n));
            expect(Array.from(r.order.subarray(0, final))).toEqual(expected.slice(0, final));
            expect([...r.order].sort((a, b) => a - b)).toEqual(expected.slice().sort((a, b) => a - b));
          }
          expect(r.total).toBe(n);
        },
      ),
      { numRuns: 300 },
    );
  });
});
