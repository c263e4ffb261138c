/**
 * The list cache (SPEC §5, §9): one IndexedDB entry per SPEC cache name, `{lang, savedAt, format, data}`.
 * An entry counts only if it was stored for the current language, has this code's format (or an older one its
 * source migrates, e.g. the pilot entry of format 1), its data passes the
 * source's SPEC §5 validity rule, and every row parses with the wire schemas (common/wire/market.ts, through the
 * source's `cacheSchema`). Any other entry is deleted, so the caller refetches and a broken entry cannot survive a
 * reload. Store failures are swallowed and logged; time-outs come from io/guarded-store.ts.
 */
import type { CacheStore } from './deps.ts';
import type { SourceDef } from './sources/source.ts';

/** Format of stored entries of sources without their own `cacheFormat`; entries of another format are migrated
 * by the source (`migrate`) or dropped. */
export const CACHE_FORMAT = 1;

/** One stored entry. `savedAt` is ms since epoch. */
export interface CacheEntry {
  lang: string;
  savedAt: number;
  format: number;
  data: unknown;
}

/** Outcome of a read: a valid hit, nothing, another language's entry, or an invalid entry. */
export type CacheRead<D> =
  { kind: 'hit'; data: D; savedAt: number } | { kind: 'miss' } | { kind: 'other-lang' } | { kind: 'invalid' };

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<CacheEntry>;
  return typeof e.lang === 'string' && typeof e.savedAt === 'number';
}

/**
 * Reads the entry of `def` for `lang`. With `dropOtherLang` (a load, not a peek after another tab's broadcast) an
 * entry of another language is deleted, so the caller refetches (SPEC §5).
 */
export async function readCache<D>(
  store: CacheStore,
  def: SourceDef<D>,
  lang: string,
  dropOtherLang: boolean,
  log: (message: string, detail?: unknown) => void,
): Promise<CacheRead<D>> {
  let value: unknown;
  try {
    value = await store.get(def.cacheName);
  } catch (err) {
    log(`cache ${def.cacheName}: read failed`, err);
    return { kind: 'miss' };
  }
  if (value === undefined || value === null) return { kind: 'miss' };
  if (isEntry(value) && value.lang !== lang) {
    if (dropOtherLang) await deleteCache(store, def.cacheName, log);
    return { kind: 'other-lang' };
  }
  const format = isEntry(value) && typeof value.format === 'number' ? value.format : -1;
  const data = isEntry(value) ? reviveData(def, value.data, format) : null;
  if (data === null) {
    log(`cache ${def.cacheName}: invalid entry deleted`);
    await deleteCache(store, def.cacheName, log);
    return { kind: 'invalid' };
  }
  return { kind: 'hit', data, savedAt: (value as CacheEntry).savedAt };
}

/** The stored-form format of `def`'s entries (its own `cacheFormat`, else CACHE_FORMAT). */
export function cacheFormatOf(def: SourceDef<unknown>): number {
  return def.cacheFormat ?? CACHE_FORMAT;
}

/**
 * Decodes stored data of `format` (default: the source's current one; an older format goes through the source's
 * `migrate`, any other is invalid) and checks it: SPEC §5 validity, then the source's wire-derived schema (parsed
 * output, so unknown keys are dropped). Returns null on any failure; never throws (a throwing decoder counts as
 * invalid).
 */
export function reviveData<D>(
  def: SourceDef<D>,
  stored: unknown,
  format = cacheFormatOf(def as SourceDef<unknown>),
): D | null {
  try {
    const current = format === cacheFormatOf(def as SourceDef<unknown>);
    if (!current && !def.migrate) return null;
    const data = current ? (def.decode ? def.decode(stored) : stored) : def.migrate!(stored, format);
    if (!def.isValid(data)) return null;
    const parsed = def.cacheSchema.safeParse(data);
    return parsed.success && def.isValid(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores `data` for `lang` (encoded by the source); swallows and logs failures (quota, private mode). */
export async function writeCache<D>(
  store: CacheStore,
  def: SourceDef<D>,
  lang: string,
  data: D,
  savedAt: number,
  log: (message: string, detail?: unknown) => void,
): Promise<void> {
  try {
    const entry: CacheEntry = {
      lang,
      savedAt,
      format: cacheFormatOf(def as SourceDef<unknown>),
      data: def.encode && !store.storesRaw ? def.encode(data) : data,
    };
    await store.set(def.cacheName, entry);
  } catch (err) {
    log(`cache ${def.cacheName}: write failed`, err);
  }
}

/** Deletes the entry `name`; failures are logged and swallowed. */
export async function deleteCache(
  store: CacheStore,
  name: string,
  log: (m: string, d?: unknown) => void,
): Promise<void> {
  try {
    await store.del(name);
  } catch (err) {
    log(`cache ${name}: delete failed`, err);
  }
}

/** A Map-backed store (tests, and the in-thread fallback where IndexedDB is unavailable). */
export function createMemoryStore(): CacheStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
  };
}
