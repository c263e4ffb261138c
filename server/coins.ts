/**
 * Coin display names and icons (SPEC §3 'name', 'icon'): the cryptocurrency-icons manifest (server/data, always the
 * repo's copy) and the SVGs of the installed `cryptocurrency-icons` package, served at `/coin-icons/{symbol}.svg`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readJsonArray, requireString } from './market-data/read.ts';

/** Directory of the colour SVG icons, `…/node_modules/cryptocurrency-icons/svg/color`. */
export const COIN_ICON_DIR = join(
  dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/manifest.json')),
  'svg',
  'color',
);

/** Public URL prefix of the icon route (server/routes/market.ts). */
export const COIN_ICON_PREFIX = '/coin-icons/';

/** Names and icons of known coins. Symbols are matched case-insensitively (upper-cased keys). */
export interface CoinBook {
  /** Display name by upper-case symbol, e.g. `BTC` → `Bitcoin`. */
  names: ReadonlyMap<string, string>;
  /** Lower-case symbols that have an SVG, e.g. `btc`. */
  iconSymbols: ReadonlySet<string>;
  /** Manifest symbols in manifest order (upper case). */
  symbols: readonly string[];
}

/**
 * Reads the manifest (`{symbol,name,color}[]`) at `manifestPath` and lists the icon directory.
 * Throws an Error naming the file when the manifest is missing or malformed.
 */
export function loadCoinBook(manifestPath: string, label: string): CoinBook {
  const rows = readJsonArray(manifestPath, label);
  const names = new Map<string, string>();
  const symbols: string[] = [];
  rows.forEach((row, i) => {
    const symbol = requireString(row, 'symbol', i, `${label} ${manifestPath}`).toUpperCase();
    const name = requireString(row, 'name', i, `${label} ${manifestPath}`);
    if (!names.has(symbol)) symbols.push(symbol);
    names.set(symbol, name);
  });
  const iconSymbols = new Set(
    readdirSync(COIN_ICON_DIR)
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4)),
  );
  return { names, iconSymbols, symbols };
}

/** `/coin-icons/{symbol}.svg` when the package has an icon for `symbol` (any case), else null. */
export function coinIcon(book: CoinBook, symbol: string): string | null {
  const lower = symbol.toLowerCase();
  return book.iconSymbols.has(lower) ? `${COIN_ICON_PREFIX}${lower}.svg` : null;
}

/** Display name for `symbol`: the manifest's name when known, else the symbol itself (unchanged). */
export function coinName(book: CoinBook, symbol: string): string {
  return book.names.get(symbol.toUpperCase()) ?? symbol;
}

const svgCache = new Map<string, Buffer>();

/**
 * The SVG bytes for an icon file name such as `btc.svg`, or null when the name is not one of the package's files.
 * Only names listed from the icon directory are read, so `..`, slashes or encoded separators can never escape it.
 */
export function readCoinIcon(book: CoinBook, file: string): Buffer | null {
  if (!file.endsWith('.svg')) return null;
  const symbol = file.slice(0, -4);
  if (!book.iconSymbols.has(symbol)) return null;
  let svg = svgCache.get(symbol);
  if (!svg) {
    svg = readFileSync(join(COIN_ICON_DIR, `${symbol}.svg`));
    svgCache.set(symbol, svg);
  }
  return svg;
}
