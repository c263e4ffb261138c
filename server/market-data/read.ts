/**
 * Reading and checking the market snapshot files (ARCHITECTURE.md 'The reference server'). Every problem becomes an Error
 * whose message starts with `{label} {full path}:` and says what is wrong, e.g.
 * `MARKET_DATA_DIR /x/spot_tickers.json: row 3 lacks currency_pair` (rows are 0-based array indexes).
 */
import { existsSync, readFileSync } from 'node:fs';

/** A parsed JSON object row (fields not yet checked). */
export type RawRow = Record<string, unknown>;

/**
 * Reads `path` as a JSON array of objects. Throws `{label} {path}: not found`, `…: cannot read (…)`,
 * `…: invalid JSON at position N (…)`, `…: expected a JSON array of rows`, `…: has no rows` or
 * `…: row N is not an object`.
 */
export function readJsonArray(path: string, label: string): RawRow[] {
  const where = `${label} ${path}`;
  if (!existsSync(path)) throw new Error(`${where}: not found`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`${where}: cannot read (${(err as Error).message})`, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const detail = (err as Error).message;
    const position = /position (\d+)/.exec(detail)?.[1];
    throw new Error(`${where}: invalid JSON${position ? ` at position ${position}` : ''} (${detail})`, {
      cause: err,
    });
  }
  if (!Array.isArray(parsed)) throw new Error(`${where}: expected a JSON array of rows`);
  if (parsed.length === 0) throw new Error(`${where}: has no rows`);
  parsed.forEach((row, i) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw new Error(`${where}: row ${i} is not an object`);
    }
  });
  return parsed as RawRow[];
}

/** The string field `key` of row `i`; throws `{where}: row i lacks key` when absent or not a string. */
export function requireString(row: RawRow, key: string, i: number, where: string): string {
  const value = row[key];
  if (typeof value !== 'string') throw new Error(`${where}: row ${i} lacks ${key}${typeOf(value)}`);
  return value;
}

/**
 * A numeric field of row `i` given as a decimal string (Gate's style) or a JSON number. Throws when absent or not
 * a finite number. Returns the original string form (numbers are stringified) and its value.
 */
export function requireDecimal(
  row: RawRow,
  key: string,
  i: number,
  where: string,
): { text: string; value: number } {
  const raw = row[key];
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new Error(`${where}: row ${i} lacks ${key}${typeOf(raw)}`);
  }
  const value = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value))
    throw new Error(`${where}: row ${i} has non-numeric ${key} ${JSON.stringify(raw)}`);
  return { text: String(raw), value };
}

/** An optional numeric field: `fallback` when absent, null or an empty string; throws when present but not numeric. */
export function optionalNumber(row: RawRow, key: string, i: number, where: string, fallback: number): number {
  const raw = row[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  return requireDecimal(row, key, i, where).value;
}

function typeOf(value: unknown): string {
  return value === undefined ? '' : ` (got ${value === null ? 'null' : typeof value})`;
}
