// Server side of display settings: lang_list, fiat_list and the fiat rates route (SPEC §3, §7).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { settingsRoutes } from '../../server/routes/settings.ts';
import {
  fiatList,
  fiatRateTable,
  fiatRatesFromUsdt,
  langList,
  NON_FIAT_CODES,
  REFERENCE_RATES_2022_11_22,
  snapshotPairs,
} from '../../server/settings-data.ts';
import { LOCALES } from '../../common/domain/locales.ts';
import { LANGUAGE_NAMES } from '../../src/settings/languages.ts';
import { csrfPair } from '../server/helpers.ts';

const CSRF = csrfPair().headers;

describe('langList (SPEC §3 lang_list)', () => {
  it('names each of the 16 locales in its own language, capitalised', () => {
    const list = langList();
    expect(Object.keys(list)).toEqual([...LOCALES]);
    expect(list.es).toBe('Español');
    expect(list['pt-br']).toBe('Português (Brasil)');
    expect(list.uk).toBe('Українська');
    expect(list.ar).toBe('العربية');
  });
  it('matches the names the language grid bundles', () => {
    expect(langList()).toEqual(LANGUAGE_NAMES);
  });
});

describe('fiatList (SPEC §3 fiat_list)', () => {
  const list = fiatList();
  it('keeps circulating fiats as {fiat, symbol}', () => {
    expect(list.EUR).toEqual({ fiat: 'EUR', symbol: '€' });
    expect(list.TRY).toEqual({ fiat: 'TRY', symbol: '₺' });
    expect(list.USD).toEqual({ fiat: 'USD', symbol: '$' });
  });
  it('drops metals, SDR and retired codes', () => {
    for (const code of NON_FIAT_CODES) expect(list[code]).toBeUndefined();
    expect(list.XDR).toBeUndefined();
    expect(list.HRK).toBeUndefined();
  });
  it('never gives two fiats the same symbol', () => {
    const symbols = Object.values(list).map((f) => f.symbol);
    const shared = symbols.filter((s, i) => symbols.indexOf(s) !== i);
    // Codes written as their own symbol (e.g. `AED`) are unique by construction; only real symbols could clash.
    expect(shared).toEqual([]);
  });
});

describe('fiatRatesFromUsdt (fiat per 1 USDT)', () => {
  const table = fiatRateTable();
  const byCode = Object.fromEntries(table.map((e) => [e.code, e]));
  it('pins USD at par and takes TRY from the real USDT_TRY pair', () => {
    expect(byCode.USD).toMatchObject({ rate: 1, source: 'par' });
    const usdtTry = snapshotPairs().find((p) => p.base === 'USDT' && p.quote === 'TRY')!;
    expect(byCode.TRY).toMatchObject({ rate: usdtTry.last, source: 'pair' });
  });
  it('falls back to the marked reference table where the snapshot has no usable pair (SGD pairs trade at 0)', () => {
    expect(byCode.SGD).toMatchObject({ source: 'reference', rate: REFERENCE_RATES_2022_11_22.SGD });
    expect(byCode.EUR!.source).toBe('reference');
  });
  it('ignores crypto tokens that share an ISO code as base (MGA_USDT is a token, not Malagasy ariary)', () => {
    expect(byCode.MGA).toBeUndefined();
    expect(byCode.ISK).toMatchObject({ source: 'reference' });
  });
  it('derives a cross rate as the median of COIN_FIAT ÷ COIN_USDT when no USDT_FIAT pair trades', () => {
    const rates = fiatRatesFromUsdt([
      { base: 'BTC', quote: 'USDT', last: 20000 },
      { base: 'ETH', quote: 'USDT', last: 1000 },
      { base: 'SOL', quote: 'USDT', last: 10 },
      { base: 'BTC', quote: 'SGD', last: 27000 },
      { base: 'ETH', quote: 'SGD', last: 1400 },
      { base: 'SOL', quote: 'SGD', last: 13.6 },
    ]);
    expect(rates.SGD).toBe(1.36);
  });
  it('has only positive finite numbers', () => {
    for (const v of Object.values(fiatRatesFromUsdt())) expect(v > 0 && Number.isFinite(v)).toBe(true);
  });
});

describe('GET /api/web/v1/site/currFiatMarketRates (SPEC §7)', () => {
  it('answers {code: 200, data: {USD: 1, …}} through the whole app, behind the CSRF check', async () => {
    const app = createApp();
    const res = await app.request('/api/web/v1/site/currFiatMarketRates', { headers: CSRF });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: Record<string, number> };
    expect(body.code).toBe(200);
    expect(body.data.USD).toBe(1);
    expect(body.data.TRY).toBeCloseTo(19.0896, 4);
    expect(body.data.EUR).toBeGreaterThan(0.5);
    const denied = await app.request('/api/web/v1/site/currFiatMarketRates');
    expect(denied.status).toBe(403);
  });
  it('derives rates from the data directory the server was given (MARKET_DATA_DIR)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rates-'));
    writeFileSync(
      join(dir, 'spot_tickers.json'),
      JSON.stringify([{ currency_pair: 'USDT_TRY', last: '30.5' }]),
    );
    const res = await settingsRoutes({ dataDir: dir }).request('/api/web/v1/site/currFiatMarketRates');
    const body = (await res.json()) as { data: Record<string, number> };
    expect(body.data.TRY).toBe(30.5);
  });
});
