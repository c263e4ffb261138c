/**
 * Wire shapes of the market calls (SPEC §3 rows, §7 endpoints), each declared once as a zod schema with its inferred
 * type: the reference server produces them, the market worker validates with them. Numeric market values travel as
 * decimal strings (as the exchange's API sends them) so precision survives. Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** A nullable-or-missing string (icons: null or absent draws a letter avatar). */
export const optionalText = z.optional(z.nullable(z.string()));

/** One spot pair (SPEC §3 'Spot market row'). */
export const SpotRowWire = z.object({
  /** Raw pair id `BASE_QUOTE`, e.g. `BTC_USDT` (may be lower case in odd data). */
  pair: z.string().check(z.minLength(1)),
  /** Display name of the base coin, e.g. `Bitcoin`; the base symbol when unknown. */
  name: z.string(),
  /** Last price in the quote currency. */
  rate: z.string(),
  /** 24h change, percent (e.g. `-1.25`). */
  rate_percent: z.string(),
  /** Change since UTC 00:00 and UTC+8 00:00, percent. */
  change_utc0: z.optional(z.string()),
  change_utc8: z.optional(z.string()),
  /** 24h volume in the quote currency. */
  volume: z.string(),
  /** Isolated-margin leverage, 0 when none. */
  multiple: z.number(),
  /** Margin (credit) trading enabled. */
  credit: z.optional(z.boolean()),
  /** Tab keys this pair belongs to (quote market, `ETF`, `NEWLISTED`, …), matching the tabs call. */
  categories: z.array(z.string()),
  /** Price 24h ago, quote currency. */
  prior_rate: z.optional(z.string()),
  /** Listing time, unix seconds; in the future for upcoming listings (SPEC §3). 0 when long listed. */
  opening_time: z.number(),
  /** Cross-margin leverage, 0 when none. */
  cross_multiple: z.optional(z.number()),
  /** ST (special treatment, risk-warning) flag. */
  isST: z.boolean(),
  icon: optionalText,
  /** Path without language prefix, e.g. `/trade/BTC_USDT`. */
  link: z.optional(z.string()),
});
export type SpotRowWire = z.infer<typeof SpotRowWire>;

/** GET MARKET_API.spot → data: the spot pairs and the snapshot's server time (seconds). */
export const SpotMarketsWire = z.object({ server_time: z.number(), list: z.array(SpotRowWire) });
export type SpotMarketsWire = z.infer<typeof SpotMarketsWire>;

/** One futures contract (SPEC §3 'Futures contract'); GET MARKET_API.futures → data: an array of these. */
export const ContractWire = z.object({
  /** Contract name `BASE_QUOTE`, e.g. `BTC_USDT`, `BTC_USD`. */
  name: z.string().check(z.minLength(1)),
  /** Settle currency: `usdt` or `btc` (either case). */
  settle: z.enum(['usdt', 'btc', 'USDT', 'BTC']),
  /** Base coin, e.g. `BTC`. */
  coin_name: z.string(),
  /** Display name of the coin. */
  full_name: z.optional(z.string()),
  categories: z.array(z.string()),
  is_tag_st: z.boolean(),
  last_price: z.string(),
  /** 24h change percent, and since UTC 00:00 / UTC+8 00:00. */
  change_percentage: z.string(),
  change_utc0: z.optional(z.string()),
  change_utc8: z.optional(z.string()),
  /** 24h volume in the quote currency (USDT for usdt-settled, USD for btc-settled). */
  volume_24h_quote: z.string(),
  leverage_max: z.number(),
  icon: optionalText,
  /** True for rows the reference server synthesised (the BTC-settled list). */
  synthetic: z.optional(z.boolean()),
});
export type ContractWire = z.infer<typeof ContractWire>;

/** One on-chain token (SPEC §3 'Pilot token row'). */
export const PilotRowWire = z.object({
  name: z.string(),
  /** Token mint/contract address (case-sensitive). */
  address: z.string().check(z.minLength(1)),
  /** Display pair, e.g. `PIPPIN/SOL`. */
  show_pair: z.string(),
  icon: optionalText,
  chain_icon: optionalText,
  chain: z.optional(z.string()),
  /** Path segment for /pilot/{seo_path}. */
  seo_path: z.string(),
  is_hot: z.boolean(),
  /** Price in USDT, 24h change percent, 24h volume in USDT, market cap in USDT. */
  price: z.string(),
  change_percentage: z.string(),
  volume_24h: z.string(),
  market_cap: z.optional(z.string()),
  /** Pilot tab keys this token belongs to (subset of `cate`). */
  categories: z.array(z.string()),
});
export type PilotRowWire = z.infer<typeof PilotRowWire>;

/** GET MARKET_API.pilot → data: the tokens and the comma list of pilot tab keys (e.g. `hot,new,meme`). */
export const PilotMarketsWire = z.object({ cate: z.string(), list: z.array(PilotRowWire) });
export type PilotMarketsWire = z.infer<typeof PilotMarketsWire>;

/** One pre-market or pre-mint coin (SPEC §3 'Pre-market row'). */
export const PreMarketRowWire = z.object({
  currency: z.string().check(z.minLength(1)),
  market: z.optional(z.string()),
  full_name: z.optional(z.string()),
  /** `hot`, `new` badges. */
  tags: z.optional(z.array(z.string())),
  icon: optionalText,
  /** Indicative price in USDT, may be empty. */
  price: z.optional(z.nullable(z.string())),
});
export type PreMarketRowWire = z.infer<typeof PreMarketRowWire>;

