/**
 * Pilot (on-chain token) market (SPEC §3 'Pilot token row', §7 /apiw/v2/pilot/markets) from 279 real Solana tokens
 * (2025-12). `PILOT_ROWS=N` serves exactly N rows: rows 0…278 are the real ones, row i ≥ 279 varies real row i % 279
 * with a seeded PRNG (seed = i), so two loads give identical lists.
 */
import type { PilotMarketsWire, PilotRowWire } from '../../common/wire/market.ts';
import { coinIcon, type CoinBook } from '../coins.ts';
import { base58Fixed, base58Random, decimal, mulberry32 } from './numbers.ts';
import { optionalNumber, requireDecimal, requireString, type RawRow } from './read.ts';

/** Tokens flagged `is_hot` / category `hot`: the top this many by 24h volume over the whole served list. */
export const PILOT_HOT_COUNT = 20;
/** `new`: created within this many ms before the file's latest snapshotAt (51 of the 279 real tokens). */
export const PILOT_NEW_WINDOW_MS = 48 * 3600 * 1000;
/** Pilot tab keys in display order (SPEC §3 `cate`); only keys some row uses are announced. */
export const PILOT_CATEGORY_ORDER = ['hot', 'new', 'meme', 'pump', 'raydium', 'meteora'] as const;
/** Mint-address vanity suffixes of meme launchpads (pump.fun, letsbonk.fun): such tokens are `meme`. */
const LAUNCHPAD_SUFFIX = /(pump|bonk)$/;
const SEED_SALT = 0x5eed_1234;

/** A real pilot token, checked and reduced to what rows need. */
export interface PilotToken {
  name: string;
  ticker: string;
  address: string;
  icon: string | null;
  /** Price, market cap and 24h volume in USDT (USD taken as USDT); change in percent. */
  price: number;
  marketCap: number;
  volume: number;
  change: number;
  /** Categories other than `hot` (that one depends on the whole list). */
  categories: string[];
}

/**
 * Checks and parses pilot rows. Price = usdMarketCap / supply. Volume = volumeSol × the row's own SOL price
 * (usdMarketCap / marketCapSol, same moment as the row — e.g. 122 USD — rather than the 2022 spot SOL_USDT of 11.8);
 * `fallbackSolUsdt` when marketCapSol is 0. A tokenImage that is not an http(s) URL (3 rows say 'Unknown') → null.
 */
export function parsePilotTokens(rows: RawRow[], where: string, fallbackSolUsdt: number): PilotToken[] {
  const times = rows.map((row, i) => {
    const created = Date.parse(requireString(row, 'createdAt', i, where));
    if (!Number.isFinite(created)) throw new Error(`${where}: row ${i} has an unreadable createdAt`);
    const snapshot = typeof row.snapshotAt === 'string' ? Date.parse(row.snapshotAt) : NaN;
    return { created, snapshot: Number.isFinite(snapshot) ? snapshot : created };
  });
  const latest = Math.max(...times.map((t) => t.snapshot));
  return rows.map((row, i) => {
    const address = requireString(row, 'tokenAddress', i, where);
    const protocol = typeof row.protocol === 'string' ? row.protocol : '';
    const usdMarketCap = requireDecimal(row, 'usdMarketCap', i, where).value;
    const supply = requireDecimal(row, 'supply', i, where).value;
    const capSol = optionalNumber(row, 'marketCapSol', i, where, 0);
    const solUsdt = capSol > 0 ? usdMarketCap / capSol : fallbackSolUsdt;
    const image = row.tokenImage;
    const categories: string[] = [];
    if (latest - (times[i]?.created ?? 0) <= PILOT_NEW_WINDOW_MS) categories.push('new');
    if (LAUNCHPAD_SUFFIX.test(address)) categories.push('meme');
    if (protocol.startsWith('Pump')) categories.push('pump');
    if (protocol.startsWith('Raydium')) categories.push('raydium');
    if (protocol.startsWith('Meteora')) categories.push('meteora');
    return {
      name: requireString(row, 'tokenName', i, where),
      ticker: requireString(row, 'tokenTicker', i, where),
      address,
      icon: typeof image === 'string' && /^https?:\/\//.test(image) ? image : null,
      price: supply > 0 ? usdMarketCap / supply : 0,
      marketCap: usdMarketCap,
      volume: requireDecimal(row, 'volumeSol', i, where).value * solUsdt,
      change: requireDecimal(row, 'marketCapPercentChange', i, where).value,
      categories,
    };
  });
}

