/**
 * The footer's popular coins as the server rendered them (SPEC §2 'Footer'; boot data, src/state/boot-data.ts). The
 * footer's first render reads them on both sides, so the hydrated footer equals the server's markup whatever the
 * browser has cached (a cached list differing from the server's would be a hydration mismatch and a client re-render
 * of the whole footer). Kept apart from src/footer/popular-coins.ts so the first load carries no schema code.
 */

/** A popular coin (the shape of `GET SITE_API.popularCoins`). */
export interface SeededCoin {
  currency: string;
  name: string;
  slug: string;
}

/**
 * undefined: the page was not server-rendered; null: it was, without coins; else the coins it rendered. A holder
 * object, so a server render has its own copy (src/state/page-scope.tsx: read it with `useScoped`).
 */
export const popularCoinsSeedHolder: { coins: readonly SeededCoin[] | null | undefined } = {
  coins: undefined,
};

/** Records the coins the server rendered (null: none) before the first render, in `into`. */
export function setPopularCoinsSeed(
  coins: readonly SeededCoin[] | null,
  into = popularCoinsSeedHolder,
): void {
  into.coins = coins;
}
