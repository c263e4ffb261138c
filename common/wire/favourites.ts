/**
 * Favourite pairs (SPEC §4 market lists; docs/API.md 'Favourites'): the entries a trader starred, their merge rule
 * and the shapes of the reference server's GET and PUT calls (`FAVOURITES_API`), each declared once as a zod schema
 * with its inferred type. The market worker keeps them (workers/market/favourites.ts), the main thread syncs a
 * signed-in trader's list with the server (src/markets/favourites-sync.ts), the server stores it
 * (server/favourites.ts). Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** Most entries one account may keep on the server (a PUT with more is refused: 413 `too_many_favourites`). */
export const MAX_FAVOURITES = 500;
/** Most removed entries (tombstones) a device keeps to win merges against older copies; the oldest go first. */
export const MAX_TOMBSTONES = 500;

/** The lists a pair can be starred in: a panel's list (futures per settle currency). */
export const FAVOURITE_LISTS = ['spot', 'futures:USDT', 'futures:BTC', 'pilot', 'premarket'] as const;
export type FavouriteList = (typeof FAVOURITE_LISTS)[number];

/** The list of a panel: its kind, and for futures its settle currency (default USDT). Pure. */
export function favouriteListOf(
  kind: 'spot' | 'futures' | 'pilot' | 'premarket',
  settle?: 'USDT' | 'BTC',
): FavouriteList {
  return kind === 'futures' ? (settle === 'BTC' ? 'futures:BTC' : 'futures:USDT') : kind;
}

/** One starred pair as the server stores it: list, symbol (`data-symbol`), its label when starred, and when (ms). */
export const FavouriteWire = z.object({
  list: z.enum(FAVOURITE_LISTS),
  symbol: z.string().check(z.minLength(1), z.maxLength(128)),
  label: z.string().check(z.maxLength(64)),
  at: z.number().check(z.int(), z.nonnegative()),
});
export type FavouriteWire = z.infer<typeof FavouriteWire>;

/** GET answer and PUT body: the account's starred pairs (at most MAX_FAVOURITES, checked by the server). */
export const FavouritesBody = z.object({ entries: z.array(FavouriteWire) });
export type FavouritesBody = z.infer<typeof FavouritesBody>;

/** A device's entry: a server entry plus `on` (false = removed at `at`: a tombstone that wins older copies). */
export interface FavouriteEntry extends FavouriteWire {
  on: boolean;
}

/** The merge key of an entry (`spot|BTC_USDT`). Pure. */
export function favouriteKey(list: string, symbol: string): string {
  return `${list}|${symbol}`;
}

/**
 * Merges copies of a favourites list (two tabs, a device and the server): per pair the entry with the latest `at`
 * wins, a tie keeps the starred one (union); tombstones beyond MAX_TOMBSTONES are dropped oldest first. Order of the
 * result: latest first. Commutative, associative and idempotent (tested). Pure.
 */
export function mergeFavourites(...copies: ReadonlyArray<readonly FavouriteEntry[]>): FavouriteEntry[] {
  const byKey = new Map<string, FavouriteEntry>();
  for (const copy of copies) {
    for (const e of copy) {
      const key = favouriteKey(e.list, e.symbol);
      const had = byKey.get(key);
      if (
        !had ||
        e.at > had.at ||
        (e.at === had.at && e.on && !had.on) ||
        (e.at === had.at && e.on === had.on && e.label > had.label)
      )
        byKey.set(key, e);
    }
  }
  const all = [...byKey.values()].sort(
    (a, b) => b.at - a.at || favouriteKey(a.list, a.symbol).localeCompare(favouriteKey(b.list, b.symbol)),
  );
  let tombstones = 0;
  return all.filter((e) => e.on || ++tombstones <= MAX_TOMBSTONES);
}

/** The starred entries of `entries` (tombstones left out), as the server stores them. Pure. */
export function liveFavourites(entries: readonly FavouriteEntry[]): FavouriteWire[] {
  return entries.filter((e) => e.on).map(({ list, symbol, label, at }) => ({ list, symbol, label, at }));
}

/** The key of a panel's favourites tab (listed first once the panel's list has starred pairs; SPEC §4). */
export const FAVOURITES_TAB = 'favourites';