/** GET MARKET_API.premint / MARKET_API.preMarket → data: one page of coins and the total count. */
export const PreMarketListWire = z.object({
  list: z.array(PreMarketRowWire),
  total: z.optional(z.number()),
  /** True: the reference server synthesised this list from real coins. */
  synthetic: z.optional(z.boolean()),
});
export type PreMarketListWire = z.infer<typeof PreMarketListWire>;

/** The lists a tab menu can filter. */
export const TAB_MARKETS = ['spot', 'futures', 'pilot', 'premarket'] as const;

/** One tab: its key matches row `categories`; `ALL` matches every row. */
export const TabWire = z.object({ key: z.string(), name: z.string() });
export type TabWire = z.infer<typeof TabWire>;

/** GET MARKET_API.tabs → data: an array of these, labels in the request's language (SPEC §7). */
export const TabMenuWire = z.object({ market: z.enum(TAB_MARKETS), tabs: z.array(TabWire) });
export type TabMenuWire = z.infer<typeof TabMenuWire>;

/**
 * A list wrapper with its `list` left unchecked, so the worker can validate rows one by one and keep the good ones
 * (one odd row must not blank a list of thousands). Derived from the declared shape, not a second declaration.
 */
export function withRowsUnchecked<S extends z.ZodMiniObject>(wrapper: S) {
  return z.extend(wrapper, { list: z.unknown() });
}

/* The compact pilot list: the SPEC §7 pilot call with `format=columns` (endpoints.ts pilotColumnsUrl, docs/API.md). */

/** A column of repeated values stored once: row i holds `dict[index[i]]`. */
export interface DictColumn<T> {
  dict: T[];
  index: number[];
}

const isTextArray = (v: unknown): v is string[] => {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
};
const isNullableTextArray = (v: unknown): v is Array<string | null> => {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (v[i] !== null && typeof v[i] !== 'string') return false;
  return true;
};
const isNumberArray = (v: unknown): v is Array<number | null> => {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (v[i] !== null && typeof v[i] !== 'number') return false;
  return true;
};
const isFlagArray = (v: unknown): v is Array<0 | 1> => {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (v[i] !== 0 && v[i] !== 1) return false;
  return true;
};
/** Every entry an integer in [0, size). */
const indexesBelow = (index: readonly number[], size: number): boolean => {
  for (let i = 0; i < index.length; i++) {
    const k = index[i]!;
    if (!(k >= 0 && k < size && Math.floor(k) === k)) return false;
  }
  return true;
};
const dictOf = <T>(isDict: (v: unknown) => v is T[]) =>
  z
    .object({ dict: z.custom<T[]>(isDict), index: z.custom<number[]>(isNumberArray) })
    .check(z.refine((c) => indexesBelow(c.index, c.dict.length), 'dictionary index out of range'));

/** Text per row, plain or de-duplicated (the server de-duplicates columns with few distinct values). */
export const TextColumnWire = z.union([z.custom<string[]>(isTextArray), dictOf(isTextArray)]);
/** Nullable text per row (icons), plain or de-duplicated. */
export const NullableTextColumnWire = z.union([
  z.custom<Array<string | null>>(isNullableTextArray),
  dictOf(isNullableTextArray),
]);
/** A number per row; null where the row's decimal string was empty or not a number. */
export const NumberColumnWire = z.custom<Array<number | null>>(isNumberArray);
/** A flag per row, 0 or 1. */
export const FlagColumnWire = z.custom<Array<0 | 1>>(isFlagArray);
/** A string list per row (categories), always de-duplicated: few distinct lists repeat over the rows. */
export const ListColumnWire = dictOf(
  (v: unknown): v is string[][] => Array.isArray(v) && v.every(isTextArray),
);

/** Rows of a column (plain array or dictionary index). */
const columnLength = (c: unknown[] | DictColumn<unknown>) => (Array.isArray(c) ? c.length : c.index.length);

/**
 * GET pilotColumnsUrl() → data: the pilot list as columns (the same rows and order as the SPEC §7 form, only
 * the fields the market panels use). Text keeps the wire's decimal strings where precision is shown (`price`);
 * `change_percentage` and `volume_24h` travel as JSON numbers (the same doubles `Number(text)` gives). Checked per
 * column with one loop each (types, every column `n` long, dictionary indexes in range), never row object by row
 * object, so 100,000 rows validate in a few ms.
 */
export const PilotColumnsWire = z
  .object({
    cate: z.string(),
    n: z.number().check(z.int(), z.nonnegative()),
    columns: z.object({
      name: TextColumnWire,
      address: TextColumnWire,
      show_pair: TextColumnWire,
      icon: NullableTextColumnWire,
      seo_path: TextColumnWire,
      is_hot: FlagColumnWire,
      price: TextColumnWire,
      change_percentage: NumberColumnWire,
      volume_24h: NumberColumnWire,
      categories: ListColumnWire,
    }),
  })
  .check(
    z.refine(
      (d) => Object.values(d.columns).every((c) => columnLength(c as unknown[]) === d.n),
      'every column must hold n rows',
    ),
  );
export type PilotColumnsWire = z.infer<typeof PilotColumnsWire>;
