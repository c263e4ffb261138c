/**
 * The pay-with picker's options (SPEC §3 'Currency option (pay-with)', §5 pay-with search): the fiat list joined
 * with the buy-crypto fiat settings, the search rule, and the methods a fiat offers. Pure.
 */
import type { FiatSetting } from '../../common/wire/buy.ts';

/** One option: a fiat with its symbol, display name and methods. */
export interface PayWithOption extends FiatSetting {
  symbol: string;
  /** Localised currency name (Intl.DisplayNames), or the code when unknown. */
  name: string;
}

/** The methods the Buy crypto entries follow (SPEC §2 Buy crypto). */
export interface PayWithMethods {
  creditCard: boolean;
  bankTransfer: boolean;
  p2p: boolean;
}

/**
 * Options for the fiats present in both `fiatList` (SPEC §3 `{code: {fiat, symbol}}`) and `settings`, in settings
 * order. A setting whose fiat the list lacks is dropped (no symbol to show) — unless nothing is left, then the
 * settings show with their code as symbol, so the picker is never empty. `name(code)` gives the display name.
 */
export function joinOptions(
  fiatList: Readonly<Record<string, { fiat: string; symbol: string }>> | null | undefined,
  settings: readonly FiatSetting[],
  name: (code: string) => string,
): PayWithOption[] {
  const list = fiatList ?? {};
  const joined = settings
    .filter((s) => list[s.fiat])
    .map((s) => ({ ...s, symbol: list[s.fiat]!.symbol, name: name(s.fiat) }));
  return joined.length > 0 ? joined : settings.map((s) => ({ ...s, symbol: s.fiat, name: name(s.fiat) }));
}

/** SPEC §5: options whose fiat code contains `query` (trimmed), case-insensitively; all for an empty query. */
export function filterOptions<T extends { fiat: string }>(options: readonly T[], query: string): T[] {
  const q = query.trim().toUpperCase();
  return q ? options.filter((o) => o.fiat.toUpperCase().includes(q)) : [...options];
}

/** The methods of `fiat` under `settings`; a fiat without a row has none (its card, bank and P2P entries hide). */
export function methodsOf(settings: readonly FiatSetting[], fiat: string): PayWithMethods {
  const s = settings.find((row) => row.fiat === fiat);
  return { creditCard: !!s?.credit_card, bankTransfer: !!s?.bank_transfer, p2p: !!s?.p2p };
}

/** A currency-name lookup for `locale` (Intl.DisplayNames; the code when Intl lacks it). */
export function currencyNames(locale: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
