// Language links, the Turkish switch decision, the sub-site helper, fiat rates loading and fiat formatting
// (SPEC §2 language links, §4 Turkish switch and fiat prices, §7 rates call, §8 failures swallowed).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatFiat } from '../../src/lib/format.ts';
import type { HttpResult } from '../../common/http.ts';
import { SITE_API } from '../../common/wire/endpoints.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { FiatRates } from '../../common/wire/site.ts';
import { fiatRatesState, loadFiatRates } from '../../src/settings/fiat-rates.ts';

const parseFiatRates = (body: unknown) => parseEnvelope(body, FiatRates);
import { languageHref, turkeySiteHref } from '../../src/settings/language-links.ts';
import { languageSwitchMode } from '../../src/settings/languages.ts';
import { currentSubWebsiteId } from '../../src/settings/sub-site.ts';

describe('language links (SPEC §2)', () => {
  it('prefix the current path with the language segment; English has none', () => {
    expect(languageHref('ja', '/trade/BTC_USDT')).toBe('/ja/trade/BTC_USDT');
    expect(languageHref('en', '/trade/BTC_USDT')).toBe('/trade/BTC_USDT');
    expect(languageHref('pt-br', '/futures/USDT/BTC_USDT', '?tab=x')).toBe(
      '/pt-br/futures/USDT/BTC_USDT?tab=x',
    );
    expect(languageHref('ar', '/')).toBe('/ar');
    expect(languageHref('en', '/')).toBe('/');
  });
  it('send the Turkey choice to the Turkey sub-site in Turkish, keeping the query', () => {
    expect(turkeySiteHref('/trade/BTC_USDT')).toBe('/tr/trade/BTC_USDT?sub_website_id=177');
    expect(turkeySiteHref('/trade/BTC_USDT', '?tab=isolated_margin&sub_website_id=0')).toBe(
      '/tr/trade/BTC_USDT?tab=isolated_margin&sub_website_id=177',
    );
  });
});

describe('Turkish switch (SPEC §4)', () => {
  it('asks on a non-Turkey sub-site, switches directly on the Turkey sub-site', () => {
    expect(languageSwitchMode('tr', 0)).toBe('confirm-turkey');
    expect(languageSwitchMode('tr', 106)).toBe('confirm-turkey');
    expect(languageSwitchMode('tr', 177)).toBe('direct');
    expect(languageSwitchMode('ja', 0)).toBe('direct');
  });
  it('reads the sub-site from the site store (SPEC §1 subSite), default global 0', () => {
    expect(currentSubWebsiteId()).toBe(0);
    expect(currentSubWebsiteId({ subSite: 177 })).toBe(177);
  });
});

describe('fiat rates (SPEC §7, §8)', () => {
  beforeEach(() => {
    fiatRatesState.status = 'idle';
    fiatRatesState.rates = {};
  });
  it('accepts {code: 200, data} and drops invalid entries', () => {
    expect(parseFiatRates({ code: 200, data: { USD: 1, EUR: 0.97, xx: 2, JPY: -1, GBP: 'x' } })).toEqual({
      USD: 1,
      EUR: 0.97,
    });
    expect(parseFiatRates({ code: 500, data: {} })).toBeNull();
    expect(parseFiatRates([])).toBeNull();
  });
  it('loads once and shares the request', async () => {
    const request = vi.fn(async (): Promise<HttpResult> => ({
      ok: true,
      status: 200,
      body: { code: 200, data: { USD: 1, EUR: 0.97 } },
    }));
    await Promise.all([loadFiatRates(request), loadFiatRates(request)]);
    await loadFiatRates(request);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(SITE_API.fiatRates);
    expect(fiatRatesState).toMatchObject({ status: 'ready', rates: { USD: 1, EUR: 0.97 } });
  });
  it('swallows a failure as status error, and retries on the next call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadFiatRates(async () => ({ ok: false, reason: 'timeout' }));
    expect(fiatRatesState).toMatchObject({ status: 'error', rates: {} });
    await loadFiatRates(async () => ({ ok: true, status: 200, body: { code: 200, data: { USD: 1 } } }));
    expect(fiatRatesState.status).toBe('ready');
    warn.mockRestore();
  });
});

describe('formatFiat (Intl currency style per locale)', () => {
  it('multiplies USDT by the rate and formats for the locale', () => {
    expect(formatFiat(100, 0.97, 'EUR', 'de')).toBe('97,00\u00a0€');
    expect(formatFiat(16000, 141.3, 'JPY', 'ja')).toBe('￥2,260,800');
    expect(formatFiat(1234.5, 1, 'USD', 'en')).toBe('$1,234.50');
  });
  it('keeps significant digits for tiny prices', () => {
    expect(formatFiat(0.00001234567, 1, 'USD', 'en')).toBe('$0.0000123457');
  });
  it('returns null when the USDT value is unknown or the code is not a currency', () => {
    expect(formatFiat(null, 1, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, 1, 'NOTACODE', 'en')).toBeNull();
    expect(formatFiat(1, 0, 'USD', 'en')).toBeNull();
  });
});