/** The lowest 24h change a synthesised row may carry, %: a fall of 100 % or more is no price at all. */
const MIN_CHANGE_PCT = -99.99;

/**
 * The pilot market: exactly `count` rows (default: the real ones). Variation of row i ≥ real count (copy k = ⌊i/n⌋):
 * name `"{name} {k+1}"`, show_pair `{TICKER}{k+1}/SOL`, address = 33–34 random base58 chars + base58(i) in 6 chars +
 * the real address's last 4 (keeps the `pump` vanity look; unique because i is encoded), price and market cap × a
 * factor in [¼, 4], volume × another, change scaled and shifted. show_pair trims the ticker ('Fartcoin ' → FARTCOIN);
 * names are served as they are.
 */
export function buildPilotMarket(
  tokens: readonly PilotToken[],
  coins: CoinBook,
  count = tokens.length,
): PilotMarketsWire {
  const n = tokens.length;
  const chainIcon = coinIcon(coins, 'SOL');
  const list: PilotRowWire[] = new Array<PilotRowWire>(count);
  const volumes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t = tokens[i % n] as PilotToken;
    const copy = Math.floor(i / n);
    let { name, address, price, marketCap, volume, change } = t;
    let ticker = t.ticker.trim().toUpperCase();
    if (copy > 0) {
      const rand = mulberry32((Math.imul(i, 0x9e3779b1) ^ SEED_SALT) >>> 0);
      const priceFactor = Math.exp((rand() * 2 - 1) * Math.LN2 * 2);
      price *= priceFactor;
      marketCap *= priceFactor;
      volume *= Math.exp((rand() * 2 - 1) * Math.LN2 * 2);
      // A price cannot fall 100 % or more in 24 h: the scaled change stays above -100 (SPEC §3 pilot token row).
      change = Math.max(
        MIN_CHANGE_PCT,
        Math.round((change * (0.5 + rand()) + (rand() * 2 - 1) * 5) * 100) / 100,
      );
      address = base58Random(rand, t.address.length - 10) + base58Fixed(i, 6) + t.address.slice(-4);
      name = `${name} ${copy + 1}`;
      ticker = `${ticker}${copy + 1}`;
    }
    volumes[i] = volume;
    list[i] = {
      name,
      address,
      show_pair: `${ticker}/SOL`,
      icon: t.icon,
      chain_icon: chainIcon,
      chain: 'SOL',
      seo_path: `sol-${address}`,
      is_hot: false,
      price: decimal(price),
      change_percentage: decimal(change),
      volume_24h: decimal(volume),
      market_cap: decimal(marketCap),
      categories: t.categories,
    };
  }
  for (const i of topIndexes(volumes, PILOT_HOT_COUNT)) {
    const row = list[i] as PilotRowWire;
    row.is_hot = true;
    row.categories = ['hot', ...row.categories];
  }
  const used = new Set(['hot', ...tokens.slice(0, count).flatMap((t) => t.categories)]);
  return { cate: PILOT_CATEGORY_ORDER.filter((k) => used.has(k)).join(','), list };
}

/** Indexes of the `k` largest values (ties: lower index first), by a bounded insertion selection, O(n·k). */
export function topIndexes(values: Float64Array, k: number): number[] {
  const top: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (top.length === k && v <= (values[top[k - 1] as number] as number)) continue;
    let at = top.length;
    while (at > 0 && (values[top[at - 1] as number] as number) < v) at--;
    top.splice(at, 0, i);
    if (top.length > k) top.pop();
  }
  return top;
}
