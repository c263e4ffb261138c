/**
 * The compact pilot list (docs/API.md 'Compact pilot list'; wire shape PilotColumnsWire in common/wire/market.ts):
 * the SPEC §7 pilot rows turned into columns once per data version. 100,000 rows are 48.6 MB as row objects and
 * about 17 MB as columns (7.5 MB brotli): field names are sent once, numbers travel as JSON numbers, and columns
 * with few distinct values (icons, category lists) are sent as a dictionary plus indexes.
 */
import type { DictColumn, PilotColumnsWire, PilotMarketsWire } from '../../common/wire/market.ts';

/** A text column is de-duplicated when it has at most this share of distinct values (icons: 279 per 100,000). */
export const DICT_MAX_DISTINCT_SHARE = 0.25;

/** `values` as a dictionary column (first-seen order). */
export function toDict<T>(values: readonly T[], key: (v: T) => string = String): DictColumn<T> {
  const slot = new Map<string, number>();
  const dict: T[] = [];
  const index = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as T;
    const k = key(v);
    let at = slot.get(k);
    if (at === undefined) {
      at = dict.length;
      slot.set(k, at);
      dict.push(v);
    }
    index[i] = at;
  }
  return { dict, index };
}

/** `values` plain, or as a dictionary when few are distinct (DICT_MAX_DISTINCT_SHARE). */
function textColumn<T extends string | null>(values: T[]): T[] | DictColumn<T> {
  const d = toDict(values, (v) => (v === null ? '\u0000null' : `s${v}`));
  return d.dict.length <= values.length * DICT_MAX_DISTINCT_SHARE ? d : values;
}

/** A decimal string as a JSON number; null when empty or not a finite number. */
function numberOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const v = Number(text);
  return Number.isFinite(v) ? v : null;
}

/**
 * Builds the compact form of `pilot` (same rows, same order). Pure; O(rows). Rows are trusted (the server built
 * them from checked data, server/market-data/pilot.ts).
 */
export function buildPilotColumns(pilot: PilotMarketsWire): PilotColumnsWire {
  const rows = pilot.list;
  const pick = <T>(f: (r: (typeof rows)[number]) => T): T[] => rows.map(f);
  return {
    cate: pilot.cate,
    n: rows.length,
    columns: {
      name: textColumn(pick((r) => r.name)),
      address: textColumn(pick((r) => r.address)),
      show_pair: textColumn(pick((r) => r.show_pair)),
      icon: textColumn(pick((r) => r.icon ?? null)),
      seo_path: textColumn(pick((r) => r.seo_path)),
      is_hot: pick((r) => (r.is_hot ? 1 : 0)),
      price: textColumn(pick((r) => r.price)),
      change_percentage: pick((r) => numberOf(r.change_percentage)),
      volume_24h: pick((r) => numberOf(r.volume_24h)),
      categories: toDict(
        pick((r) => r.categories),
        (c) => c.join('\u0000'),
      ),
    },
  };
}
