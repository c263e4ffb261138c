// Loading market data (ARCHITECTURE.md 'The reference server'): MARKET_DATA_DIR, data errors that name the file, and the
// PILOT_ROWS scaling used by the benchmark (SPEC §3 pilot token row).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, optionsFromEnv } from '../../server/app.ts';
import { DATA_FILES, DEFAULT_DATA_DIR, loadMarketData } from '../../server/market-data.ts';
import type { ApiEnvelope } from '../../common/wire/envelope.ts';
import type { PilotMarketsWire, SpotMarketsWire } from '../../common/wire/market.ts';
import { getJson } from './market-helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp copy of the bundled snapshot files. */
function copyOfData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mh-market-'));
  dirs.push(dir);
  for (const file of Object.values(DATA_FILES)) copyFileSync(join(DEFAULT_DATA_DIR, file), join(dir, file));
  return dir;
}

describe('MARKET_DATA_DIR (ARCHITECTURE.md "The reference server")', () => {
  it('serves a good copy of the data from the directory the env names', async () => {
    const dir = copyOfData();
    const app = createApp(optionsFromEnv({ MARKET_DATA_DIR: dir }));
    const { body } = await getJson<ApiEnvelope<SpotMarketsWire>>(
      app,
      '/apiw/v2/market/spots?exchange_type=ALL',
      {},
    );
    expect(body.data.list).toHaveLength(2918);
  });

  it('really reads that directory: a 2-row spot file gives 2 rows', async () => {
    const dir = copyOfData();
    writeFileSync(
      join(dir, DATA_FILES.spot),
      JSON.stringify([
        {
          currency_pair: 'BTC_USDT',
          last: '100',
          change_percentage: '1',
          change_utc0: '0',
          change_utc8: '0',
          quote_volume: '5',
        },
        {
          currency_pair: 'ETH_USDT',
          last: '10',
          change_percentage: '-1',
          change_utc0: '0',
          change_utc8: '0',
          quote_volume: '3',
        },
      ]),
    );
    expect(loadMarketData({ dataDir: dir }).spot.map((r) => r.pair)).toEqual(['BTC_USDT', 'ETH_USDT']);
  });

  it.each(Object.values(DATA_FILES))('a missing %s throws an error naming the file', (file) => {
    const dir = copyOfData();
    rmSync(join(dir, file));
    expect(() => loadMarketData({ dataDir: dir })).toThrow(`MARKET_DATA_DIR ${join(dir, file)}: not found`);
  });

  it.each(Object.values(DATA_FILES))('a malformed %s throws an error naming the file', (file) => {
    const dir = copyOfData();
    writeFileSync(join(dir, file), '[{"a": 1},');
    expect(() => loadMarketData({ dataDir: dir })).toThrow(
      `MARKET_DATA_DIR ${join(dir, file)}: invalid JSON`,
    );
  });

  it('a file that is not an array, or a row without a required field, throws naming file and row', () => {
    const dir = copyOfData();
    const spot = join(dir, DATA_FILES.spot);
    writeFileSync(spot, '{"currency_pair": "BTC_USDT"}');
    expect(() => loadMarketData({ dataDir: dir })).toThrow(`${spot}: expected a JSON array of rows`);
    writeFileSync(
      spot,
      JSON.stringify([{ currency_pair: 'A_USDT', last: '1', change_percentage: '0' }, { last: '1' }]),
    );
    expect(() => loadMarketData({ dataDir: dir })).toThrow(`${spot}: row 0 lacks change_utc0`);
    const futures = join(dir, DATA_FILES.futures);
    copyFileSync(join(DEFAULT_DATA_DIR, DATA_FILES.spot), spot);
    writeFileSync(futures, JSON.stringify([{ name: 'BTC_USDT', last_price: 'abc' }]));
    expect(() => loadMarketData({ dataDir: dir })).toThrow(
      `${futures}: row 0 has non-numeric last_price "abc"`,
    );
  });

  it('server/start.ts prints the data error and exits 1', () => {
    const missing = join(tmpdir(), 'mh-no-such-dir');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, MARKET_DATA_DIR: missing, PORT: '0' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`MARKET_DATA_DIR ${join(missing, DATA_FILES.spot)}: not found`);
  });
});

