/**
 * Coin icon: the server's icon URL when the URL policy accepts it (same-origin path or an ICON_HOSTS https URL,
 * src/ui/icon-url.ts), or a letter avatar when there is none, it is refused, or it fails to load (offline CDNs,
 * unknown coins). Decorative: the row's text names the coin.
 */
import { memo, useState } from 'react';
import { coinIconSrc } from './icon-url.ts';

const PALETTE = ['#f7931a', '#627eea', '#26a17b', '#e84142', '#8247e5', '#2775ca', '#f3ba2f', '#00aae4'];

/** Stable colour for a symbol. */
function colourFor(symbol: string): string {
  let h = 0;
  for (let i = 0; i < symbol.length; i++) h = (h * 31 + symbol.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(h) % PALETTE.length]!;
}

/** 24 px round icon; `src` from data is checked here before it reaches `<img src>`. */
export const CoinIcon = memo(function CoinIcon({ src: raw, symbol }: { src: string | null; symbol: string }) {
  const [failed, setFailed] = useState(false);
  const src = coinIconSrc(raw);
  if (!src || failed) {
    return (
      <span
        className="coin-icon coin-icon-letter"
        style={{ background: colourFor(symbol) }}
        aria-hidden="true"
      >
        {symbol.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className="coin-icon"
      src={src}
      alt=""
      width={24}
      height={24}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
});
