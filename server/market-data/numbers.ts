/**
 * Number helpers for the wire (common/wire/market.ts sends market values as decimal strings): formatting without
 * exponents, a seeded PRNG for deterministic variation, and base58 text for synthetic token addresses.
 */

/**
 * `value` as a plain decimal string with about `significant` significant digits, no exponent and no trailing zeros,
 * e.g. 1.48421e-9 → `0.00000000148421`, 452000000.123 → `452000000.1`. Non-finite → `0`.
 */
export function decimal(value: number, significant = 10): string {
  if (!Number.isFinite(value) || value === 0) return '0';
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString(); // toFixed switches to exponent here
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const digits = Math.max(0, Math.min(100, significant - 1 - magnitude));
  const fixed = value.toFixed(digits);
  if (digits === 0) return fixed;
  let end = fixed.length;
  while (fixed.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (fixed.charCodeAt(end - 1) === 46 /* . */) end--;
  return end === fixed.length ? fixed : fixed.slice(0, end);
}

/** mulberry32: a small, fast 32-bit PRNG. Same seed → same sequence. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bitcoin/Solana base58 alphabet (no 0, O, I, l). */
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `n` (≥ 0, integer) in base58, left-padded with `1` (the zero digit) to `width` characters. */
export function base58Fixed(n: number, width: number): string {
  let out = '';
  let rest = Math.floor(n);
  while (rest > 0) {
    out = BASE58.charAt(rest % 58) + out;
    rest = Math.floor(rest / 58);
  }
  return out.padStart(width, '1');
}

const BASE58_CODES = Array.from(BASE58, (c) => c.charCodeAt(0));

/**
 * `length` random base58 characters drawn from `rand`. Built from char codes in one go: appending char by char
 * would leave a rope of `length` cons-strings per address (about 1 KB each), which dominated PILOT_ROWS=100000.
 */
export function base58Random(rand: () => number, length: number): string {
  const codes = new Array<number>(length);
  for (let i = 0; i < length; i++) codes[i] = BASE58_CODES.at(Math.floor(rand() * 58)) as number;
  return String.fromCharCode(...codes);
}

/** Code-unit order of two strings: a tie-break that, unlike localeCompare, does not depend on the ICU build. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