describe('PILOT_ROWS (SPEC §3 pilot token row; benchmark scaling)', () => {
  it('PILOT_ROWS=100000 serves exactly 100,000 rows with unique addresses, the first 279 real', async () => {
    const app = createApp(optionsFromEnv({ PILOT_ROWS: '100000' }));
    const { body } = await getJson<ApiEnvelope<PilotMarketsWire>>(
      app,
      '/apiw/v2/pilot/markets?exchange_type=PILOT_ALL',
    );
    const list = body.data.list;
    expect(list).toHaveLength(100000);
    expect(new Set(list.map((r) => r.address)).size).toBe(100000);
    expect(new Set(list.map((r) => r.seo_path)).size).toBe(100000);
    expect(list.every((r) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(r.address))).toBe(true);
    const real = loadMarketData({}).pilot.list;
    expect(list.slice(0, 279).map((r) => r.address)).toEqual(real.map((r) => r.address));
    expect(list[279]?.name).toBe(`${real[0]?.name} 2`);
    expect(list[279]?.show_pair).toBe('PIPPIN2/SOL');
    expect(list.filter((r) => r.is_hot)).toHaveLength(20);
    const cate = new Set(body.data.cate.split(','));
    expect(list.every((r) => r.categories.every((c) => cate.has(c)))).toBe(true);
  });

  it('is deterministic: two loads give identical lists', () => {
    const a = loadMarketData({ pilotRows: 100000 }).pilot;
    const b = loadMarketData({ pilotRows: 100000 }).pilot;
    expect(b.cate).toBe(a.cate);
    expect(JSON.stringify(b.list) === JSON.stringify(a.list)).toBe(true);
  });

  it('no synthesised row falls 100 % or more in 24 h (the scaled change stays above -100)', () => {
    const list = loadMarketData({ pilotRows: 20000 }).pilot.list;
    const changes = list.map((r) => Number(r.change_percentage));
    expect(changes.every((c) => Number.isFinite(c) && c > -100)).toBe(true);
    // The clamp is reached (the real data has falls near -99.9 %), so the check above is not vacuous.
    expect(Math.min(...changes)).toBe(-99.99);
  });

  it('fewer rows than real serves the first N; invalid counts are refused', () => {
    expect(loadMarketData({ pilotRows: 5 }).pilot.list).toHaveLength(5);
    expect(() => loadMarketData({ pilotRows: 0 })).toThrow('PILOT_ROWS 0');
    expect(() => loadMarketData({ pilotRows: 2.5 })).toThrow('PILOT_ROWS 2.5');
    expect(() => optionsFromEnv({ PILOT_ROWS: 'lots' })).toThrow(
      'PILOT_ROWS "lots": expected an integer from 1 to 1000000',
    );
  });
});

describe('derived values (SPEC §3; the SPEC §4 fiat rates read USDT prices)', () => {
  it('prices currencies in USDT through the snapshot pairs, null when no path exists', () => {
    const data = loadMarketData({});
    expect(data.usdtPrice('usdt')).toBe(1);
    expect(data.usdtPrice('BTC')).toBe(15882.4);
    expect(data.usdtPrice('TRY')).toBeCloseTo(1 / 19.0896, 10);
    expect(data.usdtPrice('SGD')).toBeNull();
  });

  it('times upcoming listings from the load clock', () => {
    const now = Date.UTC(2030, 0, 1);
    const times = loadMarketData({ now })
      .spot.filter((r) => r.categories.includes('NEWLISTED'))
      .map((r) => r.opening_time - now / 1000)
      .sort((a, b) => a - b);
    expect(times.slice(-4)).toEqual([12, 24, 36, 48].map((h) => h * 3600));
    expect(times[0]).toBe(-12 * 24 * 3600);
  });
});
