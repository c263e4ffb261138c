/**
 * Futures contracts (SPEC §3 'Futures contract', §7 /apiw/v2/market/futures) from Gate v4 USDT contracts
 * (2023-05-24), plus a BTC-settled list synthesised from the biggest of them (Gate's BTC list is not in the data).
 *
 * Stand-ins, because the contracts snapshot has no 24h change or volume (data/README):
 * - change_percentage / change_utc0 / change_utc8: the spot ticker of the same `BASE_USDT` pair (2022-11-22), else '0'.
 * - volume_24h_quote: open-interest notional, position_size × quanto_multiplier × mark_price, in USDT — a real field of
 *   the same snapshot for all 302 contracts (the spot pair exists for only 261), so every contract ranks on one scale.
 */
import type { ContractWire } from '../../common/wire/market.ts';
import { coinIcon, coinName, type CoinBook } from '../coins.ts';
import { compareText, decimal } from './numbers.ts';
import { optionalNumber, requireDecimal, requireString, type RawRow } from './read.ts';
import type { SpotTicker } from './spot.ts';

/** Contracts per settle list tagged `HOT` (top by volume). */
export const HOT_CONTRACTS = 10;
/** `NEW`: contracts created (create_time) within this many seconds before the snapshot time. */
export const NEW_CONTRACT_WINDOW_S = 30 * 24 * 3600;
/** Synthetic BTC-settled (inverse, `BASE_USD`) contracts: the top this many USDT contracts by volume. */
export const BTC_SETTLED_COUNT = 20;
/** Their 24h volume in USD: this share of the USDT contract's (inverse books are thinner). */
export const BTC_SETTLED_VOLUME_SHARE = 0.1;
/** Leverage cap of the synthetic inverse contracts. */
export const BTC_SETTLED_MAX_LEVERAGE = 100;

/** A Gate USDT contract, checked and parsed. */
export interface UsdtContract {
  name: string;
  base: string;
  lastPrice: string;
  lastPriceValue: number;
  /** Open-interest notional, USDT (the volume stand-in). */
  volumeUsdt: number;
  leverageMax: number;
  createTime: number;
  configChangeTime: number;
  inDelisting: boolean;
}

/** Checks and parses contract rows; throws `{where}: row N …` on a missing or non-numeric field. */
export function parseContracts(rows: RawRow[], where: string): UsdtContract[] {
  return rows.map((row, i) => {
    const name = requireString(row, 'name', i, where);
    const cut = name.lastIndexOf('_');
    if (cut <= 0) throw new Error(`${where}: row ${i} has name ${JSON.stringify(name)}, expected BASE_USDT`);
    const last = requireDecimal(row, 'last_price', i, where);
    const mark = requireDecimal(row, 'mark_price', i, where).value;
    const size = requireDecimal(row, 'position_size', i, where).value;
    const multiplier = requireDecimal(row, 'quanto_multiplier', i, where).value;
    return {
      name,
      base: name.slice(0, cut),
      lastPrice: last.text,
      lastPriceValue: last.value,
      volumeUsdt: Math.abs(size * multiplier * mark),
      leverageMax: requireDecimal(row, 'leverage_max', i, where).value,
      createTime: optionalNumber(row, 'create_time', i, where, 0),
      configChangeTime: optionalNumber(row, 'config_change_time', i, where, 0),
      inDelisting: row.in_delisting === true,
    };
  });
}

/** True for stablecoin-like bases (USDC, BUSD, …): left out of the synthetic lists. */
export function isStableBase(base: string): boolean {
  return /USD/.test(base);
}

/**
 * `NEW` test: created within NEW_CONTRACT_WINDOW_S before the snapshot time (the latest create_time or
 * config_change_time in the file, 2023-05-24 for the bundled one); create_time 0 means long listed.
 */
export function newContractTest(contracts: readonly UsdtContract[]): (c: UsdtContract) => boolean {
  const snapshotS = Math.max(...contracts.map((c) => Math.max(c.createTime, c.configChangeTime)));
  return (c) => c.createTime > 0 && snapshotS - c.createTime <= NEW_CONTRACT_WINDOW_S;
}

/** Contract rows (USDT, then synthetic BTC) and the futures tab keys: `ALL`, `USDT`, `BTC`, `HOT`, `NEW`. */
export function buildContracts(
  contracts: readonly UsdtContract[],
  spotByPair: ReadonlyMap<string, SpotTicker>,
  coins: CoinBook,
): { list: ContractWire[]; tabKeys: string[] } {
  const isNew = newContractTest(contracts);
  const byVolume = [...contracts].sort((a, b) => b.volumeUsdt - a.volumeUsdt || compareText(a.name, b.name));
  const hotUsdt = new Set(byVolume.slice(0, HOT_CONTRACTS).map((c) => c.name));

  const usdt = contracts.map((c): ContractWire => {
    const spot = spotByPair.get(`${c.base}_USDT`);
    return {
      name: c.name,
      settle: 'usdt',
      coin_name: c.base,
      full_name: coinName(coins, c.base),
      categories: ['USDT', ...(hotUsdt.has(c.name) ? ['HOT'] : []), ...(isNew(c) ? ['NEW'] : [])],
      is_tag_st: c.inDelisting,
      last_price: c.lastPrice,
      change_percentage: spot?.change.text ?? '0',
      change_utc0: spot?.changeUtc0 ?? '0',
      change_utc8: spot?.changeUtc8 ?? '0',
      volume_24h_quote: decimal(c.volumeUsdt),
      leverage_max: c.leverageMax,
      icon: coinIcon(coins, c.base),
    };
  });

  // Synthetic inverse list: price in USD taken as the USDT price (USDT ≈ USD), same change as the USDT contract.
  const inverseSources = byVolume
    .filter((c) => !c.inDelisting && !isStableBase(c.base))
    .slice(0, BTC_SETTLED_COUNT);
  const usdtByName = new Map(usdt.map((r) => [r.name, r]));
  const btc = inverseSources.map((c, rank): ContractWire => {
    const twin = usdtByName.get(c.name) as ContractWire;
    return {
      ...twin,
      name: `${c.base}_USD`,
      settle: 'btc',
      categories: ['BTC', ...(rank < HOT_CONTRACTS / 2 ? ['HOT'] : []), ...(isNew(c) ? ['NEW'] : [])],
      volume_24h_quote: decimal(c.volumeUsdt * BTC_SETTLED_VOLUME_SHARE),
      leverage_max: Math.min(c.leverageMax, BTC_SETTLED_MAX_LEVERAGE),
      synthetic: true,
    };
  });

  const list = [...usdt, ...btc];
  const used = new Set(list.flatMap((r) => r.categories));
  const tabKeys = ['ALL', ...['USDT', 'BTC', 'HOT', 'NEW'].filter((k) => used.has(k))];
  return { list, tabKeys };
}
