/**
 * Lenient field schemas for the site and user answers (SPEC §8: invalid data falls back, never throws). Each field
 * accepts what the exchange's API is known to send (numbers as strings, flags as 1/'1'/'true') and turns anything
 * else, or a missing key, into the field's default, so one odd field never rejects a whole answer. Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A field of any value (or missing) mapped by `read`; output type is `read`'s. */
function field<T>(read: (v: unknown) => T) {
  return z.pipe(z.optional(z.unknown()), z.transform(read));
}

/** A finite number from a number or a numeric string, else undefined. */
export function toFiniteNumber(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** True for `true`, `1`, `'1'`, `'true'`; false for anything else (including a missing key). */
export const flag = field((v) => v === true || v === 1 || v === '1' || v === 'true');

/** Text: a string as is, a number as its decimal text, else `fallback`. */
export const text = (fallback = '') =>
  field((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback));

/** Text whose empty value also means `fallback` (`curr_fiat: ''` → `USD`). */
export const nonEmptyText = (fallback: string) =>
  field((v) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : fallback));

/** A finite number (or numeric string), else `fallback`. */
export const numeric = (fallback = 0) => field((v) => toFiniteNumber(v) ?? fallback);

/** The string entries of an array; anything else is `[]`. */
export const textList = field((v) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
);

/** The string values of an object (`{es: 'Español'}`); other entries dropped; anything else is `{}`. */
export const textRecord = field((v) => {
  const out: Record<string, string> = {};
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
});

/** The finite number values of an object; other entries dropped; anything else is `{}`. */
export const numberRecord = field((v) => {
  const out: Record<string, number> = {};
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (Number.isFinite(x)) out[k] = x as number;
  return out;
});

/** An object field read by `read` (a missing or non-object value reads as `{}`). */
export const objectOf = <T>(read: (v: Json) => T) => field((v) => read(isObject(v) ? v : {}));
