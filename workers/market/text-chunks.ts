/**
 * The text rules the table builder (table.ts) and the search index (search-index.ts) share: the haystack's
 * separators and chunk shape, and the clipping of server text. A leaf module (no imports), so the two can use it
 * without importing each other at run time.
 */

/** Rows per haystack chunk: a search yields between chunks when it runs long. */
export const HAY_CHUNK_ROWS = 8192;
/** Field separator inside the haystack; search terms never contain it (search/term.ts strips control chars). */
export const FIELD_SEP = '\u0001';
/** Row terminator inside the haystack. */
export const ROW_SEP = '\u0000';

/** One haystack chunk: row `rows[k]` is `text[starts[k] .. starts[k + 1])`. */
export interface HayChunk {
  text: string;
  rows: Int32Array;
  starts: Int32Array;
}

/** Longest text kept per cell (labels, addresses, search fields). */
export const MAX_TEXT_CHARS = 200;

/** Clips server text to `max` UTF-16 units (default MAX_TEXT_CHARS), so one row can never blow the 10 KiB message
 * budget. Returns `text` itself when it is short enough. */
export function clip(text: string, max = MAX_TEXT_CHARS): string {
  return text.length > max ? text.slice(0, max) : text;
}
