/**
 * Coin icons of the search modal in their current version (SPEC §7 'coin icon version whitelist'). Its own module, so
 * the URL work loads with the modal and the header's first load carries only the whitelist (./search-props.ts). Pure.
 */
import { coinIconSrc } from '../ui/icon-url.ts';
import { COIN_ICON_VERSION } from './search-props.ts';

/**
 * The icon URL the modal loads for `symbol`: `src` through the URL policy (coinIconSrc: a same-origin path or an
 * https URL on ICON_HOSTS), with `v=COIN_ICON_VERSION` set when `symbol` is on `whitelist` (case-insensitive). Null
 * when there is no usable URL (the caller shows the letter avatar). Never throws.
 */
export function versionedIconSrc(
  src: string | null,
  symbol: string,
  whitelist: readonly string[],
): string | null {
  const safe = coinIconSrc(src);
  if (safe === null || !whitelist.includes(symbol.toUpperCase())) return safe;
  const url = new URL(safe, 'https://same-origin.invalid');
  url.searchParams.set('v', COIN_ICON_VERSION);
  return coinIconSrc(safe.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href);
}
