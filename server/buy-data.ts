/**
 * Buy-crypto fiat settings of the reference server (SPEC §3 'Buy-crypto fiat setting'; docs/API.md). REFERENCE DATA:
 * the exchange's real per-fiat payment coverage is not public, so this is a documented model over the real fiat list
 * (server/settings-data.ts fiatList): card rails where the large card acquirers settle, bank transfers where an
 * instant or SEPA-like rail exists, P2P where the exchange runs a P2P desk. Every fiat of the fiat list gets a row;
 * one not in a set has that method false. Pure and deterministic.
 */
import type { FiatSetting } from '../common/wire/buy.ts';
import { fiatList } from './settings-data.ts';

/** Fiats with card purchase. */
export const CARD_FIATS: ReadonlySet<string> = new Set(
  'USD EUR GBP AUD CAD CHF JPY NZD SGD HKD SEK NOK DKK PLN CZK HUF RON BGN TRY BRL MXN ZAR AED KRW TWD THB'.split(
    ' ',
  ),
);
/** Fiats with bank-transfer purchase. */
export const BANK_FIATS: ReadonlySet<string> = new Set(
  'USD EUR GBP AUD CAD CHF SGD HKD SEK NOK DKK PLN CZK HUF RON BGN TRY BRL JPY'.split(' '),
);
/** Fiats with a P2P market. */
export const P2P_FIATS: ReadonlySet<string> = new Set(
  'USD EUR GBP TRY BRL ARS NGN KES GHS INR PKR BDT VND IDR PHP THB MYR UAH RUB KZT UZS EGP MAD AED SAR COP PEN CLP MXN'.split(
    ' ',
  ),
);

/** The setting row of every fiat of the fiat list, ordered by code (USD first). */
export function fiatSettings(): FiatSetting[] {
  const codes = Object.keys(fiatList()).sort((a, b) =>
    a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b),
  );
  return codes.map((fiat) => ({
    fiat,
    credit_card: CARD_FIATS.has(fiat),
    bank_transfer: BANK_FIATS.has(fiat),
    p2p: P2P_FIATS.has(fiat),
  }));
}
