/**
 * The first window of each market list, kept on the main thread (SPEC §8 'paint from the cache first', §9 caches;
 * the TanStack Query persister pattern): the rows a panel showed at the top with no term and no tab chosen, one
 * localStorage entry per list kind `{v, key, lang, savedAt, total, rows}` (≤ MAX_WINDOW_ROWS rows and 10 KiB: one engine reply). A panel that
 * opens before the engine has answered (the worker still starting or reading its IndexedDB cache) draws these rows
 * in its first commit and replaces them with the engine's answer when it lands (market-list.ts `prime`). An entry
 * counts only for the same list inputs and language; rows are checked field by field and their links and icons go
 * through the URL policy again, since storage is writable by anything on the origin. Market rows are public data,
 * nothing user-specific. Storage is passed in; a blocked or full storage only loses the cache. Never throws.
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import { safePath } from '../../common/url-policy.ts';
import { coinIconSrc } from '../ui/icon-url.ts';
import { MAX_WINDOW_ROWS } from '../../common/market-list-geometry.ts';

/** localStorage key prefix; the list kind follows. */
export const FIRST_WINDOW_KEY_PREFIX = 'mh_first_window:';
/** Stored format; entries of another are ignored and replaced. */
const FORMAT = 1;

/** The Storage methods used. */
export type FirstWindowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A stored first window: rows `[0, rows.length)` of a result of `total` rows, on tab `tab` ('' = no tab). */
export interface FirstWindow {
  tab: string;
  total: number;
  rows: ListRow[];
}

const isText = (v: unknown, max = 400): v is string => typeof v === 'string' && v.length <= max;

/** `v` as a ListRow when every field has its type and its link and icon pass the URL policy; else null. */
export function listRowOf(v: unknown): ListRow | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const texts = ['symbol', 'label', 'sub', 'quote', 'price', 'change', 'volume'] as const;
  const flags = ['isST', 'hot', 'isNew', 'upcoming'] as const;
  if (!texts.every((k) => isText(r[k])) || !flags.every((k) => typeof r[k] === 'boolean')) return null;
  if (r.trend !== 1 && r.trend !== -1 && r.trend !== 0) return null;
  if (typeof r.leverage !== 'number' || !Number.isFinite(r.leverage)) return null;
  if (r.group !== undefined && r.group !== 'premint' && r.group !== 'pre_market') return null;
  const href = safePath(r.href);
  if (href === null || (r.icon !== null && coinIconSrc(r.icon) === null)) return null;
  return { ...(r as unknown as ListRow), href };
}

/** The stored first window of `kind` for inputs `key` and language `lang`, or null. A malformed entry is deleted. */
export function readFirstWindow(
  storage: FirstWindowStorage | null,
  kind: MarketKind,
  key: string,
  lang: string,
): FirstWindow | null {
  if (!storage) return null;
  const name = FIRST_WINDOW_KEY_PREFIX + kind;
  try {
    const raw = storage.getItem(name);
    if (!raw) return null;
    const e = JSON.parse(raw) as Record<string, unknown> | null;
    if (e?.v !== FORMAT || e.key !== key || e.lang !== lang) return null;
    const { total, rows, tab } = e;
    if (!isText(tab, 64)) throw new Error('tab');
    if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_WINDOW_ROWS) throw new Error('rows');
    if (typeof total !== 'number' || !Number.isInteger(total) || total < rows.length)
      throw new Error('total');
    const checked = rows.map(listRowOf);
    if (checked.some((r) => r === null)) throw new Error('row');
    return { tab, total, rows: checked as ListRow[] };
  } catch {
    try {
      storage.removeItem(name);
    } catch {
      // Blocked storage: nothing to delete.
    }
    return null;
  }
}

/**
 * The tab of the stored first window of `kind` in language `lang` ('' when none): the tab the panel opened on last
 * time once its tabs had loaded, so it opens on it again (and on its stored rows). Only the tab is read here.
 */
export function storedFirstWindowTab(
  storage: FirstWindowStorage | null,
  kind: MarketKind,
  lang: string,
): string {
  try {
    const raw = storage?.getItem(FIRST_WINDOW_KEY_PREFIX + kind);
    const e = raw ? (JSON.parse(raw) as Record<string, unknown> | null) : null;
    return e?.v === FORMAT && e.lang === lang && isText(e.tab, 64) ? e.tab : '';
  } catch {
    return '';
  }
}

/** Stores the first window of `kind` for inputs `key` and language `lang`. */
export function writeFirstWindow(
  storage: FirstWindowStorage | null,
  kind: MarketKind,
  key: string,
  lang: string,
  window: FirstWindow,
  savedAt: number,
): void {
  try {
    storage?.setItem(
      FIRST_WINDOW_KEY_PREFIX + kind,
      JSON.stringify({
        v: FORMAT,
        key,
        lang,
        savedAt,
        tab: window.tab,
        total: window.total,
        rows: window.rows.slice(0, MAX_WINDOW_ROWS),
      }),
    );
  } catch {
    // Full or blocked storage: the next panel waits for the engine.
  }
}
