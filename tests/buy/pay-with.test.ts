// Pay-with picker rules (src/buy): SPEC §5 fiat-code search, the fiat-list join, methods per fiat, the SPEC §3 USD
// fallback on failure, the per-language cache with the SPEC §5 validity rule, and the cookie on selection (SPEC §4).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_WITH_FALLBACK, type FiatSetting } from '../../common/wire/buy.ts';
import { memoryCookies } from '../../src/lib/cookies.ts';
import { PAY_WITH_CACHE_KEY, readPayWithCache, writePayWithCache } from '../../src/buy/pay-with-cache.ts';
import { currencyNames, filterOptions, joinOptions, methodsOf } from '../../src/buy/pay-with-model.ts';
import { loadPayWith, payWithState, resetPayWith, selectPayWith } from '../../src/buy/pay-with-store.ts';

const row = (fiat: string, card = true, bank = true, p2p = true): FiatSetting => ({
  fiat,
  credit_card: card,
  bank_transfer: bank,
  p2p,
});
const SETTINGS = [row('USD'), row('EUR', true, true, false), row('NGN', false, false, true), row('TRY')];
const FIAT_LIST = {
  USD: { fiat: 'USD', symbol: '$' },
  EUR: { fiat: 'EUR', symbol: '€' },
  NGN: { fiat: 'NGN', symbol: '₦' },
  TRY: { fiat: 'TRY', symbol: '₺' },
};

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('pay-with search (SPEC §5: substring of the fiat code, case-insensitive)', () => {
  const options = joinOptions(FIAT_LIST, SETTINGS, currencyNames('en'));
  it('matches a substring of the code in any case', () => {
    expect(filterOptions(options, 'u').map((o) => o.fiat)).toEqual(['USD', 'EUR']);
    expect(filterOptions(options, 'Ur').map((o) => o.fiat)).toEqual(['EUR']);
    expect(filterOptions(options, ' try ').map((o) => o.fiat)).toEqual(['TRY']);
  });
  it('does not match names or symbols, only codes', () => {
    expect(filterOptions(options, 'euro')).toEqual([]);
    expect(filterOptions(options, '€')).toEqual([]);
  });
  it('an empty query lists every option', () => {
    expect(filterOptions(options, '')).toHaveLength(4);
  });
});

describe('options (SPEC §3: fiat list joined with the fiat settings)', () => {
  it('carries code, localised name, symbol and methods, in settings order', () => {
    const [usd, eur] = joinOptions(FIAT_LIST, SETTINGS, currencyNames('en'));
    expect(usd).toMatchObject({ fiat: 'USD', symbol: '$', name: 'US Dollar', credit_card: true });
    expect(eur).toMatchObject({ fiat: 'EUR', symbol: '€', name: 'Euro', p2p: false });
    expect(joinOptions(FIAT_LIST, SETTINGS, currencyNames('de'))[1]!.name).toBe('Euro');
    expect(joinOptions(FIAT_LIST, SETTINGS, currencyNames('ja'))[0]!.name).toBe('米ドル');
  });
  it('drops settings the fiat list lacks, but never shows an empty picker', () => {
    expect(joinOptions({ USD: FIAT_LIST.USD }, SETTINGS, (c) => c).map((o) => o.fiat)).toEqual(['USD']);
    expect(joinOptions(null, PAY_WITH_FALLBACK, (c) => c)).toEqual([
      { ...PAY_WITH_FALLBACK[0], symbol: 'USD', name: 'USD' },
    ]);
  });
  it('methods of a fiat decide the card, bank and P2P entries; an unknown fiat has none', () => {
    expect(methodsOf(SETTINGS, 'NGN')).toEqual({ creditCard: false, bankTransfer: false, p2p: true });
    expect(methodsOf(SETTINGS, 'EUR')).toEqual({ creditCard: true, bankTransfer: true, p2p: false });
    expect(methodsOf(SETTINGS, 'XYZ')).toEqual({ creditCard: false, bankTransfer: false, p2p: false });
  });
});

describe('cache buy_crypto_fiat_setting (SPEC §9 name, §5 validity)', () => {
  it('returns an entry stored for the current language', () => {
    const s = memoryStorage();
    writePayWithCache(s, 'en', SETTINGS, 1000);
    expect(readPayWithCache(s, 'en')).toEqual({ data: SETTINGS, savedAt: 1000 });
  });
  it('deletes an entry of another language', () => {
    const s = memoryStorage();
    writePayWithCache(s, 'en', SETTINGS, 1000);
    expect(readPayWithCache(s, 'ar')).toBeNull();
    expect(s.values.has(PAY_WITH_CACHE_KEY)).toBe(false);
  });
  it.each([
    ['an empty list', JSON.stringify({ lang: 'en', savedAt: 1, data: [] })],
    ['not JSON', '{oops'],
    ['a bad row', JSON.stringify({ lang: 'en', savedAt: 1, data: [{ fiat: 'usd' }] })],
  ])('deletes %s', (_, raw) => {
    const s = memoryStorage({ [PAY_WITH_CACHE_KEY]: raw });
    expect(readPayWithCache(s, 'en')).toBeNull();
    expect(s.values.has(PAY_WITH_CACHE_KEY)).toBe(false);
  });
});

describe('loading and selection (SPEC §3 fallback, §4, §8)', () => {
  beforeEach(() => resetPayWith());

  it('uses the network answer and caches it for the language', async () => {
    const storage = memoryStorage();
    await loadPayWith('en', { fetch: async () => SETTINGS, storage, now: () => 42 });
    expect(payWithState).toMatchObject({ status: 'ready', settings: SETTINGS });
    expect(readPayWithCache(storage, 'en')?.savedAt).toBe(42);
  });

  it('falls back to USD with every method when the call fails and nothing is cached', async () => {
    await loadPayWith('en', { fetch: async () => null, storage: memoryStorage(), now: () => 0 });
    expect(payWithState.status).toBe('error');
    expect(payWithState.settings).toEqual([
      { fiat: 'USD', credit_card: true, bank_transfer: true, p2p: true },
    ]);
  });

  it('keeps the cached settings (stale) when the call fails', async () => {
    const storage = memoryStorage();
    writePayWithCache(storage, 'en', SETTINGS, 1);
    await loadPayWith('en', { fetch: async () => null, storage, now: () => 0 });
    expect(payWithState).toMatchObject({ status: 'stale', settings: SETTINGS });
  });

  it('paints from the cache before the network answers', async () => {
    const storage = memoryStorage();
    writePayWithCache(storage, 'en', SETTINGS.slice(0, 1), 1);
    let release!: (v: FiatSetting[]) => void;
    const pending = loadPayWith('en', {
      fetch: () => new Promise((r) => (release = r)),
      storage,
      now: () => 2,
    });
    await vi.waitFor(() =>
      expect(payWithState).toMatchObject({ status: 'stale', settings: SETTINGS.slice(0, 1) }),
    );
    release(SETTINGS);
    await pending;
    expect(payWithState.settings).toEqual(SETTINGS);
  });

  it('selecting stores the fiat as current and saves the default buy-crypto fiat cookie', () => {
    const jar = memoryCookies();
    selectPayWith('EUR', jar);
    expect(payWithState).toMatchObject({ current: 'EUR', chosen: true });
    expect(jar.values).toEqual({ default_buy_crypto_fiat: 'EUR' });
  });

  it('ignores a value that is not a fiat code', () => {
    const jar = memoryCookies();
    selectPayWith('eur;x=1', jar);
    expect(payWithState.current).toBe('');
    expect(jar.values).toEqual({});
  });
});
