// The list cells' number formats (common/domain/market-format.ts; SPEC §4 fiat prices), at each boundary, in English
// and German (one formatter cached per style and locale, so mixing them must not mix the formats).
import { describe, expect, it } from 'vitest';
import { formatChange, formatFiat, formatPrice, formatVolume } from '../../common/domain/market-format.ts';

describe('formatPrice', () => {
  it('shows -- for an empty or non-numeric price', () => {
    for (const v of ['', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatPrice(v, 'en')).toBe('--');
  });
  it('uses 2 decimals from 1000 and for zero, 2–4 from 1, and 4–6 significant digits below 1', () => {
    expect(formatPrice('0', 'en')).toBe('0.00');
    expect(formatPrice(1000.12345, 'en')).toBe('1,000.12');
    expect(formatPrice('-1000.5', 'en')).toBe('-1,000.50');
    expect(formatPrice('999.12345', 'en')).toBe('999.1235');
    expect(formatPrice(1, 'en')).toBe('1.00');
    expect(formatPrice('-2.5', 'en')).toBe('-2.50');
    expect(formatPrice('0.5', 'en')).toBe('0.5000');
    expect(formatPrice('0.123456789', 'en')).toBe('0.123457');
    expect(formatPrice('-0.00001234', 'en')).toBe('-0.00001234');
    expect(formatPrice('1234.5', 'de')).toBe('1.234,50');
    expect(formatPrice('0.5', 'de')).toBe('0,5000');
  });
});

describe('formatChange', () => {
  it('shows a signed percent with 2 decimals, zero unsigned, and -- without a number', () => {
    expect(formatChange(2.5, 'en')).toBe('+2.50%');
    expect(formatChange(-1.456, 'en')).toBe('-1.46%');
    expect(formatChange(0, 'en')).toBe('0.00%');
    expect(formatChange(null, 'en')).toBe('--');
    expect(formatChange(Number.NaN, 'en')).toBe('--');
    expect(formatChange(2.5, 'de')).toBe('+2,50\u00a0%');
  });
});

describe('formatVolume', () => {
  it('is compact with up to 2 decimals, and -- when not finite', () => {
    expect(formatVolume(1234567, 'en')).toBe('1.23M');
    expect(formatVolume(0, 'en')).toBe('0');
    expect(formatVolume(999, 'en')).toBe('999');
    expect(formatVolume(Number.POSITIVE_INFINITY, 'en')).toBe('--');
  });
});

describe('formatFiat', () => {
  it('converts at the rate in the currency style: its own decimals from 1, 4–6 significant digits below', () => {
    expect(formatFiat(100, 0.97, 'EUR', 'en')).toBe('€97.00');
    expect(formatFiat(1, 1, 'USD', 'en')).toBe('$1.00');
    expect(formatFiat(0, 1, 'USD', 'en')).toBe('$0.00');
    expect(formatFiat(-2, 1, 'USD', 'en')).toBe('-$2.00');
    expect(formatFiat(0.001, 1, 'USD', 'en')).toBe('$0.001000');
    expect(formatFiat(0.5, 1, 'USD', 'en')).toBe('$0.5000');
    expect(formatFiat(16000, 141.3, 'JPY', 'en')).toBe('¥2,260,800');
  });
  it('gives null (the caller shows USDT) without a price or a positive finite rate, or for an unknown currency', () => {
    expect(formatFiat(null, 1, 'USD', 'en')).toBeNull();
    expect(formatFiat(Number.NaN, 1, 'USD', 'en')).toBeNull();
    expect(formatFiat(Number.POSITIVE_INFINITY, 1, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, 0, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, -1, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, Number.NaN, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, Number.POSITIVE_INFINITY, 'USD', 'en')).toBeNull();
    expect(formatFiat(1, 1, 'NOTACODE', 'en')).toBeNull();
    expect(formatFiat(0.5, 1, 'NOTACODE', 'en')).toBeNull();
  });
});
