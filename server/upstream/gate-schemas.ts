/**
 * zod schemas of what Gate API v4 sends (docs/API.md 'Market sources'; Gate's public REST and WebSocket v4
 * documentation): the REST rows of `/spot/tickers`, `/futures/usdt/contracts`, `/futures/usdt/tickers`, and the
 * WebSocket frames of `spot.tickers` / `futures.tickers` (acknowledgements, updates, pongs). Numbers travel as decimal
 * strings (some REST fields as JSON numbers): a decimal is a finite number, kept in its string form; a price or volume
 * is also ≥ 0. Unknown fields are kept and ignored.
 */
import { z } from 'zod';

const DECIMAL_RE = /^-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/** A finite decimal as Gate writes it (string or JSON number), as its string form. */
export const decimal = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((v) => DECIMAL_RE.test(v.trim()) && Number.isFinite(Number(v)), { error: 'expected a decimal' });

/** A decimal ≥ 0 (prices, volumes). */
export const nonNegative = decimal.refine((v) => Number(v) >= 0, { error: 'expected a decimal ≥ 0' });

/** A pair or contract name: `BASE_QUOTE` (letters and digits, one underscore or more). */
export const pairName = z
  .string()
  .regex(/^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+$/, { error: 'expected BASE_QUOTE' });

/** A `/spot/tickers` row (the snapshot file's shape). */
export const GateSpotTicker = z.looseObject({
  currency_pair: pairName,
  last: nonNegative,
  change_percentage: decimal,
  change_utc0: decimal.optional(),
  change_utc8: decimal.optional(),
  quote_volume: nonNegative,
  lowest_ask: z.string().optional(),
  highest_bid: z.string().optional(),
});

/** A `/futures/usdt/contracts` row (the snapshot file's shape). */
export const GateContract = z.looseObject({
  name: pairName,
  last_price: nonNegative,
  mark_price: nonNegative,
  position_size: decimal,
  quanto_multiplier: nonNegative,
  leverage_max: nonNegative,
  create_time: decimal.nullish(),
  config_change_time: decimal.nullish(),
  in_delisting: z.boolean().optional(),
});

/** A `/futures/usdt/tickers` row. */
export const GateFuturesTicker = z.looseObject({
  contract: pairName,
  last: nonNegative,
  change_percentage: decimal,
  change_utc0: decimal.optional(),
  change_utc8: decimal.optional(),
  volume_24h_quote: nonNegative,
});
export type GateFuturesTicker = z.output<typeof GateFuturesTicker>;

/** Any Gate WebSocket v4 frame's envelope (the result is checked by channel and event). */
export const GateFrame = z.looseObject({
  time: z.number().optional(),
  time_ms: z.number().optional(),
  channel: z.string(),
  event: z.string().optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).nullish(),
  result: z.unknown(),
});

/** A `spot.tickers` update's result (one object). */
export const GateSpotUpdate = z.looseObject({
  currency_pair: z.string(),
  last: z.string(),
  change_percentage: z.string(),
  quote_volume: z.string(),
});

/** A `futures.tickers` update's result item (the result is an array of them). */
export const GateFuturesUpdate = z.looseObject({
  contract: z.string(),
  last: z.string(),
  change_percentage: z.string(),
  volume_24h_quote: z.string(),
});
