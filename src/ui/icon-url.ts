/**
 * The render-side check of coin and chain icon URLs (SPEC §3 icons; ARCHITECTURE.md 'Security at the edges'): whatever the
 * list data carries, an `<img src>` only ever gets a same-origin path or an https URL on ICON_HOSTS
 * (common/domain/hosts.ts), through the one URL policy (common/url-policy.ts).
 */
import { ICON_HOSTS } from '../../common/domain/hosts.ts';
import { safeUrl } from '../../common/url-policy.ts';

/** The icon URL to load, normalised, or null (the caller shows the letter avatar). Never throws. */
export function coinIconSrc(src: unknown): string | null {
  return safeUrl(src, ICON_HOSTS);
}

const LETTER_PALETTE = [
  '#f7931a',
  '#627eea',
  '#26a17b',
  '#e84142',
  '#8247e5',
  '#2775ca',
  '#f3ba2f',
  '#00aae4',
];

/** Background of a coin's letter avatar: a stable palette colour (CSS hex) for `symbol`. */
export function letterColour(symbol: string): string {
  let h = 0;
  for (let i = 0; i < symbol.length; i++) h = (h * 31 + symbol.charCodeAt(i)) | 0;
  return LETTER_PALETTE[Math.abs(h) % LETTER_PALETTE.length]!;
}

/** The letter of a coin's avatar: its first character, upper-cased, or '?'. */
export function letterOf(symbol: string): string {
  return symbol.trim().charAt(0).toUpperCase() || '?';
}
