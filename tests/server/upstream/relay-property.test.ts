// The relay's table (server/upstream/relay.ts) fed through the Gate and Binance frame readers (gate-ws.ts,
// binance-ws.ts): a fast-check property — any sequence of valid upstream frames leaves the table equal to the last
// value per pair — and the same with hostile frames mixed in (they change nothing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { futuresTickKey, type LiveTick } from '../../../common/wire/live.ts';
import { readBinanceFrame } from '../../../server/upstream/binance-ws.ts';
import { readGateFrame } from '../../../server/upstream/gate-ws.ts';
import { TickTable } from '../../../server/upstream/relay.ts';

const PAIRS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'ETH_BTC'];
const known = (list: string, key: string) =>
  list === 'spot' ? PAIRS.includes(key) : PAIRS.some((p) => futuresTickKey('usdt', p) === key);

const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2));
const change = fc.integer({ min: -9_999, max: 99_999 }).map((n) => (n / 100).toFixed(2));
const volume = fc.integer({ min: 0, max: 1e9 }).map(String);
const item = fc.record({ pair: fc.constantFrom(...PAIRS), last: price, change, volume });
/** A valid Gate frame: market, items (spot: one unless `array`), time step ≥ 0 ms. */
const gateFrame = fc.record({
  market: fc.constantFrom('spot' as const, 'futures' as const),
  items: fc.array(item, { minLength: 1, maxLength: 4 }),
  array: fc.boolean(),
  step: fc.integer({ min: 0, max: 1000 }),
});

describe('relay table', () => {
  it('any sequence of valid Gate frames leaves the last value per pair', () => {
    fc.assert(
      fc.property(fc.array(gateFrame, { maxLength: 60 }), (frames) => {
        const table = new TickTable(known);
        const expected = { spot: new Map<string, LiveTick>(), futures: new Map<string, LiveTick>() };
        let at = 1_700_000_000_000;
        const drops: string[] = [];
        for (const f of frames) {
          at += f.step;
          const items = f.market === 'spot' && !f.array ? f.items.slice(0, 1) : f.items;
          const result = items.map((i) =>
            f.market === 'spot'
              ? { currency_pair: i.pair, last: i.last, change_percentage: i.change, quote_volume: i.volume }
              : { contract: i.pair, last: i.last, change_percentage: i.change, volume_24h_quote: i.volume },
          );
          const text = JSON.stringify({
            time: Math.floor(at / 1000),
            time_ms: at,
            channel: `${f.market}.tickers`,
            event: 'update',
            result: f.market === 'spot' && !f.array ? result[0] : result,
          });
          expect(readGateFrame(f.market, text, at, table, (r) => drops.push(r))).toBe('data');
          for (const i of items) {
            const key = f.market === 'spot' ? i.pair : futuresTickKey('usdt', i.pair);
            expected[f.market].set(key, [key, i.last, i.change, i.volume]);
          }
        }
        expect(drops).toEqual([]);
        expect(table.values('spot')).toEqual(expected.spot);
        expect(table.values('futures')).toEqual(expected.futures);
      }),
    );
  });

  it('hostile frames mixed in change nothing; Binance frames too', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constant(
        '{"channel":"spot.tickers","event":"update","result":{"currency_pair":"BTC_USDT","last":"-1","change_percentage":"1","quote_volume":"1"}}',
      ),
      fc.constant(
        '{"channel":"spot.tickers","event":"update","result":{"currency_pair":"NOPE_USDT","last":"1","change_percentage":"1","quote_volume":"1"}}',
      ),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            item.map((i) => ({ valid: i })),
            hostile.map((h) => ({ hostile: h })),
          ),
          { maxLength: 60 },
        ),
        (steps) => {
          const table = new TickTable(known);
          const expected = new Map<string, LiveTick>();
          let at = 1_700_000_000_000;
          for (const s of steps) {
            at += 10;
            if ('hostile' in s) {
              readGateFrame('spot', s.hostile, at, table, () => {});
              readBinanceFrame(s.hostile, new Map([['BTCUSDT', 'BTC_USDT']]), table, () => {});
              continue;
            }
            const i = s.valid;
            const text = JSON.stringify([
              { e: '24hrMiniTicker', E: at, s: i.pair.replace('_', ''), c: i.last, o: i.last, q: i.volume },
            ]);
            readBinanceFrame(text, new Map(PAIRS.map((p) => [p.replace('_', ''), p])), table, () => {});
            expected.set(i.pair, [i.pair, i.last, '0.00', i.volume]);
          }
          expect(table.values('spot')).toEqual(expected);
        },
      ),
    );
  });
});
